// The customers lists (one merchant, or every merchant a user works for). The page is one prepared query: the page's
// ids walk a (merchant_id, sort key, id) index (or the trigram and filter GIN indexes, for few matches), then
// PostgreSQL writes those rows as the contract's JSON (accounts are on the row, tags are named from `tag_ids`), which
// the route sends unparsed. Counting every match is the expensive part at 100k customers (it reads them all), so the
// total comes from a per-process cache (see Totals below). Decision 0014. Searches sorted by name read their matches
// from `customer_name_search`, a copy of the search columns kept in name order (decision 0018).

import type { CustomerListRow } from '@paydesk/domain/customers/customers.contract';
import type { CUSTOMER_SORT_KEYS } from '@paydesk/domain/customers/customers.contract';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database, type Db } from '../../../db/client';
import { preparedStatements } from '../../../db/prepared';

type SortKey = (typeof CUSTOMER_SORT_KEYS)[number];

/** Each sort key's columns (of `customers`), id breaking ties. */
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

/** The app's database handles (`Database`): the page of a list with one right plan runs on `fixedPlanDb`. */
export type ListDbs = Pick<Database, 'db' | 'fixedPlanDb'>;

export { selectRows };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * A search as the text it matches is stored: lower case, commas and runs of white space as one space, trimmed. The
 * SQL function `customer_search_normalize` (migration 0021) does the same to `search_text`; keep the two alike.
 */
export function normalizeCustomerSearch(search: string): string {
  return search
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
}

