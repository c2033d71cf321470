// Changing customers and accounts. Every write runs in one transaction with its history (customer_events) and,
// for opt-ins, its consent ledger rows; `upsertCustomerAccount` is the row-by-row entry point a CSV import reuses.

import {
  breaksAutopayCap,
  FRESHBOOKS_ACCOUNT_FIELDS,
  FRESHBOOKS_CUSTOMER_FIELDS,
  type ConsentChannel,
  type ConsentMethod,
  type ParsedCreateCustomerBody,
  type ParsedCreateCustomerInput,
  type accountPatchSchema,
  type addCoBorrowerSchema,
  type consentChangeSchema,
  type customerPatchSchema,
  type inlineCustomerSchema,
} from '@paydesk/domain/customers/customers.contract';
import {
  IMPORT_AFFIRMATION,
  optInContactsMissing,
  type ImportField,
} from '@paydesk/domain/customers/customer-imports.contract';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { insertJsonRecords, updateJsonRecords } from '../../db/json-insert';
import { consentEvents } from '../../db/schema/consent-events';
import { accountCustomers, accountTagAssignments, accounts, customers, customerViews } from '../../db/schema/customers';
import { merchantLocations } from '../../db/schema/locations';
import { accountTags } from '../../db/schema/tags';
import { CatalogueError, FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { refuseFreshbooksManagedChanges } from './freshbooks-managed-fields';
import { recordCustomerEvent, recordCustomerEvents, type CustomerEventInput } from './customer-events';
import { invalidateCustomerCounts, selectRows } from './customers.list';
import {
  getAccountOfCustomer,
  getCustomerRow,
  type AccountRow,
  type CustomerRow,
  type MerchantRef,
} from './customers.read';

type CustomerPatch = z.output<typeof customerPatchSchema>;
type AccountPatch = z.output<typeof accountPatchSchema>;
type InlineCustomer = z.output<typeof inlineCustomerSchema>;

/** '' and null both mean "none" on the wire; stored as null. */
const orNull = (text: string | null | undefined) => (text ? text : null);

export const INTEGRATED_CREATE_REFUSED =
  "This merchant's customers come from its integration; they cannot be created or imported here.";
export const PRIMARY_NOT_REMOVABLE = 'The primary customer cannot be removed from the account.';
export const ALREADY_ON_ACCOUNT = 'This customer is already on the account.';

// ---------------------------------------------------------------------------------------------------------------
// Checks

async function checkLocation(db: Db, merchantId: string, locationId: string): Promise<void> {
  if (!isUuid(locationId)) throw notFound();
  const [row] = await db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(and(eq(merchantLocations.id, locationId), eq(merchantLocations.merchant_id, merchantId)));
  if (!row) throw notFound();
}

async function tagNames(db: Db, merchantId: string, tagIds: string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  if (!unique.every(isUuid)) throw notFound();
  const rows = await db
    .select({ id: accountTags.id, name: accountTags.name })
    .from(accountTags)
    .where(and(inArray(accountTags.id, unique), eq(accountTags.merchant_id, merchantId)));
  if (rows.length !== unique.length) throw notFound();
  return rows.map((row) => row.name).sort();
}

function checkDateOfBirth(ctx: ServiceContext, merchant: MerchantRef, dateOfBirth: string | null | undefined) {
  if (!dateOfBirth) return;
  const today = toCalendarDate(ctx.clock(), merchant.timezone);
  if (dateOfBirth > today) throw FieldErrors.of('date_of_birth', ERROR_CATALOGUE['customer.dob_in_future']);
}

/** Another (not removed) customer of the merchant with this number: a field error (the unique index decides races). */
async function checkPhoneFree(db: Db, merchantId: string, phone: string | null, exceptId?: string): Promise<void> {
  if (!phone) return;
  const conditions = [
    eq(customers.merchant_id, merchantId),
    eq(customers.sms_phone_number, phone),
    isNull(customers.removed_at),
  ];
  if (exceptId) conditions.push(ne(customers.id, exceptId));
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(...conditions))
    .limit(1);
  if (row) throw FieldErrors.of('sms_phone_number', ERROR_CATALOGUE['phone_number.duplicate']);
}

async function findAccountByExternalId(db: Db, merchantId: string, externalId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.merchant_id, merchantId), eq(accounts.external_id, externalId)));
  return row;
}

async function checkExternalIdFree(db: Db, merchantId: string, externalId: string, exceptId?: string) {
  const existing = await findAccountByExternalId(db, merchantId, externalId);
  if (existing && existing.id !== exceptId) throw new CatalogueError('account.external_id.clash');
}

// ---------------------------------------------------------------------------------------------------------------
// Denormalised search and sort columns

/**
 * Recomputes what the list reads from the customers table alone: `search_text` (names, email, the external ids of
 * every account the customer is on, by `customer_search_text` of migration 0021), the primary account's sort keys,
 * `list_accounts`, and the statuses and tags of its accounts (`account_statuses`, `tag_ids`: the list's filters).
 * Call it, in the same transaction, after any change to these customers or to an account they are on. Other modules
 * changing amounts due, statuses, due dates or autopay call `recomputeAccountDependents` (customers.public.ts). `insertNewCustomers` writes the same for a new customer with one account:
 * keep the two in step. `updateCustomerAccounts` shares its SET list (`searchColumns`).
 */
