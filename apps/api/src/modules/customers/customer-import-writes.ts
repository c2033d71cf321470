// A CSV import's writes: a batch of new customers (`createCustomerAccounts`), a batch of updates of accounts the
// merchant has (`updateCustomerAccounts`), and one row at a time (`upsertCustomerAccount`), each the same rows as the
// single create and edit write (the import tests compare them), in the caller's transaction.

import {
  breaksAutopayCap,
  type ConsentChannel,
  type ConsentMethod,
} from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { insertJsonRecords, updateJsonRecords } from '../../db/json-insert';
import { accountCustomers, accountTagAssignments, customers, type accounts } from '../../db/schema/customers';
import { accountTags } from '../../db/schema/tags';
import { FieldErrors } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { postLedgerEntries, type LedgerEntryInput } from '../ledger/ledger.public';
import { checkInputsOfMany, findAccountByExternalId } from './customer-checks';
import {
  accountColumns,
  accountHistoryFields,
  customerColumns,
  createdHistoryFields,
  customerHistoryFields,
  newAccountColumns,
  newCustomerColumns,
  openingEntries,
  pickColumns,
} from './customer-columns';
import { createInTransaction } from './customer-create';
import { importChangesOf, importWords, type ImportRowInput } from './customer-import-input';
import {
  CHANNEL_COLUMN,
  NOT_OPTED_IN,
  optInRecords,
  refuseOptInsWithoutContacts,
  writeOptIns,
  type OptInRecords,
} from './customer-opt-ins';
import { patchAccountInTransaction, patchCustomerInTransaction } from './customer-update';
import type { AccountRow, CustomerRow, MerchantRef } from './customers.read';
import { insertNewCustomers, type NewCustomerRows } from './list/insert-new-customers';
import { primaryAccountOf, refreshCustomerSearch, searchColumns } from './list/refresh-customer-search';

export type { ImportRowInput } from './customer-import-input';

/** How an import's row records its opt-in changes: with the import's method, words and id. */
function importConsent(input: ImportRowInput, method: ConsentMethod, actor: Actor) {
  return {
    method,
    actor,
    words: (channel: ConsentChannel, optedIn: boolean) => importWords(input, channel, optedIn),
    importId: input.consent?.importId ?? null,
  };
}

