// The customers lists (one merchant, or every merchant a user works for). The page is one query: the page's
// customers walk a (merchant_id, sort key, id) index (or the trigram indexes for a search) and stop at the page;
// their accounts are on the row (`list_accounts`) and their tags are aggregated for those rows only. Counting every
// match is the expensive part at 100k customers (it reads them all), so the total comes from a per-process cache
// (see Totals below).

import type { CustomerListRow } from '@paydesk/domain/customers/customers.contract';
import type { CUSTOMER_SORT_KEYS } from '@paydesk/domain/customers/customers.contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { customers } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import { merchantLocations } from '../../db/schema/locations';

type SortKey = (typeof CUSTOMER_SORT_KEYS)[number];

/** Each sort key's columns (as selected in the page), id breaking ties. */
const SORT_COLUMNS: Record<SortKey, string[]> = {
  last_name: ['last_name', 'first_name'],
  first_name: ['first_name', 'last_name'],
  created: ['created'],
  amount_due: ['primary_amount_due_cents'],
  due_date: ['primary_due_date'],
  external_id: ['primary_external_id'],
};

export type CustomerListScope =
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'user'; userId: string; merchantId?: string }
  | { kind: 'all'; merchantId?: string };

export type CustomerListFilters = {
  search: string;
  locationId?: string;
  status?: string;
  tagId?: string;
  ordering: string;
  limit: number;
  offset: number;
};

