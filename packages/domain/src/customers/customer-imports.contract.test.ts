import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import {
  checkImportRow,
  describeRowErrors,
  escapeCsvFormula,
  fieldsSetByRow,
  guessMapping,
  importDate,
  mappingErrors,
  optInChannelsOf,
  recordOf,
  type ImportRecord,
} from './customer-imports.contract';

const record = (overrides: Partial<ImportRecord> = {}): ImportRecord => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: '',
  sms_phone_number: '',
  external_id: 'A-1',
  amount_due: '120.50',
  due_date: '',
  autopay: '',
  convenience_fee: '',
  status: '',
  location: 'Main St',
  tags: '',
  language: '',
  text_opt_in: '',
  email_opt_in: '',
  address_line1: '',
  address_line2: '',
  city: '',
  state: '',
  zip: '',
  ...overrides,
});

describe('import rows', () => {
  it('turns text cells into the create input: dollars to cents, MM/DD/YYYY dates, yes/no, statuses by name', () => {
    const check = checkImportRow(
      record({
        amount_due: '$1,234.56',
        convenience_fee: '2.5',
        due_date: '1/5/2031',
        autopay: 'Yes',
        status: 'Do not contact',
        sms_phone_number: '(212) 555-0100',
        text_opt_in: 'y',
        tags: 'VIP; Repo Risk | VIP',
        language: 'es-us',
      }),
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.row.input.account).toMatchObject({
      amount_due_cents: 123_456,
      convenience_fee_cents: 250,
      due_date: '2031-01-05',
      autopay: true,
      status: 'do_not_contact',
    });
    expect(check.row.input).toMatchObject({ sms_phone_number: '+12125550100', text_opt_in: true, language: 'es-US' });
    expect(check.row.input.affirmation).toBe('');
    expect(check.row.tagNames).toEqual(['VIP', 'Repo Risk']);
    expect(check.row.locationName).toBe('Main St');
  });

  it("gives each bad cell the create rules' message, on its import field", () => {
    const check = checkImportRow(
      record({ first_name: '', amount_due: '', email: 'nope', due_date: '2031-02-30', autopay: 'maybe', status: 'x' }),
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        first_name: 'Required',
        amount_due: ERROR_CATALOGUE['account.amount_due_required'],
        email: 'Email is not valid',
        due_date: 'Date is not valid',
        autopay: 'Must be a valid value',
        status: 'Must be a valid value',
      },
    });
    expect(checkImportRow(record({ autopay: 'yes', due_date: '2031-01-30' }))).toEqual({
      ok: false,
      errors: { due_date: ERROR_CATALOGUE['account.due_date.autopay_cap'] },
    });
    expect(describeRowErrors({ email: 'Email is not valid', first_name: 'Required' })).toBe(
      'First name: Required; Email: Email is not valid',
    );
  });
});

describe('import rows: the mailing address', () => {
  it('reads the address cells, the state in any case and a nine-digit ZIP as ZIP+4; blanks are none', () => {
    const check = checkImportRow(
      record({ address_line1: '12 Ocean Dr', city: 'Miami Beach', state: 'fl', zip: '331391234' }),
    );
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    expect(check.row.input).toMatchObject({
      address_line1: '12 Ocean Dr',
      address_line2: null,
      city: 'Miami Beach',
      state: 'FL',
      zip: '33139-1234',
    });
  });

  it('refuses a state off the SPEC list and a ZIP code that is not one, on their fields', () => {
    expect(checkImportRow(record({ state: 'Ontario', zip: '1234' }))).toEqual({
      ok: false,
      errors: { state: 'Choose a state from the list', zip: 'Must be a ZIP code: 12345 or 12345-6789' },
    });
  });

  it('guesses the address columns from their usual headers', () => {
    expect(guessMapping(['Street Address', 'Apt', 'City', 'ST', 'Zip Code'])).toEqual({
      address_line1: 'Street Address',
      address_line2: 'Apt',
      city: 'City',
      state: 'ST',
      zip: 'Zip Code',
    });
  });
});

describe('mapping', () => {
  it('guesses fields from common header names and reads cells through the mapping', () => {
    const mapping = guessMapping(['First Name', 'last_name', 'E-mail', 'Account Number', 'Balance', 'Notes']);
    expect(mapping).toEqual({
      first_name: 'First Name',
      last_name: 'last_name',
      email: 'E-mail',
      external_id: 'Account Number',
      amount_due: 'Balance',
    });
    expect(recordOf({ 'First Name': ' Ada ', Balance: '5' }, mapping)).toMatchObject({
      first_name: 'Ada',
      amount_due: '5',
      email: '',
    });
  });

  it('names required fields left unmapped, columns the file lacks and columns mapped twice', () => {
    expect(mappingErrors({ first_name: 'A', last_name: 'A', external_id: 'Missing' }, ['A', 'B'])).toEqual({
      last_name: 'Column "A" is already mapped to First name',
      external_id: 'The file has no such column.',
      amount_due: 'Required',
    });
  });
});

describe('helpers', () => {
  it('reads M/D/YYYY dates and escapes cells that spreadsheets would run as formulas', () => {
    expect(importDate('12/31/2030')).toBe('2030-12-31');
    expect(importDate('2030-12-31')).toBe('2030-12-31');
    expect(['=1+1', '+1', '-2', '@SUM(A1)', 'plain', ''].map(escapeCsvFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      'plain',
      '',
    ]);
  });
});

describe('what a row sets on an existing account', () => {
  const mapping = {
    first_name: 'F',
    last_name: 'L',
    external_id: 'X',
    amount_due: 'A',
    email: 'E',
    tags: 'T',
    location: 'Loc',
  };

  it('sets the mapped fields with a value; a blank mapped cell and an unmapped field stay', () => {
    const row = record({ email: '', tags: 'VIP', location: '' });
    expect(fieldsSetByRow(row, mapping, false)).toEqual([
      'first_name',
      'last_name',
      'external_id',
      'amount_due',
      'tags',
    ]);
  });

  it('with blank clears, a blank mapped cell clears the clearable fields, never the location; unmapped ones stay', () => {
    const row = record({ email: '', tags: '', location: '' });
    expect(fieldsSetByRow(row, mapping, true)).toEqual([
      'first_name',
      'last_name',
      'email',
      'external_id',
      'amount_due',
      'tags',
    ]);
  });

  it('names the channels a row opts in to', () => {
    expect(optInChannelsOf(record({ text_opt_in: 'Yes', email_opt_in: 'no' }))).toEqual(['sms']);
    expect(optInChannelsOf(record({ text_opt_in: '', email_opt_in: 'TRUE' }))).toEqual(['email']);
    expect(optInChannelsOf(record())).toEqual([]);
  });

  it('leaves whether an opt-in has its contact to the server (the customer may have one the row leaves)', () => {
    const check = checkImportRow(record({ text_opt_in: 'yes', sms_phone_number: '' }));
    expect(check.ok).toBe(true);
  });
});