export async function refreshCustomerSearch(db: Db, customerIds: string[]): Promise<void> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return;
  await db.execute(sql`
    update customers c set ${searchColumns(sql`c`)}
    from customers c2
    ${primaryAccountOf(sql`c2.id`)}
    where c.id = c2.id and c2.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `);
}

/**
 * `refreshCustomerSearch`'s SET list for the customer `c`, its names and email read from `names` (`c` itself, or
 * the new values of an update), its primary account from the lateral `p` (`primaryAccountOf`).
 */
function searchColumns(names: SQL) {
  return sql`
      search_text = customer_search_text(${names}.first_name, ${names}.last_name, ${names}.email, array(
        select a.external_id
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id
        order by a.created, a.id)),
      primary_external_id = p.external_id,
      primary_amount_due_cents = p.amount_due_cents,
      primary_due_date = p.due_date,
      list_accounts = coalesce((
        select jsonb_agg(jsonb_build_object('id', a.id, 'external_id', a.external_id, 'role', ac.role,
          'status', a.status, 'amount_due_cents', a.amount_due_cents, 'due_date', a.due_date, 'autopay', a.autopay)
          order by ac.role = 'primary' desc, a.created, a.id)
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id), '[]'::jsonb),
      account_statuses = coalesce((select array_agg(distinct a.status order by a.status)
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id), '{}'),
      tag_ids = coalesce((select array_agg(distinct ata.tag_id order by ata.tag_id)
        from account_customers ac join account_tag_assignments ata on ata.account_id = ac.account_id
        where ac.customer_id = c.id), '{}')`;
}

/** The lateral `p`: the first account the customer `customerId` is primary on. */
function primaryAccountOf(customerId: SQL) {
  return sql`
    left join lateral (
      select a.external_id, a.amount_due_cents, a.due_date
      from account_customers ac join accounts a on a.id = ac.account_id
      where ac.customer_id = ${customerId} and ac.role = 'primary'
      order by a.created, a.id limit 1
    ) p on true`;
}

export async function customerIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: accountCustomers.customer_id })
    .from(accountCustomers)
    .where(eq(accountCustomers.account_id, accountId));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Consent

async function writeConsent(
  ctx: ServiceContext,
  customer: { id: string; merchant_id: string },
  change: {
    channel: ConsentChannel;
    optedIn: boolean;
    method: ConsentMethod;
    affirmation: string;
    actor: Actor;
    importId?: string | null;
  },
): Promise<void> {
  await ctx.db.insert(consentEvents).values({
    merchant_id: customer.merchant_id,
    customer_id: customer.id,
    channel: change.channel,
    opted_in: change.optedIn,
    actor_id: change.actor?.id ?? null,
    method: change.method,
    affirmation: change.affirmation,
    import_id: change.importId ?? null,
    created: ctx.clock(),
  });
  await recordCustomerEvent(ctx, {
    merchantId: customer.merchant_id,
    customerId: customer.id,
    kind: 'consent.changed',
    actor: change.actor,
    before: null,
    after: { channel: change.channel, opted_in: change.optedIn, method: change.method },
  });
}

const CHANNEL_COLUMN = { sms: 'text_opt_in', email: 'email_opt_in' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Create

type NewCustomer = InlineCustomer & { location_id: string };

/** A new customer's columns, as the single create and a CSV import's bulk insert both write them. */
function customerValues(
  merchant: MerchantRef,
  input: NewCustomer,
  optIns: { text: boolean; email: boolean },
  now: Date,
) {
  return {
    merchant_id: merchant.id,
    location_id: input.location_id,
    first_name: input.first_name,
    last_name: input.last_name,
    email: orNull(input.email),
    sms_phone_number: orNull(input.sms_phone_number),
    date_of_birth: orNull(input.date_of_birth),
    language: input.language,
    text_opt_in: optIns.text,
    email_opt_in: optIns.email,
    created: now,
    updated: now,
  };
}

/** A new customer's first account's columns, as the single create and the bulk insert both write them. */
function accountValues(merchant: MerchantRef, input: Pick<CreateInput, 'location_id' | 'account'>, now: Date) {
  return {
    merchant_id: merchant.id,
    location_id: input.location_id,
    external_id: input.account.external_id,
    amount_due_cents: input.account.amount_due_cents,
    due_date: orNull(input.account.due_date),
    autopay: input.account.autopay,
    convenience_fee_cents: input.account.convenience_fee_cents,
    status: input.account.status,
    device_provider: null,
    device_id: null,
    created: now,
    updated: now,
  };
}

async function insertCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: NewCustomer,
  actor: Actor,
  optIns: { text: boolean; email: boolean } = { text: false, email: false },
): Promise<CustomerRow> {
  checkDateOfBirth(ctx, merchant, input.date_of_birth);
  const phone = orNull(input.sms_phone_number);
  await checkPhoneFree(ctx.db, merchant.id, phone);
  const now = ctx.clock();
  const [customer] = await ctx.db
    .insert(customers)
    .values(customerValues(merchant, input, optIns, now))
    .returning();
  if (!customer) throw new Error('customer not inserted');
  await recordCustomerEvent(ctx, {
    merchantId: merchant.id,
    customerId: customer.id,
    kind: 'customer.created',
    actor,
    after: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      sms_phone_number: customer.sms_phone_number,
      date_of_birth: customer.date_of_birth,
      language: customer.language,
      location_id: customer.location_id,
    },
  });
  return customer;
}

