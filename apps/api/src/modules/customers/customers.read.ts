// Reading customers: the detail, the account's customers, and the small lists of the detail views.

import type {
  AccountCustomer,
  Customer,
  CustomerAccount,
  CustomerNote,
  ConsentEvent,
  CustomerEvent,
} from '@paydesk/domain/customers/customers.contract';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentEvents } from '../../db/schema/consent-events';
import {
  accountCustomers,
  accountTagAssignments,
  accounts,
  customerEvents,
  customerNotes,
  customers,
  customerViews,
} from '../../db/schema/customers';
import { type paymentMethods } from '../../db/schema/payments';
import { users } from '../../db/schema/identity';
import { merchantLocations } from '../../db/schema/locations';
import { accountTags } from '../../db/schema/tags';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';

export type CustomerRow = typeof customers.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type MerchantRef = { id: string; name: string; is_integrated: boolean; timezone: string };

const iso = (value: Date | string) => new Date(value).toISOString();

/** A customer of the merchant (removed ones only when asked), else 404. */
export async function getCustomerRow(
  db: Db,
  merchantId: string,
  customerId: string,
  options: { includeRemoved?: boolean } = {},
): Promise<CustomerRow> {
  if (!isUuid(customerId)) throw notFound();
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.merchant_id, merchantId)));
  if (!row || (row.removed_at && !options.includeRemoved)) throw notFound();
  return row;
}

/** The merchant a customer (removed ones too) belongs to, or null for an unknown id. */
export async function merchantIdOfCustomer(db: Db, customerId: string): Promise<string | null> {
  if (!isUuid(customerId)) return null;
  const [row] = await db
    .select({ merchantId: customers.merchant_id })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.merchantId ?? null;
}

/** An account the customer is on (either role), else 404. */
export async function getAccountOfCustomer(
  db: Db,
  merchantId: string,
  customerId: string,
  accountId: string,
): Promise<{ account: AccountRow; role: 'primary' | 'co_borrower' }> {
  if (!isUuid(accountId)) throw notFound();
  const [row] = await db
    .select({ account: accounts, role: accountCustomers.role })
    .from(accounts)
    .innerJoin(accountCustomers, eq(accountCustomers.account_id, accounts.id))
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.merchant_id, merchantId),
        eq(accountCustomers.customer_id, customerId),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The merchant's account (removed customers' included), or 404. */
export async function getAccountOfMerchant(db: Db, merchantId: string, accountId: string): Promise<AccountRow> {
  if (!isUuid(accountId)) throw notFound();
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchant_id, merchantId)));
  if (!account) throw notFound();
  return account;
}

