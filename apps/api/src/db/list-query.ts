import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Every list endpoint reads its page and its total in one round trip: the page query carries
 * `count(*) over ()` (the total before LIMIT/OFFSET) in a `total` column.
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