/**
 * A CSV import's row: the create input (the create defaults where the row has no value), which fields it sets on an
 * account the merchant already has (`sets`; the others stay as they are; every field when absent), and the import
 * writing it with the words its user affirmed per channel (the consent ledger records both).
 */
export type ImportRowInput = ParsedCreateCustomerInput & {
  sets?: ReadonlySet<ImportField>;
  consent?: { importId: string; affirmations: Partial<Record<ConsentChannel, string>> };
};

/** The words an import's ledger row records: those affirmed for turning the channel on; none for turning it off. */
function importWords(input: ImportRowInput, channel: ConsentChannel, optedIn: boolean): string {
  if (!input.consent) return input.affirmation?.trim() ?? '';
  return optedIn ? (input.consent.affirmations[channel] ?? '') : IMPORT_AFFIRMATION;
}

/**
 * What an import row changes on an account the merchant has and its primary customer: the fields it sets (see
 * `ImportRowInput.sets`), `undefined` for the others, as the patch functions read it. `updateCustomerAccounts` and
 * `upsertCustomerAccount` both take their changes from here, so the two stay in step.
 */
function importChangesOf(input: ImportRowInput) {
  const sets = (field: ImportField) => !input.sets || input.sets.has(field);
  const when = <T>(field: ImportField, value: T): T | undefined => (sets(field) ? value : undefined);
  return {
    customer: {
      first_name: input.first_name,
      last_name: input.last_name,
      email: when('email', input.email),
      sms_phone_number: when('sms_phone_number', input.sms_phone_number),
      date_of_birth: input.date_of_birth,
      language: when('language', input.language),
      location_id: when('location', input.location_id),
    },
    account: {
      amount_due_cents: input.account.amount_due_cents,
      due_date: when('due_date', input.account.due_date),
      autopay: when('autopay', input.account.autopay),
      convenience_fee_cents: when('convenience_fee', input.account.convenience_fee_cents),
      status: when('status', input.account.status),
      tag_ids: when('tags', input.account.tag_ids),
    },
    optIns: { sms: when('text_opt_in', input.text_opt_in), email: when('email_opt_in', input.email_opt_in) },
  };
}

/** An import's customer as it will be: an opt-in without its contact (phone, email) is a field error. */
export function refuseOptInsWithoutContacts(customer: Parameters<typeof optInContactsMissing>[0]): void {
  const missing = Object.entries(optInContactsMissing(customer));
  if (missing.length > 0)
    throw new FieldErrors(Object.fromEntries(missing.map(([field, message]) => [field, [message]])));
}

/** A created customer's input: one import row, or the POST body with its words per channel. */
type CreateInput = ImportRowInput | ParsedCreateCustomerBody;

/** The words recorded for a channel's opt-in: the channel's own (POST create), else the import's. */
function affirmationFor(input: CreateInput, channel: ConsentChannel): string {
  const own = 'text_opt_in_affirmation' in input || 'email_opt_in_affirmation' in input;
  if (own) {
    const body = input as ParsedCreateCustomerBody;
    return (channel === 'sms' ? body.text_opt_in_affirmation : body.email_opt_in_affirmation)?.trim() ?? '';
  }
  return importWords(input as ImportRowInput, channel, true);
}

/** Creates a customer with its first account inside an open transaction; returns their ids. */
async function createInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  input: CreateInput,
  actor: Actor,
  consentMethod: ConsentMethod,
): Promise<{ customerId: string; accountId: string }> {
  await checkLocation(tx.db, merchant.id, input.location_id);
  const names = await tagNames(tx.db, merchant.id, input.account.tag_ids);
  await checkExternalIdFree(tx.db, merchant.id, input.account.external_id);
  const customer = await insertCustomer(tx, merchant, input, actor, {
    text: input.text_opt_in,
    email: input.email_opt_in,
  });
  const now = tx.clock();
  const [account] = await tx.db
    .insert(accounts)
    .values(accountValues(merchant, input, now))
    .returning();
  if (!account) throw new Error('account not inserted');
  await tx.db.insert(accountCustomers).values({ account_id: account.id, customer_id: customer.id, role: 'primary' });
  await setAccountTags(tx.db, account.id, input.account.tag_ids);
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId: customer.id,
    accountId: account.id,
    kind: 'account.created',
    actor,
    after: { ...accountHistoryFields(account), tags: names },
  });
  for (const [channel, optedIn] of [
    ['sms', input.text_opt_in],
    ['email', input.email_opt_in],
  ] as const) {
    if (!optedIn) continue;
    const affirmation = affirmationFor(input, channel);
    const importId = 'consent' in input ? input.consent?.importId : null;
    await writeConsent(tx, customer, { channel, optedIn, method: consentMethod, affirmation, actor, importId });
  }
  await refreshCustomerSearch(tx.db, [customer.id]);
  return { customerId: customer.id, accountId: account.id };
}

