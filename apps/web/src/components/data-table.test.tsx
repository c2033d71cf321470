import { screen, within } from '@testing-library/react';
import { setupUser } from '../../test/user';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type DataColumn } from './data-table';

type Person = { id: string; name: string; role: string };

const columns: DataColumn<Person>[] = [
  { key: 'name', label: 'Name', primary: true, render: (person) => person.name },
  { key: 'role', label: 'Role', render: (person) => person.role },
  {
    key: 'actions',
    label: 'Actions',
    header: <span>Actions header</span>,
    actions: true,
    render: (person) => (person.role === 'Admin' ? null : <button type="button">Disable {person.name}</button>),
  },
];

const people: Person[] = [
  { id: '1', name: 'Ann', role: 'Admin' },
  { id: '2', name: 'Bob', role: 'Staff' },
];

describe('DataTable', () => {
  it('is a table with a header row and a row per item', () => {
    renderWithProviders(<DataTable columns={columns} rows={people} rowKey={(person) => person.id} minWidth={600} />);

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Role',
      'Actions header',
    ]);
    const bob = screen.getByRole('row', { name: /Bob/ });
    expect(within(bob).getByRole('button', { name: 'Disable Bob' })).toBeInTheDocument();
  });

  it('labels each value for the stacked phone layout, except the title and the actions', () => {
    renderWithProviders(<DataTable columns={columns} rows={people} rowKey={(person) => person.id} minWidth={600} />);

    const cells = within(screen.getByRole('row', { name: /Bob/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([null, 'Role', null]);
    expect(cells[0]).toHaveAttribute('data-primary');
    expect(cells[2]).toHaveAttribute('data-actions');
  });

  it('opens a row when clicked', async () => {
    const onRowClick = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={people}
        rowKey={(person) => person.id}
        onRowClick={onRowClick}
        minWidth={600}
      />,
    );

    await setupUser().click(screen.getByText('Ann'));
    expect(onRowClick).toHaveBeenCalledWith(people[0]);
  });

  it('leaves clicks on a button of the row to the button', async () => {
    const onRowClick = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={people}
        rowKey={(person) => person.id}
        onRowClick={onRowClick}
        minWidth={600}
      />,
    );

    await setupUser().click(screen.getByRole('button', { name: 'Disable Bob' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('compact: a sticky header and no sideways scroll box around the table', () => {
    renderWithProviders(
      <DataTable columns={columns} rows={people} rowKey={(person) => person.id} minWidth={600} compact />,
    );

    const table = screen.getByRole('table');
    expect(table.querySelector('thead')).toHaveAttribute('data-sticky');
    expect(table.closest('.mantine-Table-scrollContainer')).toBeNull();
  });
});
