import type { TAG_SORT_KEYS } from '@paydesk/domain/tags/tags.contract';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { accountTags } from '../../db/schema/tags';

export type AccountTagRow = typeof accountTags.$inferSelect;

const TAG_SORT_COLUMNS = {
  name: [accountTags.name],
  created: [accountTags.created],
} satisfies SortColumns<(typeof TAG_SORT_KEYS)[number]>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function tagFilters(merchantId: string, search: string): SQL | undefined {
  const filters: SQL[] = [eq(accountTags.merchant_id, merchantId)];
  if (search) filters.push(sql`${accountTags.name} ilike ${`%${escapeLike(search)}%`}`);
  return and(...filters);
}

export async function findTags(
  db: Db,
  merchantId: string,
  page: { limit: number; offset: number; ordering: string; search: string },
): Promise<{ count: number; rows: AccountTagRow[] }> {
  const where = tagFilters(merchantId, page.search);
  const rows = await db
    .select({ tag: accountTags, total: totalColumn() })
    .from(accountTags)
    .where(where)
    .orderBy(...orderBy(TAG_SORT_COLUMNS, page.ordering, accountTags.id))
    .limit(page.limit)
    .offset(page.offset);
  const listPage = await toListPage(rows, page.offset, async () => {
    const [total] = await db.select({ count: count() }).from(accountTags).where(where);
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.tag) };
}

export async function findTag(db: Db, merchantId: string, tagId: string): Promise<AccountTagRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTags)
    .where(and(eq(accountTags.merchant_id, merchantId), eq(accountTags.id, tagId)));
  return row;
}

export async function insertTag(db: Db, values: typeof accountTags.$inferInsert): Promise<AccountTagRow> {
  const [row] = await db.insert(accountTags).values(values).returning();
  if (!row) throw new Error('tag not inserted');
  return row;
}

export async function updateTag(db: Db, tagId: string, name: string): Promise<AccountTagRow | undefined> {
  const [row] = await db.update(accountTags).set({ name }).where(eq(accountTags.id, tagId)).returning();
  return row;
}

export async function deleteTag(db: Db, tagId: string): Promise<void> {
  await db.delete(accountTags).where(eq(accountTags.id, tagId));
}
