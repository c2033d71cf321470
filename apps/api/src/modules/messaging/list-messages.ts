import type { Db } from '../../db/client';
import { and, desc, eq, ilike } from 'drizzle-orm';
import { messages } from '../../db/schema/messaging';
import { toMessageDto, type MessageRow, type MessageViewContext } from './message-view';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A customer's conversation, newest first, `pageSize` at a time (SPEC §9: 25), optionally only messages whose
 * text holds `search`. One row more than the page is read to know whether there is a next page.
 */
export async function listMessages(
  ctx: MessageViewContext & { db: Db },
  merchantId: string,
  customerId: string,
  query: { page: number; page_size: number; search?: string },
) {
  const search = query.search?.trim();
  const rows: MessageRow[] = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.merchant_id, merchantId),
        eq(messages.customer_id, customerId),
        search ? ilike(messages.body, `%${escapeLike(search)}%`) : undefined,
      ),
    )
    .orderBy(desc(messages.created), desc(messages.id))
    .limit(query.page_size + 1)
    .offset((query.page - 1) * query.page_size);
  return {
    more: rows.length > query.page_size,
    results: rows.slice(0, query.page_size).map((row) => toMessageDto(row, ctx)),
  };
}
