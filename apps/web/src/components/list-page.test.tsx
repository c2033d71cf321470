import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { setupUser } from '../../test/user';
import type { DataColumn } from './data-table';
import { countOf, ListPage, ListSection } from './list-page';

type Row = { id: string; name: string };
const columns: DataColumn<Row>[] = [{ key: 'name', label: 'Name', primary: true, render: (row) => row.name }];
const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index}`, name: `Row ${index}` }));

describe('ListPage and ListSection', () => {
  it('titles the page, counts the rows and shows the table with its rows-per-page pager', () => {
    const data = { count: 2, results: rows(2) };
    renderWithProviders(
      <ListPage title="Things" count={countOf(data, 'thing')}>
        <ListSection
          query={{ isSuccess: true, error: null, data }}
          loadingLabel="Loading things"
          errorTitle="Things could not be loaded"
          table={{ columns, rowKey: (row) => row.id, minWidth: 400 }}
          empty="No things yet."
          pager={{ page: 1, pageSize: 50, onPageChange: vi.fn(), onPageSizeChange: vi.fn() }}
        />
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    expect(document.title).toBe('Things · Paydesk');
    expect(screen.getByText('2 things')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Row 1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
    expect(screen.queryByText('No things yet.')).not.toBeInTheDocument();
  });

  it('says what an empty list says, and what a list that cannot be asked for says instead', () => {
    const empty = renderWithProviders(
      <ListSection
        query={{ isSuccess: true, error: null, data: { count: 0, results: [] as Row[] } }}
        loadingLabel="Loading things"
        errorTitle="Things could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 400 }}
        empty="No things yet."
      />,
    );
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    empty.unmount();
    renderWithProviders(
      <ListSection
        unavailable="Choose a merchant first."
        query={{ isSuccess: false, error: null }}
        loadingLabel="Loading things"
        errorTitle="Things could not be loaded"
        table={{ columns, rowKey: (row: Row) => row.id, minWidth: 400 }}
        empty="No things yet."
      />,
    );
    expect(screen.getByText('Choose a merchant first.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading things')).not.toBeInTheDocument();
  });

  it('types into the search box, and pages a fixed-size list only when it has more than one page', async () => {
    const setSearchText = vi.fn();
    const onPageChange = vi.fn();
    const user = setupUser();
    const section = (count: number) => (
      <ListSection
        search={{ list: { searchText: '', setSearchText }, label: 'Search things', placeholder: 'Name' }}
        query={{ isSuccess: true, error: null, data: { count, results: rows(Math.min(count, 2)) } }}
        loadingLabel="Loading things"
        errorTitle="Things could not be loaded"
        table={{ columns, rowKey: (row) => row.id, minWidth: 400 }}
        empty="No things yet."
        pager={{ page: 1, pageSize: 2, onPageChange }}
      />
    );
    const single = renderWithProviders(section(2));
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search things' }), 'a');
    expect(setSearchText).toHaveBeenCalledWith('a');
    single.unmount();
    renderWithProviders(section(3));
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