const ACCOUNT_COLUMNS = {
  id: 'uuid',
  merchant_id: 'uuid',
  location_id: 'uuid',
  external_id: 'text',
  amount_due_cents: 'integer',
  due_date: 'date',
  autopay: 'boolean',
  convenience_fee_cents: 'integer',
  status: 'text',
  created: 'timestamptz',
  updated: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof accounts.$inferInsert, string>>;

/**
 * `createInTransaction` for many customers at once (a CSV import's batch): the same rows (customer, account, link,
 * tags, history, consent ledger, search and list columns) in one statement per table. The caller has made sure
 * that no two inputs share an external id or a phone number and that none is the merchant's already; the location
 * and tags are checked here in one query each. A race the caller's checks missed ends in a unique violation, which
 * rolls back the whole call.
 */
export async function createCustomerAccounts(
  tx: ServiceContext,
  merchant: MerchantRef,
  inputs: ImportRowInput[],
  actor: Actor,
  consentMethod: ConsentMethod,
): Promise<Array<{ customerId: string; accountId: string }>> {
  if (inputs.length === 0) return [];
  const tagName = await checkInputsOfMany(tx, merchant, inputs);

  const now = tx.clock();
  const created = inputs.map((input) => {
    const optIns = { text: input.text_opt_in, email: input.email_opt_in };
    const customer: NewCustomerRows['customer'] = {
      id: randomUUID(),
      ...newCustomerColumns(merchant, input, optIns, now),
    };
    // The account as it will be once its opening entry is posted (the history and the list row show that).
    const account = {
      id: randomUUID(),
      ...newAccountColumns(merchant, input, now),
      amount_due_cents: input.account.amount_due_cents,
    };
    return { input, customer, account, tagIds: [...new Set(input.account.tag_ids)] };
  });
  await insertNewCustomers(tx.db, created);
  await insertJsonRecords(
    tx.db,
    'accounts',
    ACCOUNT_COLUMNS,
    created.map((row) => ({ ...row.account, amount_due_cents: 0 })),
  );
  await postLedgerEntries(
    tx,
    merchant.id,
    actor,
    openingEntries(
      created.map((row) => ({ accountId: row.account.id, amountCents: row.input.account.amount_due_cents })),
    ),
  );
  await insertJsonRecords(
    tx.db,
    'account_customers',
    { account_id: 'uuid', customer_id: 'uuid', role: 'text' },
    created.map((row) => ({ account_id: row.account.id, customer_id: row.customer.id, role: 'primary' })),
  );
  await insertJsonRecords(
    tx.db,
    'account_tag_assignments',
    { account_id: 'uuid', tag_id: 'uuid' },
    created.flatMap((row) => row.tagIds.map((tag_id) => ({ account_id: row.account.id, tag_id }))),
  );

  const optIns: OptInRecords = { ledger: [], events: [] };
  const events = optIns.events;
  for (const { input, customer, account, tagIds: ids } of created) {
    const subject = { merchantId: merchant.id, customerId: customer.id, actor };
    events.push({ ...subject, kind: 'customer.created', after: createdHistoryFields(customer) });
    events.push({
      ...subject,
      accountId: account.id,
      kind: 'account.created',
      after: { ...accountHistoryFields(account), tags: ids.map((id) => tagName.get(id) ?? '').sort() },
    });
    const records = optInRecords(
      customer,
      NOT_OPTED_IN,
      { sms: input.text_opt_in, email: input.email_opt_in },
      { ...importConsent(input, consentMethod, actor), now },
    );
    optIns.ledger.push(...records.ledger);
    events.push(...records.events);
  }
  await writeOptIns(tx, optIns);
  return created.map((row) => ({ customerId: row.customer.id, accountId: row.account.id }));
}

/**
 * For imports, one row at a time inside the caller's transaction: creates the customer and account, or, when the
 * merchant already has an account with this external id, updates the account and its primary customer (opt-in
 * changes go to the consent ledger with `consentMethod`). Callers refuse integrated merchants themselves and have
 * `invalidateCustomerCounts(merchant.id)` run after their transaction commits (`tx.afterCommit`).
 */
export async function upsertCustomerAccount(
  tx: ServiceContext,
  merchant: MerchantRef,
  input: ImportRowInput,
  actor: Actor,
  consentMethod: ConsentMethod = 'import',
): Promise<{ customerId: string; accountId: string; created: boolean }> {
  const existing = await findAccountByExternalId(tx.db, merchant.id, input.account.external_id);
  if (!existing) {
    // A row without a location updates an account, but cannot create one.
    if (!input.location_id) throw FieldErrors.of('location_id', REQUIRED);
    refuseOptInsWithoutContacts(input);
    return { ...(await createInTransaction(tx, merchant, input, actor, consentMethod)), created: true };
  }
  const [primary] = await tx.db
    .select({ customer: customers })
    .from(accountCustomers)
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(and(eq(accountCustomers.account_id, existing.id), eq(accountCustomers.role, 'primary')));
  if (!primary) throw new Error(`account ${existing.id} has no primary customer`);
  const customer = primary.customer;
  const changes = importChangesOf(input);
  const kept = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  refuseOptInsWithoutContacts({
    text_opt_in: kept(changes.optIns.sms, customer.text_opt_in),
    email_opt_in: kept(changes.optIns.email, customer.email_opt_in),
    sms_phone_number: kept(changes.customer.sms_phone_number, customer.sms_phone_number),
    email: kept(changes.customer.email, customer.email),
  });
  await patchCustomerInTransaction(tx, merchant, customer, changes.customer, actor);
  await patchAccountInTransaction(tx, merchant, customer.id, existing, changes.account, actor, 'Import');
  const optIns = optInRecords(customer, customer, changes.optIns, {
    ...importConsent(input, consentMethod, actor),
    now: tx.clock(),
  });
  if (optIns.ledger.length > 0) {
    const columns = Object.fromEntries(optIns.ledger.map((row) => [CHANNEL_COLUMN[row.channel], row.opted_in]));
    await tx.db
      .update(customers)
      .set({ ...columns, updated: tx.clock() })
      .where(eq(customers.id, customer.id));
  }
  await writeOptIns(tx, optIns);
  return { customerId: customer.id, accountId: existing.id, created: false };
}

/** An import row for an account the merchant has: the row, the account and its primary customer as they are. */
export type AccountUpdate = { input: ImportRowInput; account: AccountRow; customer: CustomerRow };

const UPDATED_CUSTOMER_COLUMNS = {
  id: 'uuid',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  sms_phone_number: 'text',
  date_of_birth: 'date',
  language: 'text',
  location_id: 'uuid',
  text_opt_in: 'boolean',
  email_opt_in: 'boolean',
  address_line1: 'text',
  address_line2: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  updated: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof customers.$inferInsert, string>>;

// No amount due: a change of it is the ledger's adjustment entry.
const UPDATED_ACCOUNT_COLUMNS = {
  id: 'uuid',
  location_id: 'uuid',
  due_date: 'date',
  autopay: 'boolean',
  convenience_fee_cents: 'integer',
  status: 'text',
  updated: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof accounts.$inferInsert, string>>;

/**
 * `upsertCustomerAccount`'s update for many accounts at once (a CSV import's batch): the same rows written (the
 * customer's and the account's columns, the accounts that follow the customer to a new location, tags, history
 * with only the changed fields, consent ledger, search and list columns) in one statement per table. The caller
 * has made sure that no account or customer comes twice, that no customer is removed, and that each new phone
 * number is free and wanted by no other row; a race those checks missed ends in a unique violation, which rolls
 * back the whole call. The customers-import test compares the result with `upsertCustomerAccount`'s.
 */
export async function updateCustomerAccounts(
  tx: ServiceContext,
  merchant: MerchantRef,
  updates: AccountUpdate[],
  actor: Actor,
  consentMethod: ConsentMethod,
): Promise<void> {
  if (updates.length === 0) return;
  const tagName = await checkInputsOfMany(
    tx,
    merchant,
    updates.map((update) => update.input),
  );
  const accountIds = updates.map((update) => update.account.id);
  const assigned = await tx.db
    .select({ account_id: accountTagAssignments.account_id, id: accountTags.id, name: accountTags.name })
    .from(accountTagAssignments)
    .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
    .where(inArray(accountTagAssignments.account_id, accountIds));
  const tagsOf = new Map<string, Array<{ id: string; name: string }>>();
  for (const row of assigned) tagsOf.set(row.account_id, [...(tagsOf.get(row.account_id) ?? []), row]);

  const now = tx.clock();
  const customerRows: Array<Record<keyof typeof UPDATED_CUSTOMER_COLUMNS, unknown>> = [];
  const accountRows: Array<Record<keyof typeof UPDATED_ACCOUNT_COLUMNS, unknown>> = [];
  const moved: Array<{ customer_id: string; location_id: string }> = [];
  const retagged: string[] = [];
  const adjustments: LedgerEntryInput[] = [];
  const newTags: Array<{ account_id: string; tag_id: string }> = [];
  const optIns: OptInRecords = { ledger: [], events: [] };
  const events = optIns.events;
  for (const { input, account, customer } of updates) {
    // As patchCustomerInTransaction and patchAccountInTransaction read the row's changes.
    const changes = importChangesOf(input);
    const customerAfter = customerColumns(customer, {
      ...changes.customer,
      text_opt_in: changes.optIns.sms,
      email_opt_in: changes.optIns.email,
    });
    const isMoved = customerAfter.location_id !== customer.location_id;
    const accountAfter = accountColumns(account, {
      amount_due_cents: changes.account.amount_due_cents,
      due_date: changes.account.due_date,
      autopay: changes.account.autopay,
      convenience_fee_cents: changes.account.convenience_fee_cents,
      status: changes.account.status,
      // The accounts the customer is primary on (this one among them) follow it to its new location.
      location_id: isMoved ? customerAfter.location_id : undefined,
    });
    if (breaksAutopayCap(accountAfter.autopay, accountAfter.due_date)) {
      throw FieldErrors.of('due_date', ERROR_CATALOGUE['account.due_date.autopay_cap']);
    }
    refuseOptInsWithoutContacts(customerAfter);
    customerRows.push({ ...pickColumns(customerAfter, UPDATED_CUSTOMER_COLUMNS), updated: now });
    accountRows.push({ ...pickColumns(accountAfter, UPDATED_ACCOUNT_COLUMNS), updated: now });
    if (accountAfter.amount_due_cents !== account.amount_due_cents) {
      adjustments.push(importAdjustment(account.id, accountAfter.amount_due_cents - account.amount_due_cents));
    }
    if (isMoved) moved.push({ customer_id: customer.id, location_id: customerAfter.location_id });

    const before = tagsOf.get(account.id) ?? [];
    const after =
      changes.account.tag_ids === undefined
        ? before.map((tag) => tag.id).sort()
        : [...new Set(changes.account.tag_ids)].sort();
    if (
      before
        .map((tag) => tag.id)
        .sort()
        .join() !== after.join()
    ) {
      retagged.push(account.id);
      newTags.push(...after.map((tag_id) => ({ account_id: account.id, tag_id })));
    }
    const nameOfTag = (id: string) => tagName.get(id) ?? before.find((tag) => tag.id === id)?.name ?? '';

    const subject = { merchantId: merchant.id, customerId: customer.id, actor };
    events.push({
      ...subject,
      kind: 'customer.updated',
      before: customerHistoryFields(customer),
      after: customerHistoryFields(customerAfter),
    });
    events.push({
      ...subject,
      accountId: account.id,
      kind: 'account.updated',
      before: { ...accountHistoryFields(account), tags: before.map((tag) => tag.name).sort() },
      after: { ...accountHistoryFields(accountAfter), tags: after.map(nameOfTag).sort() },
    });
    const records = optInRecords(customer, customer, changes.optIns, {
      ...importConsent(input, consentMethod, actor),
      now,
    });
    optIns.ledger.push(...records.ledger);
    events.push(...records.events);
  }

  if (moved.length > 0) {
    await tx.db.execute(sql`
      update accounts a set location_id = v.location_id, updated = now()
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(customer_id uuid, location_id uuid)
      join account_customers ac on ac.customer_id = v.customer_id and ac.role = 'primary'
      where a.id = ac.account_id
    `);
  }
  await updateJsonRecords(tx.db, 'accounts', 'id', UPDATED_ACCOUNT_COLUMNS, accountRows);
  await postLedgerEntries(tx, merchant.id, actor, adjustments);
  if (retagged.length > 0) {
    await tx.db.delete(accountTagAssignments).where(inArray(accountTagAssignments.account_id, retagged));
    await insertJsonRecords(tx.db, 'account_tag_assignments', { account_id: 'uuid', tag_id: 'uuid' }, newTags);
  }
  // The customers' columns and their search and list columns in one write of each row (after the accounts and
  // tags they read): `refreshCustomerSearch` with the new names.
  const names = Object.keys(UPDATED_CUSTOMER_COLUMNS);
  await tx.db.execute(sql`
    update customers c set
      ${sql.raw(
        names
          .filter((name) => name !== 'id')
          .map((name) => `"${name}" = v."${name}"`)
          .join(', '),
      )},
      ${searchColumns(sql`v`)}
    from jsonb_to_recordset(${JSON.stringify(customerRows)}::jsonb)
      as v(${sql.raw(names.map((name) => `"${name}" ${UPDATED_CUSTOMER_COLUMNS[name as keyof typeof UPDATED_CUSTOMER_COLUMNS]}`).join(', '))})
    ${primaryAccountOf(sql`v.id`)}
    where c.id = v.id
  `);
  await writeOptIns(tx, optIns);
  // Co-borrowers on these accounts (their list shows the accounts too).
  const primaries = new Set(updates.map((update) => update.customer.id));
  const onAccounts = await tx.db
    .select({ id: accountCustomers.customer_id })
    .from(accountCustomers)
    .where(inArray(accountCustomers.account_id, accountIds));
  await refreshCustomerSearch(
    tx.db,
    onAccounts.map((row) => row.id).filter((id) => !primaries.has(id)),
  );
}

function importAdjustment(accountId: string, amountCents: number): LedgerEntryInput {
  return { accountId, kind: 'adjustment', amountCents, reason: 'Import' };
}
