import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Every list endpoint reads its page and its total in one round trip: the page query carries
 * `count(*) over ()` (the total before LIMIT/OFFSET) in a `total` column, or, for a page PostgreSQL writes as JSON,
 * counts only when the page cannot tell the total (`jsonPageColumns`).
 *
 * Index convention: a list filtered by a merchant (or another owner) and sorted by a key has an index
 * `(merchant_id, <sort key>, id)`, so PostgreSQL walks the page in order and stops; `%search%` on large text
 * columns uses a trigram GIN index (`gin (column gin_trgm_ops)`, pg_trgm; written in a custom migration, e.g.
 * 0003_trigram_search.sql, whose comment has the EXPLAIN that shows it used).
 */
export const totalColumn = () => sql<number>`count(*) over ()`.mapWith(Number).as('total');

/** The page's rows without their `total` column, and the total; a page past the end asks for the total alone. */
export async function toListPage<Row extends { total: number }>(
  rows: Row[],
  offset: number,
  countAll: () => Promise<number>,
): Promise<{ count: number; rows: Omit<Row, 'total'>[] }> {
  const count = rows[0]?.total ?? (offset > 0 ? await countAll() : 0);
  return { count, rows: rows.map(({ total: _total, ...row }) => row) };
}

/**
 * The columns of each sort key a list's contract accepts (`orderingQuery` in the domain); `id` always breaks ties.
 * Declare them as `satisfies SortColumns<(typeof KEYS)[number]>` so a key without columns does not compile.
 */
export type SortColumns<Key extends string = string> = Record<Key, AnyColumn[]>;

/** ORDER BY for an ordering the query parameter allowed; anything else sorts by the first key. */
export function orderBy(keys: SortColumns, ordering: string, id: AnyColumn): SQL[] {
  const descending = ordering.startsWith('-');
  const name = descending ? ordering.slice(1) : ordering;
  const columns = keys[name] ?? Object.values(keys)[0] ?? [];
  const direction = descending ? desc : asc;
  return [...columns.map((column) => direction(column)), direction(id)];
}

/** A timestamp as JSON would carry it from JavaScript: UTC, milliseconds, `Z` (`Date.prototype.toISOString`). */
export const isoTimestamp = (column: JsonField) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON field of a page's rows: a column of the page (or SQL over it) whose PostgreSQL JSON form is the contract's. */
export type JsonField = AnyColumn | SQL | SQL.Aliased;

const JSON_KEY = /^[a-z_][a-z0-9_]*$/;

/** `json_build_object` of the fields, in their order. */
export function jsonObject(fields: Record<string, JsonField>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!JSON_KEY.test(key)) throw new Error(`not a JSON field name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A page as PostgreSQL writes it: the outer select of a list whose page query (its ORDER BY, LIMIT
 * `placeholder('limit')` and OFFSET `placeholder('offset')`, no `totalColumn`) is the subquery `page`. It returns one
 * row, `count` (the total) and `results` (the rows as one JSON array text, in the page's order), so Node parses one
 * text value instead of every field of every row, and sends it unparsed (`toJsonPage` in lib/pagination.ts).
 * `fields` are the contract's fields over the page's columns, declared `satisfies Record<keyof Dto, JsonField>` so
 * that a field missing or extra does not compile; `order` repeats the page's ORDER BY on the page's columns.
 *
 * The page tells the total when it is not full (offset + its rows; 0 for an empty first page); only a full page or
 * one past the end runs `countAll` (the list's `count(*)` over the same filters). PostgreSQL evaluates that
 * uncorrelated subquery only when the CASE reaches it, so most requests skip both the count and a window over
 * every matching row.
 */
export function jsonPageColumns(fields: Record<string, JsonField>, order: SQL[], countAll: SQLWrapper) {
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  return {
    count: sql<number>`case when count(*) > 0 and count(*) < ${limit} then ${offset} + count(*)
      when count(*) = 0 and ${offset} = 0 then 0 else (${countAll}) end`.mapWith(Number),
    results: jsonRowsText(fields, order),
  };
}

/** The rows alone as one JSON array text, in `order` (`jsonPageColumns`' `results`, for a list that counts apart). */
export function jsonRowsText(fields: Record<string, JsonField>, order: SQL[]) {
  return sql<string>`coalesce(json_agg(${jsonObject(fields)} order by ${sql.join(order, sql`, `)}), '[]')::text`;
}