function accountHistoryFields(account: AccountRow) {
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

async function setAccountTags(db: Db, accountId: string, tagIds: string[]): Promise<void> {
  await db.delete(accountTagAssignments).where(eq(accountTagAssignments.account_id, accountId));
  const unique = [...new Set(tagIds)];
  if (unique.length > 0) {
    await db.insert(accountTagAssignments).values(unique.map((tag_id) => ({ account_id: accountId, tag_id })));
  }
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

const CONSENT_COLUMNS = {
  merchant_id: 'uuid',
  customer_id: 'uuid',
  channel: 'text',
  opted_in: 'boolean',
  actor_id: 'uuid',
  method: 'text',
  affirmation: 'text',
  import_id: 'uuid',
  created: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof consentEvents.$inferInsert, string>>;

type NewCustomerRows = {
  customer: CustomerHistoryFields &
    Pick<CustomerRow, 'id' | 'merchant_id' | 'text_opt_in' | 'email_opt_in' | 'created' | 'updated'>;
  account: Pick<AccountRow, 'id' | 'external_id' | 'amount_due_cents' | 'due_date' | 'autopay' | 'status'>;
};

/**
 * Inserts new customers, each with its one (primary) account, their search and list columns written at once: what
 * `refreshCustomerSearch` computes for such a customer, by the same SQL expressions (so a second write of every
 * row and its trigram index entries is saved). The customers-import test compares the result with the service's.
 */
async function insertNewCustomers(db: Db, rows: Array<NewCustomerRows & { tagIds: string[] }>): Promise<void> {
  const records = rows.map(({ customer, account, tagIds }) => ({
    ...customer,
    created: customer.created.toISOString(),
    updated: customer.updated.toISOString(),
    account_id: account.id,
    external_id: account.external_id,
    amount_due_cents: account.amount_due_cents,
    due_date: account.due_date,
    autopay: account.autopay,
    status: account.status,
    // Canonical lowercase uuids sort as PostgreSQL orders uuids, so this is `array_agg(… order by tag_id)`.
    tag_ids: [...tagIds].sort(),
  }));
  await db.execute(sql`
    insert into customers (id, merchant_id, location_id, first_name, last_name, email, sms_phone_number,
      date_of_birth, language, text_opt_in, email_opt_in, created, updated,
      search_text, primary_external_id, primary_amount_due_cents, primary_due_date, list_accounts,
      account_statuses, tag_ids)
    select v.id, v.merchant_id, v.location_id, v.first_name, v.last_name, v.email, v.sms_phone_number,
      v.date_of_birth, v.language, v.text_opt_in, v.email_opt_in, v.created, v.updated,
      customer_search_text(v.first_name, v.last_name, v.email, array[v.external_id]),
      v.external_id, v.amount_due_cents, v.due_date,
      jsonb_build_array(jsonb_build_object('id', v.account_id, 'external_id', v.external_id, 'role', 'primary',
        'status', v.status, 'amount_due_cents', v.amount_due_cents, 'due_date', v.due_date, 'autopay', v.autopay)),
      array[v.status], v.tag_ids
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(id uuid, merchant_id uuid, location_id uuid,
      first_name text, last_name text, email text, sms_phone_number text, date_of_birth date, language text,
      text_opt_in boolean, email_opt_in boolean, created timestamptz, updated timestamptz, account_id uuid,
      external_id text, amount_due_cents integer, due_date date, autopay boolean, status text, tag_ids uuid[])
  `);
}

/**
 * What the single create and update check per row, for many rows in a query or two: the locations and tags are the
 * merchant's (404 otherwise, as `checkLocation` and `tagNames`), no date of birth is in the future. Returns the
 * tags' names by id.
 */
async function checkInputsOfMany(
  tx: ServiceContext,
  merchant: MerchantRef,
  inputs: Array<{ location_id?: string; account: { tag_ids?: string[] }; date_of_birth?: string | null }>,
): Promise<Map<string, string>> {
  const locationIds = [
    ...new Set(inputs.map((input) => input.location_id).filter((id): id is string => id !== undefined)),
  ];
  if (!locationIds.every(isUuid)) throw notFound();
  const locations = await tx.db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(and(inArray(merchantLocations.id, locationIds), eq(merchantLocations.merchant_id, merchant.id)));
  if (locations.length !== locationIds.length) throw notFound();
  const tagIds = [...new Set(inputs.flatMap((input) => input.account.tag_ids ?? []))];
  if (!tagIds.every(isUuid)) throw notFound();
  const tagRows =
    tagIds.length === 0
      ? []
      : await tx.db
          .select({ id: accountTags.id, name: accountTags.name })
          .from(accountTags)
          .where(and(inArray(accountTags.id, tagIds), eq(accountTags.merchant_id, merchant.id)));
  if (tagRows.length !== tagIds.length) throw notFound();
  for (const input of inputs) checkDateOfBirth(tx, merchant, input.date_of_birth);
  return new Map(tagRows.map((row) => [row.id, row.name]));
}

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
  const actorId = actor?.id ?? null;
  const created = inputs.map((input) => {
    const optIns = { text: input.text_opt_in, email: input.email_opt_in };
    const customer: NewCustomerRows['customer'] = { id: randomUUID(), ...customerValues(merchant, input, optIns, now) };
    const account = { id: randomUUID(), ...accountValues(merchant, input, now) };
    return { input, customer, account, tagIds: [...new Set(input.account.tag_ids)] };
  });
  await insertNewCustomers(tx.db, created);
  await insertJsonRecords(
    tx.db,
    'accounts',
    ACCOUNT_COLUMNS,
    created.map((row) => row.account),
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

  const events: CustomerEventInput[] = [];
  const ledger: Array<typeof consentEvents.$inferInsert> = [];
  for (const { input, customer, account, tagIds: ids } of created) {
    const subject = { merchantId: merchant.id, customerId: customer.id, actor };
    events.push({ ...subject, kind: 'customer.created', after: customerHistoryFields(customer) });
    events.push({
      ...subject,
      accountId: account.id,
      kind: 'account.created',
      after: { ...accountHistoryFields(account), tags: ids.map((id) => tagName.get(id) ?? '').sort() },
    });
    for (const [channel, optedIn] of [
      ['sms', input.text_opt_in],
      ['email', input.email_opt_in],
    ] as const) {
      if (!optedIn) continue;
      ledger.push({
        merchant_id: merchant.id,
        customer_id: customer.id,
        channel,
        opted_in: true,
        actor_id: actorId,
        method: consentMethod,
        affirmation: importWords(input, channel, true),
        import_id: input.consent?.importId ?? null,
        created: tx.clock(),
      });
      events.push({
        ...subject,
        kind: 'consent.changed',
        before: null,
        after: { channel, opted_in: true, method: consentMethod },
      });
    }
  }
  await insertJsonRecords(tx.db, 'consent_events', CONSENT_COLUMNS, ledger);
  await recordCustomerEvents(tx, events);
  return created.map((row) => ({ customerId: row.customer.id, accountId: row.account.id }));
}

/** POST create: refused for integrated merchants. */
export async function createCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: ParsedCreateCustomerBody,
  actor: Actor,
): Promise<string> {
  if (merchant.is_integrated) throw new HttpError('permission_denied', INTEGRATED_CREATE_REFUSED);
  const { customerId } = await withTransaction(ctx, (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    return createInTransaction(tx, merchant, input, actor, 'created');
  });
  return customerId;
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
  await patchAccountInTransaction(tx, merchant, customer.id, existing, changes.account, actor);
  for (const channel of ['sms', 'email'] as const) {
    const optedIn = changes.optIns[channel];
    if (optedIn !== undefined && customer[CHANNEL_COLUMN[channel]] !== optedIn) {
      await tx.db
        .update(customers)
        .set({ [CHANNEL_COLUMN[channel]]: optedIn, updated: tx.clock() })
        .where(eq(customers.id, customer.id));
      const affirmation = importWords(input, channel, optedIn);
      const importId = input.consent?.importId ?? null;
      await writeConsent(tx, customer, { channel, optedIn, method: consentMethod, affirmation, actor, importId });
    }
  }
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
  updated: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof customers.$inferInsert, string>>;

const UPDATED_ACCOUNT_COLUMNS = {
  id: 'uuid',
  location_id: 'uuid',
  amount_due_cents: 'integer',
  due_date: 'date',
  autopay: 'boolean',
  convenience_fee_cents: 'integer',
  status: 'text',
  updated: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof accounts.$inferInsert, string>>;

/** A patch's value where it has one, else the current value (as the patch functions read `undefined`). */
const patched = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

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
  const actorId = actor?.id ?? null;
  const customerRows: Array<Record<keyof typeof UPDATED_CUSTOMER_COLUMNS, unknown>> = [];
  const accountRows: Array<Record<keyof typeof UPDATED_ACCOUNT_COLUMNS, unknown>> = [];
  const moved: Array<{ customer_id: string; location_id: string }> = [];
  const retagged: string[] = [];
  const newTags: Array<{ account_id: string; tag_id: string }> = [];
  const ledger: Array<typeof consentEvents.$inferInsert> = [];
  const events: CustomerEventInput[] = [];
  for (const { input, account, customer } of updates) {
    // As patchCustomerInTransaction and patchAccountInTransaction read the row's changes.
    const changes = importChangesOf(input);
    const customerAfter = {
      ...customer,
      first_name: patched(changes.customer.first_name, customer.first_name),
      last_name: patched(changes.customer.last_name, customer.last_name),
      email: changes.customer.email === undefined ? customer.email : orNull(changes.customer.email),
      sms_phone_number:
        changes.customer.sms_phone_number === undefined
          ? customer.sms_phone_number
          : orNull(changes.customer.sms_phone_number),
      date_of_birth:
        changes.customer.date_of_birth === undefined ? customer.date_of_birth : orNull(changes.customer.date_of_birth),
      language: patched(changes.customer.language, customer.language),
      location_id: patched(changes.customer.location_id, customer.location_id),
      text_opt_in: patched(changes.optIns.sms, customer.text_opt_in),
      email_opt_in: patched(changes.optIns.email, customer.email_opt_in),
    };
    const isMoved = customerAfter.location_id !== customer.location_id;
    const accountAfter = {
      ...account,
      amount_due_cents: patched(changes.account.amount_due_cents, account.amount_due_cents),
      due_date: changes.account.due_date === undefined ? account.due_date : orNull(changes.account.due_date),
      autopay: patched(changes.account.autopay, account.autopay),
      convenience_fee_cents: patched(changes.account.convenience_fee_cents, account.convenience_fee_cents),
      status: patched(changes.account.status, account.status),
      // The accounts the customer is primary on (this one among them) follow it to its new location.
      location_id: isMoved ? customerAfter.location_id : account.location_id,
    };
    if (breaksAutopayCap(accountAfter.autopay, accountAfter.due_date)) {
      throw FieldErrors.of('due_date', ERROR_CATALOGUE['account.due_date.autopay_cap']);
    }
    refuseOptInsWithoutContacts(customerAfter);
    customerRows.push({ ...pickColumns(customerAfter, UPDATED_CUSTOMER_COLUMNS), updated: now });
    accountRows.push({ ...pickColumns(accountAfter, UPDATED_ACCOUNT_COLUMNS), updated: now });
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
    for (const channel of ['sms', 'email'] as const) {
      const optedIn = changes.optIns[channel];
      if (optedIn === undefined || customer[CHANNEL_COLUMN[channel]] === optedIn) continue;
      ledger.push({
        merchant_id: customer.merchant_id,
        customer_id: customer.id,
        channel,
        opted_in: optedIn,
        actor_id: actorId,
        method: consentMethod,
        affirmation: importWords(input, channel, optedIn),
        import_id: input.consent?.importId ?? null,
        created: now,
      });
      events.push({
        merchantId: customer.merchant_id,
        customerId: customer.id,
        actor,
        kind: 'consent.changed',
        before: null,
        after: { channel, opted_in: optedIn, method: consentMethod },
      });
    }
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
  await insertJsonRecords(tx.db, 'consent_events', CONSENT_COLUMNS, ledger);
  await recordCustomerEvents(tx, events);
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

/** The keys of `columns` from a row (the values a JSON update record carries). */
function pickColumns<Key extends string>(row: Record<string, unknown>, columns: Readonly<Record<Key, string>>) {
  return Object.fromEntries(Object.keys(columns).map((name) => [name, row[name] ?? null])) as Record<Key, unknown>;
}

// ---------------------------------------------------------------------------------------------------------------
// Edit

type CustomerHistoryFields = Pick<
  CustomerRow,
  'first_name' | 'last_name' | 'email' | 'sms_phone_number' | 'date_of_birth' | 'language' | 'location_id'
>;

function customerHistoryFields(customer: CustomerHistoryFields) {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    sms_phone_number: customer.sms_phone_number,
    date_of_birth: customer.date_of_birth,
    language: customer.language,
    location_id: customer.location_id,
  };
}

async function patchCustomerInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  current: CustomerRow,
  patch: CustomerPatch,
  actor: Actor,
): Promise<void> {
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (patch.first_name !== undefined) changes.first_name = patch.first_name;
  if (patch.last_name !== undefined) changes.last_name = patch.last_name;
  if (patch.email !== undefined) changes.email = orNull(patch.email);
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.date_of_birth !== undefined) {
    checkDateOfBirth(tx, merchant, patch.date_of_birth);
    changes.date_of_birth = orNull(patch.date_of_birth);
  }
  if (patch.sms_phone_number !== undefined) {
    const phone = orNull(patch.sms_phone_number);
    if (phone !== current.sms_phone_number) await checkPhoneFree(tx.db, merchant.id, phone, current.id);
    changes.sms_phone_number = phone;
  }
  if (patch.location_id !== undefined && patch.location_id !== current.location_id) {
    await checkLocation(tx.db, merchant.id, patch.location_id);
    changes.location_id = patch.location_id;
  }
  if (Object.keys(changes).length === 0) return;
  const [updated] = await tx.db
    .update(customers)
    .set({ ...changes, updated: tx.clock() })
    .where(eq(customers.id, current.id))
    .returning();
  if (!updated) throw notFound();
  if (changes.location_id) {
    // The accounts this customer is primary on follow it, so account and customer locations stay the same.
    await tx.db.execute(sql`
      update accounts set location_id = ${changes.location_id}, updated = now()
      where id in (select account_id from account_customers where customer_id = ${current.id} and role = 'primary')
    `);
  }
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId: current.id,
    kind: 'customer.updated',
    actor,
    before: customerHistoryFields(current),
    after: customerHistoryFields(updated),
  });
  await refreshCustomerSearch(tx.db, [current.id]);
}

