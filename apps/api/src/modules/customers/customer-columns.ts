// A customer's and an account's columns, built one way for every write path: the single create and a CSV import's
// bulk insert (a new row), the single edit and the import's row and bulk updates (a row after its changes), and
// the history fields those writes record. A new column is added here, once.

import { DEFAULT_LANGUAGE } from '@paydesk/domain/constants';
import type { ParsedCreateCustomerInput } from '@paydesk/domain/customers/customers.contract';
import type { accounts, customers } from '../../db/schema/customers';
import type { LedgerEntryInput } from '../ledger/ledger.public';
import type { AccountRow, CustomerRow, MerchantRef } from './customers.read';

/** '' and null both mean "none" on the wire; stored as null. */
export const orNull = (text: string | null | undefined) => (text ? text : null);

/** A patch's value where it has one, else the current value (as the patch functions read `undefined`). */
export const patched = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** A text patch's value where it has one ('' and null: none), else the current value. */
const patchedText = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : orNull(value);

type CustomerFields = Pick<
  CustomerRow,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'sms_phone_number'
  | 'date_of_birth'
  | 'language'
  | 'location_id'
  | 'text_opt_in'
  | 'email_opt_in'
  | AddressField
>;

/** The mailing address's columns: text, null for none. */
type AddressField = 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip';

/** What a write sets on a customer: `undefined` keeps a field as it is. */
export type CustomerChanges = {
  [Field in keyof CustomerFields]?: Field extends 'email' | 'sms_phone_number' | 'date_of_birth' | AddressField
    ? string | null
    : CustomerFields[Field];
};

/** The customer `current` with `changes` applied: the columns every write path stores. */
export function customerColumns<Row extends CustomerFields>(current: Row, changes: CustomerChanges): Row {
  return {
    ...current,
    first_name: patched(changes.first_name, current.first_name),
    last_name: patched(changes.last_name, current.last_name),
    email: patchedText(changes.email, current.email),
    sms_phone_number: patchedText(changes.sms_phone_number, current.sms_phone_number),
    date_of_birth: patchedText(changes.date_of_birth, current.date_of_birth),
    language: patched(changes.language, current.language),
    location_id: patched(changes.location_id, current.location_id),
    text_opt_in: patched(changes.text_opt_in, current.text_opt_in),
    email_opt_in: patched(changes.email_opt_in, current.email_opt_in),
    address_line1: patchedText(changes.address_line1, current.address_line1),
    address_line2: patchedText(changes.address_line2, current.address_line2),
    city: patchedText(changes.city, current.city),
    state: patchedText(changes.state, current.state),
    zip: patchedText(changes.zip, current.zip),
  };
}

type AccountFields = Pick<
  AccountRow,
  'location_id' | 'external_id' | 'amount_due_cents' | 'due_date' | 'autopay' | 'convenience_fee_cents' | 'status'
>;

/** What a write sets on an account: `undefined` keeps a field as it is. */
export type AccountChanges = {
  [Field in keyof AccountFields]?: Field extends 'due_date' ? string | null : AccountFields[Field];
};

/** The account `current` with `changes` applied: the columns every write path stores. */
export function accountColumns<Row extends AccountFields>(current: Row, changes: AccountChanges): Row {
  return {
    ...current,
    location_id: patched(changes.location_id, current.location_id),
    external_id: patched(changes.external_id, current.external_id),
    amount_due_cents: patched(changes.amount_due_cents, current.amount_due_cents),
    due_date: patchedText(changes.due_date, current.due_date),
    autopay: patched(changes.autopay, current.autopay),
    convenience_fee_cents: patched(changes.convenience_fee_cents, current.convenience_fee_cents),
    status: patched(changes.status, current.status),
  };
}

/** A customer before its create: every field empty, opted out everywhere. */
const NO_CUSTOMER: CustomerFields = {
  first_name: '',
  last_name: '',
  email: null,
  sms_phone_number: null,
  date_of_birth: null,
  language: DEFAULT_LANGUAGE,
  location_id: '',
  text_opt_in: false,
  email_opt_in: false,
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  zip: null,
};

/** An account before its create: it owes nothing until its opening entry (`openingEntries`). */
const NO_ACCOUNT: AccountFields = {
  location_id: '',
  external_id: '',
  amount_due_cents: 0,
  due_date: null,
  autopay: false,
  convenience_fee_cents: 0,
  status: 'active',
};

