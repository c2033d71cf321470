import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { setupUser } from '../../test/user';
import { DateField, parseTypedDate } from './date-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date of birth" value={value} onChange={setValue} />
      <output aria-label="Held value">{value}</output>
    </>
  );
}

describe('parseTypedDate', () => {
  it('reads month-first dates and calendar dates', () => {
    expect(parseTypedDate('12/01/1980')).toBe('1980-12-01');
    expect(parseTypedDate('2/9/1975')).toBe('1975-02-09');
    expect(parseTypedDate('12-01-1980')).toBe('1980-12-01');
    expect(parseTypedDate('1980-12-01')).toBe('1980-12-01');
  });

  it('refuses days that do not exist and other text', () => {
    expect(parseTypedDate('13/01/1980')).toBeNull();
    expect(parseTypedDate('02/30/2024')).toBeNull();
    expect(parseTypedDate('yesterday')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});

describe('DateField', () => {
  it('takes a typed MM/DD/YYYY date and holds it as YYYY-MM-DD', async () => {
    const user = setupUser();
    renderWithProviders(<Harness />);

    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '12/01/1980');
    await user.tab();

    expect(screen.getByLabelText('Held value')).toHaveTextContent('1980-12-01');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('12/01/1980');
  });

  it('keeps text that names no day, as typed, and holds it so the form can say what is wrong', async () => {
    const user = setupUser();
    renderWithProviders(<Harness initial="1980-12-01" />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });

    await user.clear(input);
    await user.type(input, '02/30/1980');
    await user.tab();

    expect(input).toHaveValue('02/30/1980');
    expect(screen.getByLabelText('Held value')).toHaveTextContent('02/30/1980');

    await user.clear(input);
    await user.type(input, '02/28/1980');
    await user.tab();
    expect(screen.getByLabelText('Held value')).toHaveTextContent('1980-02-28');
    expect(input).toHaveValue('02/28/1980');
  });

  it('shows a held date as MM/DD/YYYY', () => {
    renderWithProviders(<Harness initial="1975-02-09" />);
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('02/09/1975');
  });

  it('offers a calendar to pick the day from', async () => {
    const user = setupUser();
    renderWithProviders(<Harness initial="1980-12-01" />);

    await user.click(screen.getByRole('textbox', { name: 'Date of birth' }));
    await user.click(await screen.findByRole('button', { name: '15 December 1980' }));

    expect(screen.getByLabelText('Held value')).toHaveTextContent('1980-12-15');
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(screen.getByLabelText('Held value')).toHaveTextContent('');
  });
});