export async function updateCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  patch: CustomerPatch,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    refuseFreshbooksManagedChanges(
      merchant,
      FRESHBOOKS_CUSTOMER_FIELDS,
      {
        first_name: patch.first_name,
        last_name: patch.last_name,
        email: patch.email === undefined ? undefined : orNull(patch.email),
        sms_phone_number: patch.sms_phone_number === undefined ? undefined : orNull(patch.sms_phone_number),
      },
      current,
    );
    await patchCustomerInTransaction(tx, merchant, current, patch, actor);
  });
}

async function primaryLocationOf(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ location_id: customers.location_id })
    .from(accountCustomers)
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(and(eq(accountCustomers.account_id, accountId), eq(accountCustomers.role, 'primary')));
  return row?.location_id;
}

async function patchAccountInTransaction(
  tx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  current: AccountRow,
  patch: AccountPatch,
  actor: Actor,
): Promise<void> {
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (patch.external_id !== undefined && patch.external_id !== current.external_id) {
    await checkExternalIdFree(tx.db, merchant.id, patch.external_id, current.id);
    changes.external_id = patch.external_id;
  }
  if (patch.amount_due_cents !== undefined) changes.amount_due_cents = patch.amount_due_cents;
  if (patch.due_date !== undefined) changes.due_date = orNull(patch.due_date);
  if (patch.autopay !== undefined) changes.autopay = patch.autopay;
  if (patch.convenience_fee_cents !== undefined) changes.convenience_fee_cents = patch.convenience_fee_cents;
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.location_id !== undefined && patch.location_id !== current.location_id) {
    await checkLocation(tx.db, merchant.id, patch.location_id);
    const customerLocation = await primaryLocationOf(tx.db, current.id);
    if (customerLocation !== patch.location_id) throw new CatalogueError('location.customer_account_mismatch');
    changes.location_id = patch.location_id;
  }
  const autopay = changes.autopay ?? current.autopay;
  const dueDate = changes.due_date !== undefined ? changes.due_date : current.due_date;
  if (breaksAutopayCap(autopay, dueDate)) {
    throw FieldErrors.of('due_date', ERROR_CATALOGUE['account.due_date.autopay_cap']);
  }
  let tagsBefore: string[] | undefined;
  let tagsAfter: string[] | undefined;
  if (patch.tag_ids !== undefined) {
    tagsAfter = await tagNames(tx.db, merchant.id, patch.tag_ids);
    const before = await tx.db
      .select({ name: accountTags.name })
      .from(accountTagAssignments)
      .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
      .where(eq(accountTagAssignments.account_id, current.id));
    tagsBefore = before.map((row) => row.name).sort();
    await setAccountTags(tx.db, current.id, patch.tag_ids);
  }
  let updated = current;
  if (Object.keys(changes).length > 0) {
    const [row] = await tx.db
      .update(accounts)
      .set({ ...changes, updated: tx.clock() })
      .where(eq(accounts.id, current.id))
      .returning();
    if (!row) throw notFound();
    updated = row;
  }
  await recordCustomerEvent(tx, {
    merchantId: merchant.id,
    customerId,
    accountId: current.id,
    kind: 'account.updated',
    actor,
    before: { ...accountHistoryFields(current), tags: tagsBefore },
    after: { ...accountHistoryFields(updated), tags: tagsAfter },
  });
  await refreshCustomerSearch(tx.db, await customerIdsOfAccount(tx.db, current.id));
}