async function customersOfAccounts(db: Db, accountIds: string[]): Promise<Map<string, AccountCustomer[]>> {
  const byAccount = new Map<string, AccountCustomer[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({
      account_id: accountCustomers.account_id,
      role: accountCustomers.role,
      id: customers.id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      email: customers.email,
      sms_phone_number: customers.sms_phone_number,
    })
    .from(accountCustomers)
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(
      and(
        inArray(accountCustomers.account_id, accountIds),
        or(isNull(customers.removed_at), eq(accountCustomers.role, 'primary')),
      ),
    )
    .orderBy(sql`${accountCustomers.role} = 'primary' desc`, asc(accountCustomers.created), asc(customers.id));
  for (const { account_id, ...customer } of rows) {
    const list = byAccount.get(account_id) ?? [];
    list.push(customer);
    byAccount.set(account_id, list);
  }
  return byAccount;
}

/** The customers of one account, primary first. */
export async function listAccountCustomers(db: Db, accountId: string): Promise<AccountCustomer[]> {
  return (await customersOfAccounts(db, [accountId])).get(accountId) ?? [];
}

async function tagsOfAccounts(db: Db, accountIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byAccount = new Map<string, { id: string; name: string }[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({ account_id: accountTagAssignments.account_id, id: accountTags.id, name: accountTags.name })
    .from(accountTagAssignments)
    .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
    .where(inArray(accountTagAssignments.account_id, accountIds))
    .orderBy(asc(accountTags.name), asc(accountTags.id));
  for (const { account_id, ...tag } of rows) {
    const list = byAccount.get(account_id) ?? [];
    list.push(tag);
    byAccount.set(account_id, list);
  }
  return byAccount;
}

/** The detail of a customer (removed ones too): accounts with their tags and customers, location, opt-ins. */
export async function getCustomerDetail(db: Db, merchant: MerchantRef, customerId: string): Promise<Customer> {
  if (!isUuid(customerId)) throw notFound();
  const [row] = await db
    .select({ customer: customers, location_name: merchantLocations.name })
    .from(customers)
    .innerJoin(merchantLocations, eq(merchantLocations.id, customers.location_id))
    .where(and(eq(customers.id, customerId), eq(customers.merchant_id, merchant.id)));
  if (!row) throw notFound();
  const { customer } = row;
  const accountRows = await db
    .select({ account: accounts, role: accountCustomers.role, location_name: merchantLocations.name })
    .from(accountCustomers)
    .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
    .innerJoin(merchantLocations, eq(merchantLocations.id, accounts.location_id))
    .where(eq(accountCustomers.customer_id, customer.id))
    .orderBy(sql`${accountCustomers.role} = 'primary' desc`, asc(accounts.created), asc(accounts.id));
  const accountIds = accountRows.map((entry) => entry.account.id);
  const [tags, people] = await Promise.all([tagsOfAccounts(db, accountIds), customersOfAccounts(db, accountIds)]);
  const accountDtos: CustomerAccount[] = accountRows.map(({ account, role, location_name }) => ({
    id: account.id,
    external_id: account.external_id,
    role,
    status: account.status,
    amount_due_cents: account.amount_due_cents,
    due_date: account.due_date,
    autopay: account.autopay,
    convenience_fee_cents: account.convenience_fee_cents,
    location: { id: account.location_id, name: location_name },
    tags: tags.get(account.id) ?? [],
    customers: people.get(account.id) ?? [],
    device:
      account.device_provider && account.device_id
        ? { provider: account.device_provider, device_id: account.device_id }
        : null,
    created: iso(account.created),
  }));
  return {
    id: customer.id,
    merchant: { id: merchant.id, name: merchant.name, is_integrated: merchant.is_integrated },
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    sms_phone_number: customer.sms_phone_number,
    date_of_birth: customer.date_of_birth,
    language: customer.language,
    address_line1: customer.address_line1,
    address_line2: customer.address_line2,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
    location: { id: customer.location_id, name: row.location_name },
    text_opt_in: customer.text_opt_in,
    email_opt_in: customer.email_opt_in,
    removed: customer.removed_at !== null,
    removed_at: customer.removed_at ? iso(customer.removed_at) : null,
    accounts: accountDtos,
    created: iso(customer.created),
  };
}

const personOf = (person: { id: string | null; first_name: string | null; last_name: string | null }) =>
  person.id ? { id: person.id, first_name: person.first_name ?? '', last_name: person.last_name ?? '' } : null;

type Page = { limit: number; offset: number };

export async function listConsentEvents(db: Db, customerId: string, page: Page) {
  const rows = await db
    .select({
      event: consentEvents,
      actor: { id: users.id, first_name: users.first_name, last_name: users.last_name },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(consentEvents)
    .leftJoin(users, eq(users.id, consentEvents.actor_id))
    .where(eq(consentEvents.customer_id, customerId))
    .orderBy(desc(consentEvents.created), desc(consentEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  const results: ConsentEvent[] = rows.map(({ event, actor }) => ({
    id: event.id,
    channel: event.channel,
    opted_in: event.opted_in,
    method: event.method,
    affirmation: event.affirmation,
    actor: personOf(actor ?? { id: null, first_name: null, last_name: null }),
    created: iso(event.created),
  }));
  return { count: rows[0]?.total ?? (page.offset > 0 ? await countWhere(db, consentEvents, customerId) : 0), results };
}

async function countWhere(
  db: Db,
  table: typeof consentEvents | typeof customerEvents | typeof customerNotes | typeof paymentMethods,
  customerId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(eq(table.customer_id, customerId));
  return row?.count ?? 0;
}

/**
 * The words affirmed with a consent change: its ledger row, written in the same transaction just before the event
 * (the latest of the customer's rows for that channel up to the event).
 */
const consentAffirmation = sql<string | null>`case when ${customerEvents.kind} = 'consent.changed' then (
  select ce.affirmation from consent_events ce
  where ce.customer_id = ${customerEvents.customer_id} and ce.channel = ${customerEvents.after} ->> 'channel'
    and ce.created <= ${customerEvents.created}
  order by ce.created desc, ce.id desc limit 1) end`;

type EventValues = Record<string, unknown> | null;

/** The locations the events name by id (`location_id`), by id. */
async function locationNamesOf(db: Db, events: EventValues[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const values of events) {
    const id = values?.location_id;
    if (typeof id === 'string' && isUuid(id)) ids.add(id);
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .select({ id: merchantLocations.id, name: merchantLocations.name })
    .from(merchantLocations)
    .where(inArray(merchantLocations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An event's values as people read them: a location by its name (`location: {id, name}`) instead of its id. */
function withLocationName(values: EventValues, names: Map<string, string>): EventValues {
  if (!values || !('location_id' in values)) return values;
  const { location_id: id, ...rest } = values;
  const location = typeof id === 'string' ? { id, name: names.get(id) ?? 'Removed location' } : null;
  return { ...rest, location };
}

export async function listCustomerEvents(db: Db, customerId: string, page: Page) {
  const rows = await db
    .select({
      event: customerEvents,
      actor: { id: users.id, first_name: users.first_name, last_name: users.last_name },
      affirmation: consentAffirmation,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(customerEvents)
    .leftJoin(users, eq(users.id, customerEvents.actor_id))
    .where(eq(customerEvents.customer_id, customerId))
    .orderBy(desc(customerEvents.created), desc(customerEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  const names = await locationNamesOf(
    db,
    rows.flatMap(({ event }) => [event.before, event.after]),
  );
  const results: CustomerEvent[] = rows.map(({ event, actor, affirmation }) => ({
    id: event.id,
    kind: event.kind,
    account_id: event.account_id,
    actor: personOf(actor ?? { id: null, first_name: null, last_name: null }),
    before: withLocationName(event.before, names),
    after: withLocationName(affirmation ? { ...event.after, affirmation } : event.after, names),
    created: iso(event.created),
  }));
  return { count: rows[0]?.total ?? (page.offset > 0 ? await countWhere(db, customerEvents, customerId) : 0), results };
}

export function toNoteDto(
  note: typeof customerNotes.$inferSelect,
  author: { id: string | null; first_name: string | null; last_name: string | null } | null,
): CustomerNote {
  return {
    id: note.id,
    body: note.body,
    author: personOf(author ?? { id: null, first_name: null, last_name: null }),
    created: iso(note.created),
    edited: note.edited ? iso(note.edited) : null,
  };
}

export async function listNotes(db: Db, customerId: string, page: Page) {
  const rows = await db
    .select({
      note: customerNotes,
      author: { id: users.id, first_name: users.first_name, last_name: users.last_name },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.author_id))
    .where(eq(customerNotes.customer_id, customerId))
    .orderBy(desc(customerNotes.created), desc(customerNotes.id))
    .limit(page.limit)
    .offset(page.offset);
  const results = rows.map(({ note, author }) => toNoteDto(note, author));
  return { count: rows[0]?.total ?? (page.offset > 0 ? await countWhere(db, customerNotes, customerId) : 0), results };
}

export const RECENTLY_VIEWED = 10;

export async function listRecentlyViewed(db: Db, userId: string, merchantId: string) {
  const rows = await db
    .select({
      id: customers.id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      external_id: customers.primary_external_id,
      removed_at: customers.removed_at,
      viewed_at: customerViews.viewed_at,
    })
    .from(customerViews)
    .innerJoin(customers, eq(customers.id, customerViews.customer_id))
    .where(
      and(eq(customerViews.user_id, userId), eq(customerViews.merchant_id, merchantId), isNull(customers.removed_at)),
    )
    .orderBy(desc(customerViews.viewed_at), desc(customerViews.customer_id))
    .limit(RECENTLY_VIEWED);
  return {
    results: rows.map(({ removed_at, viewed_at, ...row }) => ({
      ...row,
      removed: removed_at !== null,
      viewed_at: iso(viewed_at),
    })),
  };
}
