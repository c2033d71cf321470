import { describe, expect, it } from 'vitest';
import {
  bankEntrySchema,
  binOf,
  cardEntrySchema,
  emptyMethodEntry,
  methodEntrySchema,
  parseExpiry,
  tokenizeRequestOf,
} from './method-entry';

const today = () => new Date('2026-11-28T12:00:00Z');
const card = { ...emptyMethodEntry('card'), number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const bank = {
  ...emptyMethodEntry('bank'),
  holder: 'Carla Customer',
  routing: '011000015',
  account: '000123456789',
  agreed: true,
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('card entry', () => {
  it('accepts a good card and reads MM/YY and MM/YYYY expiries', () => {
    expect(cardEntrySchema(today).safeParse(card).success).toBe(true);
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13')).toBeNull();
  });

  it('refuses a bad number, a passed expiry and a short CVC with their messages', () => {
    const result = cardEntrySchema(today).safeParse({
      ...card,
      number: '4242424242424241',
      expiry: '10/26',
      cvc: '12',
    });
    expect(messages(result)).toEqual({
      number: 'Card number is invalid.',
      expiry: 'Enter a valid expiry date (MM/YY).',
      cvc: 'Security code is invalid.',
    });
    expect(messages(cardEntrySchema(today).safeParse({ ...card, number: '4242 4242 42' }))).toEqual({
      number: 'card_number must be at least 15 characters.',
    });
  });

  it('asks American Express for 4 CVC digits', () => {
    expect(messages(cardEntrySchema(today).safeParse({ ...card, number: '3782 822463 10005', cvc: '123' }))).toEqual({
      cvc: 'Security code is invalid.',
    });
  });
});

describe('bank entry', () => {
  it('accepts a good account with the authorisation given', () => {
    expect(bankEntrySchema.safeParse(bank).success).toBe(true);
  });

  it('needs the holder, a checksummed routing number, 4 to 17 digits and the authorisation', () => {
    const result = bankEntrySchema.safeParse({
      ...bank,
      holder: ' ',
      routing: '011000016',
      account: '12',
      agreed: false,
    });
    expect(messages(result)).toEqual({
      holder: 'This field is required.',
      routing: 'Enter a valid 9-digit routing number.',
      account: 'Enter a valid account number.',
      agreed: 'The customer must give this authorisation.',
    });
  });
});

describe('either entry', () => {
  it('checks only the fields of its kind', () => {
    expect(methodEntrySchema(today).safeParse({ ...bank, number: 'junk' }).success).toBe(true);
    expect(methodEntrySchema(today).safeParse({ ...card, routing: 'junk' }).success).toBe(true);
  });

  it('builds the tokeniser request (the only place the numbers go) and the BIN', () => {
    expect(tokenizeRequestOf(card)).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(tokenizeRequestOf(bank)).toEqual({
      bank: { routing_number: '011000015', account_number: '000123456789', account_holder: 'Carla Customer' },
    });
    expect(binOf('4242 42')).toBe('424242');
    expect(binOf('4242 4')).toBeNull();
  });
});