export async function updateAccount(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  patch: AccountPatch,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    refuseFreshbooksManagedChanges(merchant, FRESHBOOKS_ACCOUNT_FIELDS, patch, account);
    await patchAccountInTransaction(tx, merchant, customerId, account, patch, actor);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Remove, consent, views

/** Voids a customer: kept with its history, gone from the lists, its phone number free again. */
export async function removeCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    const now = tx.clock();
    const [updated] = await tx.db
      .update(customers)
      .set({ removed_at: now, removed_by: actor?.id ?? null, updated: now })
      .where(and(eq(customers.id, current.id), isNull(customers.removed_at)))
      .returning({ id: customers.id });
    if (!updated) throw notFound();
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId: current.id,
      kind: 'customer.removed',
      actor,
      before: { removed: false },
      after: { removed: true },
    });
  });
}

export async function changeConsent(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  input: z.output<typeof consentChangeSchema>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    if (input.opted_in && input.channel === 'sms' && !current.sms_phone_number) {
      throw FieldErrors.of('sms_phone_number', REQUIRED);
    }
    if (input.opted_in && input.channel === 'email' && !current.email) throw FieldErrors.of('email', REQUIRED);
    await tx.db
      .update(customers)
      .set({ [CHANNEL_COLUMN[input.channel]]: input.opted_in, updated: tx.clock() })
      .where(eq(customers.id, current.id));
    await writeConsent(tx, current, {
      channel: input.channel,
      optedIn: input.opted_in,
      method: 'staff_affirmed',
      affirmation: input.affirmation,
      actor,
    });
  });
}