/** Raw SQL rows (the app's `Db` type leaves execute's result untyped). */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The digits a search names a phone number by, when it reads as a phone number (no letters, 3+ digits). */
export function phoneDigitsOf(search: string): string | null {
  if (/[\p{L}@]/u.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

function orderSql(ordering: string, alias: string): SQL {
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as SortKey;
  const columns = [...(SORT_COLUMNS[key] ?? SORT_COLUMNS.last_name), 'id'];
  const direction = descending ? ' desc' : '';
  return sql.raw(columns.map((column) => `${alias}.${column}${direction}`).join(', '));
}

/** With `prepared`, values are placeholders named after ListParams' keys (the SQL text is then fixed per variant). */
function whereSql(scope: CustomerListScope, filters: CustomerListFilters, prepared = false): SQL {
  const value = (name: keyof ListParams, actual: unknown) => (prepared ? sql.placeholder(name) : sql`${actual}`);
  const conditions: SQL[] = [sql`c.removed_at is null`];
  if (scope.kind === 'merchant') conditions.push(sql`c.merchant_id = ${value('merchantId', scope.merchantId)}`);
  if (scope.kind === 'user') {
    conditions.push(
      sql`c.merchant_id in (select g.merchant_id from role_grants g where g.user_id = ${value('userId', scope.userId)})`,
    );
  }
  if (scope.kind !== 'merchant' && scope.merchantId) {
    conditions.push(sql`c.merchant_id = ${value('merchantId', scope.merchantId)}`);
  }
  const search = filters.search.toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const digits = phoneDigitsOf(search);
    conditions.push(
      digits
        ? sql`(c.search_text like ${pattern} or c.phone_digits like ${`%${digits}%`})`
        : sql`c.search_text like ${pattern}`,
    );
  }
  if (filters.locationId) conditions.push(sql`c.location_id = ${value('locationId', filters.locationId)}`);
  if (filters.status) {
    conditions.push(sql`exists (select 1 from account_customers ac join accounts a on a.id = ac.account_id
      where ac.customer_id = c.id and a.status = ${value('status', filters.status)})`);
  }
  if (filters.tagId) {
    conditions.push(sql`exists (select 1 from account_customers ac join account_tag_assignments ata
      on ata.account_id = ac.account_id where ac.customer_id = c.id and ata.tag_id = ${value('tagId', filters.tagId)})`);
  }
  return sql.join(conditions, sql` and `);
}

/** A row's tags, for the customer whose id is `id` (aggregated for the page's rows only; accounts are on the row). */
const tagsOf = (id: SQL) => sql`(select json_agg(tag order by tag.name, tag.id) from (select distinct t.id, t.name
  from account_customers ac join account_tag_assignments ata on ata.account_id = ac.account_id
  join account_tags t on t.id = ata.tag_id where ac.customer_id = ${id}) tag)`;

type ListParams = {
  merchantId?: string;
  userId?: string;
  locationId?: string;
  status?: string;
  tagId?: string;
  limit: number;
  offset: number;
};

function paramsOf(scope: CustomerListScope, filters: CustomerListFilters): ListParams {
  return {
    merchantId: scope.merchantId,
    userId: scope.kind === 'user' ? scope.userId : undefined,
    locationId: filters.locationId,
    status: filters.status,
    tagId: filters.tagId,
    limit: filters.limit,
    offset: filters.offset,
  };
}

const c = alias(customers, 'c');

/**
 * The page without a search, prepared once per variant (scope, filters present, ordering): PostgreSQL walks the
 * (merchant_id, sort key, id) index, stops at the page, and aggregates accounts and tags for those rows only.
 */
const walkPage = preparedStatements('customers_page', (db, name, key: string) => {
  const { scope, filters } = variantOf(key);
  return db
    .select({
      id: c.id,
      merchant_id: c.merchant_id,
      merchant_name: merchants.name,
      location_id: c.location_id,
      location_name: merchantLocations.name,
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      sms_phone_number: c.sms_phone_number,
      primary_external_id: c.primary_external_id,
      text_opt_in: c.text_opt_in,
      email_opt_in: c.email_opt_in,
      created: c.created,
      accounts: c.list_accounts,
      tags: sql<CustomerListRow['tags'] | null>`${tagsOf(sql`c.id`)}`,
    })
    .from(c)
    .innerJoin(merchants, eq(merchants.id, c.merchant_id))
    .innerJoin(merchantLocations, eq(merchantLocations.id, c.location_id))
    .where(whereSql(scope, filters, true))
    .orderBy(orderSql(filters.ordering, 'c'))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

/**
 * The variant of a list without a search, short enough for a statement name (PostgreSQL keeps 63 characters):
 * the scope's kind, which of merchant, location, status and tag are given, and the ordering (`m1010 -amount_due`).
 */
function variantKey(scope: CustomerListScope, filters: CustomerListFilters): string {
  const flag = (value: string | undefined) => (value ? '1' : '0');
  const flags = [scope.merchantId, filters.locationId, filters.status, filters.tagId].map(flag).join('');
  return `${scope.kind.charAt(0)}${flags} ${filters.ordering}`;
}

/** A scope and filters with placeholder values that have the shape `variantKey` describes. */
function variantOf(key: string): { scope: CustomerListScope; filters: CustomerListFilters } {
  const [code = 'm0000', ordering = 'last_name'] = key.split(' ');
  const given = (index: number) => (code.charAt(index) === '1' ? 'x' : undefined);
  const kind = code.charAt(0);
  const scope: CustomerListScope =
    kind === 'u'
      ? { kind: 'user', userId: 'x', merchantId: given(1) }
      : kind === 'a'
        ? { kind: 'all', merchantId: given(1) }
        : { kind: 'merchant', merchantId: 'x' };
  const filters = {
    search: '',
    locationId: given(2),
    status: given(3),
    tagId: given(4),
    ordering,
    limit: 0,
    offset: 0,
  };
  return { scope, filters };
}

type PageRow = {
  id: string;
  merchant_id: string;
  merchant_name: string;
  location_id: string;
  location_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  sms_phone_number: string | null;
  primary_external_id: string | null;
  text_opt_in: boolean;
  email_opt_in: boolean;
  created: Date | string;
  accounts: CustomerListRow['accounts'] | null;
  tags: CustomerListRow['tags'] | null;
};

/**
 * How the page reads the matches. `walk` follows the sort key's index and filters as it goes, stopping at the page:
 * best when matches are common. `match-first` finds every match first (a search's trigram indexes) and sorts them:
 * best when they are few, or cluster at the far end of the sort order ("smith" sorted by last name).
 */
type PagePlan = 'walk' | 'match-first';

async function findPage(
  db: Db,
  scope: CustomerListScope,
  filters: CustomerListFilters,
  plan: PagePlan,
): Promise<CustomerListRow[]> {
  if (!filters.search) {
    const prepared = await walkPage(db, variantKey(scope, filters)).execute(paramsOf(scope, filters));
    return prepared.map(toListRow);
  }
  // OFFSET 0 keeps PostgreSQL from flattening the subquery into an index walk.
  const source =
    plan === 'match-first'
      ? sql`(select c.* from customers c where ${whereSql(scope, filters)} offset 0) c`
      : sql`customers c where ${whereSql(scope, filters)}`;
  const rows = await selectRows<PageRow>(
    db,
    sql`
    with page as (
      select c.id, c.merchant_id, c.location_id, c.first_name, c.last_name, c.email, c.sms_phone_number,
        c.primary_external_id, c.primary_amount_due_cents, c.primary_due_date, c.text_opt_in, c.email_opt_in,
        c.created, c.list_accounts as accounts
      from ${source}
      order by ${orderSql(filters.ordering, 'c')}
      limit ${filters.limit} offset ${filters.offset}
    )
    select page.*, m.name as merchant_name, l.name as location_name,
      ${tagsOf(sql`page.id`)} as tags
    from page
    join merchants m on m.id = page.merchant_id
    join merchant_locations l on l.id = page.location_id
    order by ${orderSql(filters.ordering, 'page')}
  `,
  );
  return rows.map(toListRow);
}

function toListRow(row: PageRow): CustomerListRow {
  return {
    id: row.id,
    merchant: { id: row.merchant_id, name: row.merchant_name },
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    sms_phone_number: row.sms_phone_number,
    external_id: row.primary_external_id,
    location: { id: row.location_id, name: row.location_name },
    accounts: row.accounts ?? [],
    tags: row.tags ?? [],
    text_opt_in: row.text_opt_in,
    email_opt_in: row.email_opt_in,
    created: new Date(row.created).toISOString(),
  };
}

async function countAll(db: Db, scope: CustomerListScope, filters: CustomerListFilters): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from customers c where ${whereSql(scope, filters)}`,
  );
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Totals: counting every match reads them all (~100k rows for an unfiltered list at scale), so each list's total
// (scope and filters) is kept per process. A change this process commits to a merchant's customers drops that
// merchant's totals (the next list counts again and waits for it); otherwise a total older than COUNT_TTL_MS is
// served while it is recounted in the background, and concurrent requests share one count. Another process's
// changes show within COUNT_TTL_MS.

export const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_SIZE = 1_000;
type CountEntry = { count: number; at: number; generation: number };
const counts = new Map<string, CountEntry>();
const countsInFlight = new Map<string, Promise<number>>();
const merchantGenerations = new Map<string, number>();
let globalGeneration = 0;

function generationOf(scope: CustomerListScope): number {
  if (scope.kind === 'merchant') return merchantGenerations.get(scope.merchantId) ?? 0;
  return globalGeneration;
}

/** Call after a committed change to a merchant's customers or accounts: its lists' totals are counted again. */
export function invalidateCustomerCounts(merchantId: string): void {
  merchantGenerations.set(merchantId, (merchantGenerations.get(merchantId) ?? 0) + 1);
  globalGeneration += 1;
}

function countKey(scope: CustomerListScope, filters: CustomerListFilters): string {
  const owner =
    scope.kind === 'merchant'
      ? scope.merchantId
      : `${scope.kind}:${'userId' in scope ? scope.userId : ''}:${scope.merchantId ?? ''}`;
  return JSON.stringify([owner, filters.search.toLowerCase(), filters.locationId, filters.status, filters.tagId]);
}

function recount(db: Db, key: string, scope: CustomerListScope, filters: CustomerListFilters): Promise<number> {
  const generation = generationOf(scope);
  const flightKey = `${key}#${generation}`;
  const running = countsInFlight.get(flightKey);
  if (running) return running;
  const started = Date.now();
  const counting = countAll(db, scope, filters)
    .then((count) => {
      counts.delete(key);
      counts.set(key, { count, at: started, generation });
      if (counts.size > COUNT_CACHE_SIZE) {
        const oldest = counts.keys().next().value;
        if (oldest !== undefined) counts.delete(oldest);
      }
      return count;
    })
    .finally(() => countsInFlight.delete(flightKey));
  countsInFlight.set(flightKey, counting);
  return counting;
}

async function cachedCount(db: Db, scope: CustomerListScope, filters: CustomerListFilters): Promise<number> {
  const key = countKey(scope, filters);
  const hit = counts.get(key);
  if (hit && hit.generation === generationOf(scope)) {
    if (Date.now() - hit.at >= COUNT_TTL_MS) {
      // Stale by age only: answer with it and count again in the background.
      recount(db, key, scope, filters).catch(() => undefined);
    }
    return hit.count;
  }
  return recount(db, key, scope, filters);
}

/** Searches with at most this many matches read them all through the trigram indexes and sort them. */
const MATCH_FIRST_MAX = 10_000;
/** Trigram indexes need three characters. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * A page of customers and the total matching. Without a search (or one too short for trigrams) the page and the total
 * are read in parallel; with one, the total (usually cached) comes first and chooses how the page is read.
 */
export async function findCustomerPage(
  db: Db,
  scope: CustomerListScope,
  filters: CustomerListFilters,
): Promise<{ count: number; rows: CustomerListRow[] }> {
  if (filters.search.length < TRIGRAM_MIN_LENGTH) {
    const [rows, count] = await Promise.all([findPage(db, scope, filters, 'walk'), cachedCount(db, scope, filters)]);
    return { count, rows };
  }
  const count = await cachedCount(db, scope, filters);
  const rows = await findPage(db, scope, filters, count <= MATCH_FIRST_MAX ? 'match-first' : 'walk');
  return { count, rows };
}
