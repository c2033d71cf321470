import { NUMBER_INVALID, amountMaxMessage } from '@paydesk/domain/validation/messages';
import { screen } from '@testing-library/react';
import { setupUser } from '../../test/user';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from './money-input';

function Harness({ initial = '' }: { initial?: MoneyValue }) {
  const [value, setValue] = useState<MoneyValue>(initial);
  const { error } = readMoneyValue(value);
  return <MoneyInput label="Amount" value={value} onChange={setValue} error={error} />;
}

describe('MoneyInput', () => {
  it('shows dollars with a thousands separator and always two decimals', async () => {
    const user = setupUser();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(input, '2500.5');
    await user.tab();

    expect(input).toHaveValue('$2,500.50');
  });

  it('shows stored cents with two decimals', () => {
    renderWithProviders(<Harness initial={toMoneyValue(150000)} />);

    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('$1,500.00');
  });

  it('keeps a minus sign and refuses the amount with "Must be a valid number"', async () => {
    const user = setupUser();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(input, '-5');

    expect(input).toHaveValue('-$5.00');
    expect(input).toHaveAccessibleDescription(NUMBER_INVALID);
  });
});

describe('readMoneyValue', () => {
  it('reads empty as no amount and dollars as integer cents', () => {
    expect(readMoneyValue('')).toEqual({ cents: null, error: null });
    expect(readMoneyValue(undefined)).toEqual({ cents: null, error: null });
    expect(readMoneyValue(19.99)).toEqual({ cents: 1999, error: null });
    expect(readMoneyValue(2500.5)).toEqual({ cents: 250050, error: null });
    expect(readMoneyValue('1,234.50')).toEqual({ cents: 123450, error: null });
  });

  it('refuses negatives and text with the domain messages, and checks the dollar bounds', () => {
    expect(readMoneyValue(-5)).toEqual({ cents: undefined, error: NUMBER_INVALID });
    expect(readMoneyValue('-')).toEqual({ cents: undefined, error: NUMBER_INVALID });
    expect(readMoneyValue(150.01, { max: 150 })).toEqual({ cents: undefined, error: amountMaxMessage(150) });
  });
});