/**
 * A customer's text consent changed by a keyword they texted (STOP, START…): the opt-in column and the consent
 * ledger (method `sms_keyword`, the words received, no user), in the caller's transaction. Returns whether it changed.
 */
export async function changeTextConsentByKeyword(
  ctx: ServiceContext,
  customer: { id: string; merchant_id: string },
  input: { optedIn: boolean; words: string },
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const [changed] = await tx.db
      .update(customers)
      .set({ text_opt_in: input.optedIn, updated: tx.clock() })
      .where(and(eq(customers.id, customer.id), sql`${customers.text_opt_in} is distinct from ${input.optedIn}`))
      .returning({ id: customers.id });
    await writeConsent(tx, customer, {
      channel: 'sms',
      optedIn: input.optedIn,
      method: 'sms_keyword',
      affirmation: input.words,
      actor: null,
    });
    if (changed) tx.afterCommit(() => invalidateCustomerCounts(customer.merchant_id));
    return Boolean(changed);
  });
}

export async function recordView(ctx: ServiceContext, merchantId: string, customerId: string, userId: string) {
  const customer = await getCustomerRow(ctx.db, merchantId, customerId, { includeRemoved: true });
  const now = ctx.clock();
  await ctx.db
    .insert(customerViews)
    .values({ user_id: userId, customer_id: customer.id, merchant_id: merchantId, viewed_at: now })
    .onConflictDoUpdate({ target: [customerViews.user_id, customerViews.customer_id], set: { viewed_at: now } });
}