/** The digits a search names a phone number by, when it reads as a phone number (no letters, 3+ digits). */
export function phoneDigitsOf(search: string): string | null {
  if (/[\p{L}@]/u.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/** The columns an ordering sorts by, id last. */
function sortColumnsOf(ordering: string): string[] {
  const key = (ordering.startsWith('-') ? ordering.slice(1) : ordering) as SortKey;
  return [...(SORT_COLUMNS[key] ?? SORT_COLUMNS.last_name), 'id'];
}

function orderSql(ordering: string, alias: string): SQL {
  const direction = ordering.startsWith('-') ? ' desc' : '';
  return sql.raw(
    sortColumnsOf(ordering)
      .map((column) => `${alias}.${column}${direction}`)
      .join(', '),
  );
}

type ListParams = {
  merchantId?: string;
  userId?: string;
  /** The search, normalised (`normalizeCustomerSearch`); `pattern` is it as a LIKE pattern. */
  text?: string;
  pattern?: string;
  /** A phone search's digits; `digitsPattern` is them as a LIKE pattern. */
  digits?: string;
  digitsPattern?: string;
  locationId?: string;
  status?: string;
  tagId?: string;
  limit: number;
  offset: number;
};

function paramsOf(scope: CustomerListScope, filters: CustomerListFilters): ListParams {
  const search = normalizeCustomerSearch(filters.search);
  const digits = phoneDigitsOf(search);
  return {
    merchantId: scope.merchantId,
    userId: scope.kind === 'user' ? scope.userId : undefined,
    text: search || undefined,
    pattern: search ? `%${escapeLike(search)}%` : undefined,
    digits: digits ?? undefined,
    digitsPattern: digits ? `%${digits}%` : undefined,
    locationId: filters.locationId,
    status: filters.status,
    tagId: filters.tagId,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** Where `c` is read from: `customers`, or `customer_name_search` (`sourceOf`), which has the columns conditions name. */
type ListSource = 'customers' | 'customer_name_search';
type WhereOptions = { prepared?: boolean; sortIndexOnly?: boolean; from?: ListSource };

/**
 * Searches read their matches from `customer_name_search` (decision 0018): it holds the same rows as far as a search
 * and the filters tell, kept physically in name order, so a common name's matches share a few pages instead of
 * costing a random page of `customers` each. It has the name sort keys only: a match-first page sorted by another key
 * reads `customers`.
 */
function sourceOf(filters: CustomerListFilters, plan: PagePlan): ListSource {
  if (!filters.search) return 'customers';
  return plan === 'walk' || !NAME_ORDERINGS.has(filters.ordering) ? 'customers' : 'customer_name_search';
}

/**
 * The matching customers of `c`. With `prepared`, values are placeholders named after ListParams' keys, so the text
 * is fixed per variant (which of them are given). Status and tag match the customer's `account_statuses` and
 * `tag_ids`, which `refreshCustomerSearch` keeps from its accounts; a deleted tag matches nothing.
 *
 * With `sortIndexOnly` (a merchant's walk, `hasOnePlan`), the search, status and tag are written so that no index
 * can serve them (`strpos`, `= any`): the page then walks the sort key's index whatever the values, so its generic
 * plan is right, and as the merchant's sort indexes carry the location, statuses and tags (migration 0019), a walk
 * with those filters reads the index alone. Otherwise they are written for the trigram and GIN indexes.
 */
function whereSql(
  scope: CustomerListScope,
  filters: CustomerListFilters,
  { prepared = false, sortIndexOnly = false, from = 'customers' }: WhereOptions = {},
): SQL {
  const params = paramsOf(scope, filters);
  const value = (name: keyof ListParams) => (prepared ? sql.placeholder(name) : sql`${params[name]}`);
  // customer_name_search holds the customers not removed only.
  const conditions: SQL[] = from === 'customers' ? [sql`c.removed_at is null`] : [];
  if (scope.kind === 'merchant') conditions.push(sql`c.merchant_id = ${value('merchantId')}`);
  if (scope.kind === 'user') {
    conditions.push(
      sql`c.merchant_id in (select g.merchant_id from role_grants g where g.user_id = ${value('userId')})`,
    );
  }
  if (scope.kind !== 'merchant' && scope.merchantId) conditions.push(sql`c.merchant_id = ${value('merchantId')}`);
  if (params.text) {
    const [textMatch, digitsMatch] = sortIndexOnly
      ? [sql`strpos(c.search_text, ${value('text')}) > 0`, sql`strpos(c.phone_digits, ${value('digits')}) > 0`]
      : [sql`c.search_text like ${value('pattern')}`, sql`c.phone_digits like ${value('digitsPattern')}`];
    conditions.push(params.digits ? sql`(${textMatch} or ${digitsMatch})` : textMatch);
  }
  if (filters.locationId) conditions.push(sql`c.location_id = ${value('locationId')}`);
  if (filters.status) {
    conditions.push(
      sortIndexOnly
        ? sql`${value('status')}::text = any(c.account_statuses)`
        : sql`c.account_statuses @> array[${value('status')}]::text[]`,
    );
  }
  if (filters.tagId) {
    const tagMatch = sortIndexOnly
      ? sql`${value('tagId')}::uuid = any(c.tag_ids)`
      : sql`c.tag_ids @> array[${value('tagId')}]::uuid[]`;
    conditions.push(sql`${tagMatch} and exists (select 1 from account_tags t where t.id = ${value('tagId')})`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * How the page finds its ids. `walk` follows the sort key's index and filters as it goes, stopping at the page
 * (without a search or filter it reads the index alone): best when matches are common. `match-first` reads every
 * match first (the trigram or filter GIN indexes) and sorts them: best when they are few, or cluster at the far end
 * of the sort order ("smith" sorted by last name).
 */
type PagePlan = 'walk' | 'match-first';

/**
 * The rows as one JSON array text, from `c` (customers), `m` (merchants) and `l` (locations): each customer's stored
 * `list_row` (the fields the customer row alone tells, kept by a trigger; migration 0015) followed by the fields
 * named live, so renaming a merchant, location or tag shows at once: merchant, location and tags (named from
 * `tag_ids`; a tag deleted since is left out). Together they are the contract's `CustomerListRow` (LIVE_FIELDS).
 */
function rowsText(order: SQL): SQL<string> {
  const tags = sql`case when c.tag_ids = '{}' then '[]' else coalesce((select json_agg(json_build_object('id', t.id,
    'name', t.name) order by t.name, t.id) from account_tags t where t.id = any(c.tag_ids))::text, '[]') end`;
  const row = sql`c.list_row || ', "merchant" : ' || json_build_object('id', m.id, 'name', m.name)::text
    || ', "location" : ' || json_build_object('id', l.id, 'name', l.name)::text || ', "tags" : ' || ${tags} || '}'`;
  return sql<string>`coalesce('[' || string_agg(${row}, ', ' order by ${order}) || ']', '[]')`;
}

/** The fields `rowsText` names live; `list_row` has the others, in this order (a test compares the two). */
export const LIVE_FIELDS = ['merchant', 'location', 'tags'] as const;
type StoredField = Exclude<keyof CustomerListRow, (typeof LIVE_FIELDS)[number]>;
/** The fields of `list_row`, as the trigger of migration 0015 writes them (a contract field missing here fails). */
export const STORED_FIELDS = {
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  sms_phone_number: true,
  external_id: true,
  accounts: true,
  text_opt_in: true,
  email_opt_in: true,
  created: true,
} satisfies Record<StoredField, true>;

/**
 * The page as the JSON text of its rows, prepared once per variant (`variantKey`): the ids of the page first (so a
 * deep page skips index entries, not joined rows), then those rows.
 */
const pageStatement = preparedStatements('customers_json_page', (db, name, key: string) => {
  const { scope, filters, plan } = variantOf(key);
  const from = sourceOf(filters, plan);
  const where = whereSql(scope, filters, { prepared: true, sortIndexOnly: hasOnePlan(scope, plan), from });
  // OFFSET 0 keeps PostgreSQL from flattening the subquery into an index walk. It selects only what the sort needs
  // (~6% less CPU for "garcia"'s 3,091 matches than `c.*`).
  const matched = sql.raw(
    sortColumnsOf(filters.ordering)
      .map((column) => `c.${column}`)
      .join(', '),
  );
  const source =
    plan === 'match-first'
      ? sql`(select ${matched} from ${sql.raw(from)} c where ${where} offset 0) c`
      : sql`customers c where ${where}`;
  const page = sql`select c.id from ${source} order by ${orderSql(filters.ordering, 'c')}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return db
    .select({ results: rowsText(orderSql(filters.ordering, 'c')) })
    .from(
      sql`(${page}) page join customers c on c.id = page.id join merchants m on m.id = c.merchant_id
        join merchant_locations l on l.id = c.location_id`,
    )
    .prepare(name);
});

/**
 * The variant of a list, short enough for a statement name (PostgreSQL keeps 63 characters): the scope's kind,
 * which of merchant, location, status and tag are given, the search (0 none, 1 text, 2 text or phone digits), the
 * plan and the ordering (`m10100w -amount_due`).
 */
function variantKey(scope: CustomerListScope, filters: CustomerListFilters, plan: PagePlan): string {
  const flag = (value: string | undefined) => (value ? '1' : '0');
  const flags = [scope.merchantId, filters.locationId, filters.status, filters.tagId].map(flag).join('');
  const search = filters.search ? (phoneDigitsOf(filters.search.toLowerCase()) ? '2' : '1') : '0';
  return `${scope.kind.charAt(0)}${flags}${search}${plan === 'walk' ? 'w' : 'm'} ${filters.ordering}`;
}

/** A scope, filters and plan with placeholder values that have the shape `variantKey` describes. */
function variantOf(key: string): { scope: CustomerListScope; filters: CustomerListFilters; plan: PagePlan } {
  const [code = 'm00000w', ordering = 'last_name'] = key.split(' ');
  const given = (index: number) => (code.charAt(index) === '1' ? 'x' : undefined);
  const kind = code.charAt(0);
  const scope: CustomerListScope =
    kind === 'u'
      ? { kind: 'user', userId: 'x', merchantId: given(1) }
      : kind === 'a'
        ? { kind: 'all', merchantId: given(1) }
        : { kind: 'merchant', merchantId: 'x' };
  const search = { '0': '', '1': 'x', '2': '123' }[code.charAt(5)] ?? '';
  const filters = { search, locationId: given(2), status: given(3), tagId: given(4), ordering, limit: 0, offset: 0 };
  return { scope, filters, plan: code.charAt(6) === 'm' ? 'match-first' : 'walk' };
}

/**
 * Whether the page has one right plan whatever the values: a walk of one merchant's customers follows the sort
 * key's index (the location's for last names), its search, status and tag written so no other index serves them
 * (`whereSql`). PostgreSQL would plan such a page again on every execution (a `LIMIT $n` makes the generic plan
 * look costly), and planning cost more than running it, so it runs on `fixedPlanDb`. Other scopes need the values
 * to choose (a generic plan read every customer across merchants: 230–570 ms), and so do match-first pages (the
 * generic plan reads every merchant's matches first, however few customers the merchant has): they are planned per
 * execution.
 */
function hasOnePlan(scope: CustomerListScope, plan: PagePlan): boolean {
  return scope.kind === 'merchant' && plan === 'walk';
}

/** The page, read by `plan` (exported for a test that compares the plans). */
export async function findPage(
  dbs: ListDbs,
  scope: CustomerListScope,
  filters: CustomerListFilters,
  plan: PagePlan,
): Promise<string> {
  const db = hasOnePlan(scope, plan) ? dbs.fixedPlanDb : dbs.db;
  const statement = pageStatement(db, variantKey(scope, filters, plan));
  const [row] = await statement.execute(paramsOf(scope, filters));
  return row?.results ?? '[]';
}

async function countAll(db: Db, scope: CustomerListScope, filters: CustomerListFilters): Promise<number> {
  // A search's matches share pages in customer_name_search (sourceOf).
  const from: ListSource = filters.search ? 'customer_name_search' : 'customers';
  const [row] = await selectRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from ${sql.raw(from)} c where ${whereSql(scope, filters, { from })}`,
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

/**
 * After a committed change to a merchant's customers or accounts, its lists' totals are counted again: writers
 * register this with `tx.afterCommit` inside their transaction.
 */
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
 * A search, status or tag reads its matches first when walking would read this many times more rows than match: a
 * walk reads about (offset + limit) × total / matches rows when the matches do not follow the sort order.
 */
const WALK_COST_RATIO = 4;
/** The sort orders a name search follows ("smith" sits at the far end of last names). */
const NAME_ORDERINGS = new Set(['last_name', '-last_name', 'first_name', '-first_name']);

/**
 * A page of customers (the JSON text of its rows) and the total matching. Without a search, status or tag the page
 * and the total are read in parallel; with one, the total (usually cached) comes first and chooses how the page is
 * read. A search too short for the trigram indexes reads every row when little matches, so when its total is 0 the
 * page is not read (a match another process committed shows within COUNT_TTL_MS).
 */
export async function findCustomerPage(
  dbs: ListDbs,
  scope: CustomerListScope,
  filters: CustomerListFilters,
): Promise<{ count: number; results: string }> {
  const { db } = dbs;
  const search = filters.search;
  if (!search && !filters.status && !filters.tagId) {
    const [results, count] = await Promise.all([
      findPage(dbs, scope, filters, 'walk'),
      cachedCount(db, scope, filters),
    ]);
    return { count, results };
  }
  const count = await cachedCount(db, scope, filters);
  if (search && search.length < TRIGRAM_MIN_LENGTH) {
    if (count === 0) return { count, results: '[]' };
    return { count, results: await findPage(dbs, scope, filters, 'walk') };
  }
  return { count, results: await findPage(dbs, scope, filters, await planOf(db, scope, filters, count)) };
}

/**
 * Searches sorted by name match first up to MATCH_FIRST_MAX matches: they follow the name sort orders, so walking
 * can read most rows before the page. Other sort orders, and status and tag filters, compare the walk with the
 * scope's whole total (cached like every total): "garcia" (3,091 of 100k) sorted by amount due walks ~1,300 rows
 * for ~1.2 ms of PostgreSQL CPU, where reading and sorting its matches took ~5 ms (decision 0016).
 */
async function planOf(
  db: Db,
  scope: CustomerListScope,
  filters: CustomerListFilters,
  count: number,
): Promise<PagePlan> {
  if (count > MATCH_FIRST_MAX) return 'walk';
  if (filters.search && NAME_ORDERINGS.has(filters.ordering)) return 'match-first';
  const total = await cachedCount(db, scope, { ...filters, search: '', status: undefined, tagId: undefined });
  const walked = ((filters.offset + filters.limit) * total) / Math.max(count, 1);
  return walked > WALK_COST_RATIO * count ? 'match-first' : 'walk';
}