/** A new customer's fields, as the single create, a co-borrower's create and a CSV import's row give them. */
export type NewCustomer = Pick<
  ParsedCreateCustomerInput,
  'first_name' | 'last_name' | 'email' | 'sms_phone_number' | 'date_of_birth' | 'language'
> &
  Partial<Pick<ParsedCreateCustomerInput, AddressField>> & { location_id: string };

/** A new customer's columns, as the single create and a CSV import's bulk insert both write them. */
export function newCustomerColumns(
  merchant: MerchantRef,
  input: NewCustomer,
  optIns: { text: boolean; email: boolean },
  now: Date,
) {
  const fields = customerColumns(NO_CUSTOMER, {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    sms_phone_number: input.sms_phone_number,
    date_of_birth: input.date_of_birth,
    language: input.language,
    location_id: input.location_id,
    text_opt_in: optIns.text,
    email_opt_in: optIns.email,
    address_line1: input.address_line1,
    address_line2: input.address_line2,
    city: input.city,
    state: input.state,
    zip: input.zip,
  });
  return { merchant_id: merchant.id, ...fields, created: now, updated: now } satisfies typeof customers.$inferInsert;
}

/**
 * A new customer's first account's columns, as the single create and the bulk insert both write them. The account
 * starts owing nothing: its amount due arrives as the ledger's `opening` entry (`openingEntries`), so the amount
 * due is always the sum of the account's entries (decision 0021).
 */
export function newAccountColumns(
  merchant: MerchantRef,
  input: { location_id: string; account: Omit<AccountChanges, 'location_id' | 'amount_due_cents'> },
  now: Date,
) {
  const { external_id, due_date, autopay, convenience_fee_cents, status } = input.account;
  const fields = accountColumns(NO_ACCOUNT, {
    location_id: input.location_id,
    external_id,
    due_date,
    autopay,
    convenience_fee_cents,
    status,
  });
  return {
    merchant_id: merchant.id,
    ...fields,
    device_provider: null,
    device_id: null,
    created: now,
    updated: now,
  } satisfies typeof accounts.$inferInsert;
}

/** The ledger entries that give new accounts their amount due. */
export function openingEntries(opened: ReadonlyArray<{ accountId: string; amountCents: number }>): LedgerEntryInput[] {
  return opened.map(({ accountId, amountCents }) => ({ accountId, kind: 'opening', amountCents }));
}

// ---------------------------------------------------------------------------------------------------------------
// History fields and JSON records

export type CustomerHistoryFields = Pick<
  CustomerRow,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'sms_phone_number'
  | 'date_of_birth'
  | 'language'
  | 'location_id'
  | AddressField
>;

/** A customer's fields as its history (customer_events) records them. */
export function customerHistoryFields(customer: CustomerHistoryFields) {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    sms_phone_number: customer.sms_phone_number,
    date_of_birth: customer.date_of_birth,
    language: customer.language,
    location_id: customer.location_id,
    address_line1: customer.address_line1,
    address_line2: customer.address_line2,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
  };
}

/** A new customer's fields as its `customer.created` record keeps them: the address parts only where given. */
export function createdHistoryFields(customer: CustomerHistoryFields) {
  const fields: Record<string, string | null> = customerHistoryFields(customer);
  for (const field of ['address_line1', 'address_line2', 'city', 'state', 'zip'] as const) {
    if (fields[field] === null) delete fields[field];
  }
  return fields;
}

/** An account's fields as its history records them. */
export function accountHistoryFields(account: AccountFields) {
  return {
    external_id: account.external_id,
    amount_due_cents: account.amount_due_cents,
    due_date: account.due_date,
    autopay: account.autopay,
    convenience_fee_cents: account.convenience_fee_cents,
    status: account.status,
    location_id: account.location_id,
  };
}

/** The keys of `columns` from a row (the values a JSON update record carries). */
export function pickColumns<Key extends string>(row: Record<string, unknown>, columns: Readonly<Record<Key, string>>) {
  return Object.fromEntries(Object.keys(columns).map((name) => [name, row[name] ?? null])) as Record<Key, unknown>;
}