// ---------------------------------------------------------------------------------------------------------------
// Co-borrowers

export async function addCoBorrower(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  input: z.output<typeof addCoBorrowerSchema>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    let coBorrower: CustomerRow;
    if (input.customer_id !== undefined) {
      coBorrower = await getCustomerRow(tx.db, merchant.id, input.customer_id);
      const [already] = await tx.db
        .select({ id: accountCustomers.customer_id })
        .from(accountCustomers)
        .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrower.id)));
      if (already) throw new HttpError('conflict', ALREADY_ON_ACCOUNT);
    } else if (input.customer) {
      coBorrower = await insertCustomer(tx, merchant, { ...input.customer, location_id: account.location_id }, actor);
    } else {
      throw FieldErrors.of('customer_id', REQUIRED);
    }
    await tx.db
      .insert(accountCustomers)
      .values({ account_id: account.id, customer_id: coBorrower.id, role: 'co_borrower', created: tx.clock() });
    const after = { co_borrower_id: coBorrower.id, name: `${coBorrower.first_name} ${coBorrower.last_name}` };
    for (const subject of new Set([customerId, coBorrower.id])) {
      await recordCustomerEvent(tx, {
        merchantId: merchant.id,
        customerId: subject,
        accountId: account.id,
        kind: 'co_borrower.added',
        actor,
        after,
      });
    }
    await refreshCustomerSearch(tx.db, [coBorrower.id]);
  });
}

export async function removeCoBorrower(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  accountId: string,
  coBorrowerId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    await getCustomerRow(tx.db, merchant.id, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchant.id, customerId, accountId);
    if (!isUuid(coBorrowerId)) throw notFound();
    const [link] = await tx.db
      .select({ role: accountCustomers.role, customer: customers })
      .from(accountCustomers)
      .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
      .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrowerId)));
    if (!link) throw notFound();
    if (link.role === 'primary') throw new HttpError('bad_request', PRIMARY_NOT_REMOVABLE);
    await tx.db
      .delete(accountCustomers)
      .where(and(eq(accountCustomers.account_id, account.id), eq(accountCustomers.customer_id, coBorrowerId)));
    const before = { co_borrower_id: coBorrowerId, name: `${link.customer.first_name} ${link.customer.last_name}` };
    for (const subject of new Set([customerId, coBorrowerId])) {
      await recordCustomerEvent(tx, {
        merchantId: merchant.id,
        customerId: subject,
        accountId: account.id,
        kind: 'co_borrower.removed',
        actor,
        before,
      });
    }
    await refreshCustomerSearch(tx.db, [coBorrowerId]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Locating an account (for /sso?…&account_id=)

export async function locateAccount(
  db: Db,
  viewer: { id: string; is_super_user: boolean },
  accountId: string,
): Promise<{ merchant_id: string; customer_id: string; account_id: string }> {
  if (!isUuid(accountId)) throw notFound();
  const visible = viewer.is_super_user
    ? sql`true`
    : sql`a.merchant_id in (select g.merchant_id from role_grants g where g.user_id = ${viewer.id})`;
  const [row] = await selectRows<{ merchant_id: string; customer_id: string }>(
    db,
    sql`
    select a.merchant_id, ac.customer_id
    from accounts a join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
    where a.id = ${accountId} and ${visible}
  `,
  );
  if (!row) throw notFound();
  return { merchant_id: row.merchant_id, customer_id: row.customer_id, account_id: accountId };
}
