import type { TEMPLATE_SORT_KEYS } from '@paydesk/domain/message-templates/message-templates.contract';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { messageTemplates } from '../../db/schema/message-templates';

export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
export type MessageTemplateValues = Omit<typeof messageTemplates.$inferInsert, 'id' | 'merchant_id' | 'created'>;

const SORT_COLUMNS = {
  name: [messageTemplates.name],
  updated: [messageTemplates.updated],
} satisfies SortColumns<(typeof TEMPLATE_SORT_KEYS)[number]>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function listFilters(merchantId: string, search: string): SQL | undefined {
  const filters: SQL[] = [eq(messageTemplates.merchant_id, merchantId), eq(messageTemplates.is_visible, true)];
  if (search) filters.push(sql`${messageTemplates.name} ilike ${`%${escapeLike(search)}%`}`);
  return and(...filters);
}

/** A page of the merchant's visible templates by name (hidden ones are the mass modal's one-off templates). */
export async function findTemplates(
  db: Db,
  merchantId: string,
  page: { limit: number; offset: number; search: string; ordering: string },
): Promise<{ count: number; rows: MessageTemplateRow[] }> {
  const where = listFilters(merchantId, page.search);
  const rows = await db
    .select({ template: messageTemplates, total: totalColumn() })
    .from(messageTemplates)
    .where(where)
    .orderBy(...orderBy(SORT_COLUMNS, page.ordering, messageTemplates.id))
    .limit(page.limit)
    .offset(page.offset);
  const listPage = await toListPage(rows, page.offset, async () => {
    const [total] = await db.select({ count: count() }).from(messageTemplates).where(where);
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.template) };
}

export async function findTemplate(
  db: Db,
  merchantId: string,
  templateId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MessageTemplateRow | undefined> {
  const query = db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.merchant_id, merchantId), eq(messageTemplates.id, templateId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertTemplate(
  db: Db,
  merchantId: string,
  values: MessageTemplateValues,
): Promise<MessageTemplateRow> {
  const [row] = await db
    .insert(messageTemplates)
    .values({ ...values, merchant_id: merchantId })
    .returning();
  if (!row) throw new Error('message template not inserted');
  return row;
}

export async function updateTemplate(
  db: Db,
  templateId: string,
  values: Partial<MessageTemplateValues>,
): Promise<MessageTemplateRow> {
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, updated: sql`now()` })
    .where(eq(messageTemplates.id, templateId))
    .returning();
  if (!row) throw new Error('message template not updated');
  return row;
}

export async function deleteTemplate(db: Db, templateId: string): Promise<void> {
  await db.delete(messageTemplates).where(eq(messageTemplates.id, templateId));
}
