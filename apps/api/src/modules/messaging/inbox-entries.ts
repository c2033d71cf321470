import { stripInboxSearch, type InboxEntry } from '@paydesk/domain/messaging/inbox.contract';
import { and, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { inboxThreads } from '../../db/schema/messaging';
import type { ServiceContext } from '../../lib/service-context';
import { publishInboxChange } from './messaging.events';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The columns of an inbox entry, over a conversation left-joined to its customer. */
const entryColumns = {
  customer_id: inboxThreads.customer_id,
  first_name: sql<string>`coalesce(${customers.first_name}, '')`,
  last_name: sql<string>`coalesce(${customers.last_name}, '')`,
  external_id: customers.primary_external_id,
  phone_number: sql<string | null>`coalesce(${customers.sms_phone_number}, ${inboxThreads.phone_number})`,
  last_message_body: inboxThreads.last_message_body,
  last_message_created: inboxThreads.last_message_created,
  unread_messages: inboxThreads.unread_messages,
  needs_review: inboxThreads.needs_review,
};

type EntryRow = {
  customer_id: string | null;
  first_name: string;
  last_name: string;
  external_id: string | null;
  phone_number: string | null;
  last_message_body: string;
  last_message_created: Date | null;
  unread_messages: number;
  needs_review: boolean;
};

const toEntry = (row: EntryRow): InboxEntry => ({
  ...row,
  last_message_created: row.last_message_created ? row.last_message_created.toISOString() : null,
});

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const stripped = stripInboxSearch(text);
  const words = [...new Set([text, stripped].filter(Boolean))].map(
    (word) => sql`${customers.search_text} like ${`%${escapeLike(word)}%`}`,
  );
  const digits = /^\d+$/.test(stripped)
    ? [
        sql`${customers.phone_digits} like ${`%${stripped}%`}`,
        sql`${inboxThreads.phone_number} like ${`%${stripped}%`}`,
      ]
    : [];
  return or(...words, ...digits);
}

/**
 * The merchant's conversations, newest first (`inbox_threads_recent_idx`), the unknown senders' among them; one row
 * more than the page is read to know whether there is a next page.
 */
export async function listInbox(
  db: Db,
  merchantId: string,
  query: { page: number; page_size: number; search?: string; location?: string },
): Promise<{ more: boolean; results: InboxEntry[] }> {
  const location = query.location && query.location !== 'all' ? query.location : undefined;
  const rows = await db
    .select(entryColumns)
    .from(inboxThreads)
    .leftJoin(customers, eq(customers.id, inboxThreads.customer_id))
    .where(
      and(
        eq(inboxThreads.merchant_id, merchantId),
        isNotNull(inboxThreads.last_message_created),
        or(isNull(inboxThreads.customer_id), isNull(customers.removed_at)),
        location ? eq(customers.location_id, location) : undefined,
        searchCondition(query.search),
      ),
    )
    .orderBy(sql`${inboxThreads.last_message_created} desc nulls last`, desc(inboxThreads.id))
    .limit(query.page_size + 1)
    .offset((query.page - 1) * query.page_size);
  return { more: rows.length > query.page_size, results: rows.slice(0, query.page_size).map(toEntry) };
}

/** The entry of a customer of the merchant (the caller checked the customer); empty when they have no conversation. */
export async function inboxEntryOf(
  db: Db,
  merchantId: string,
  customer: typeof customers.$inferSelect,
): Promise<InboxEntry> {
  const [thread] = await db
    .select()
    .from(inboxThreads)
    .where(and(eq(inboxThreads.merchant_id, merchantId), eq(inboxThreads.customer_id, customer.id)));
  return toEntry({
    customer_id: customer.id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    external_id: customer.primary_external_id,
    phone_number: customer.sms_phone_number ?? thread?.phone_number ?? null,
    last_message_body: thread?.last_message_body ?? '',
    last_message_created: thread?.last_message_created ?? null,
    unread_messages: thread?.unread_messages ?? 0,
    needs_review: thread?.needs_review ?? false,
  });
}

/**
 * Marks the customer's conversation read: its unread count goes to zero, and the merchant's users' inbox lists hear
 * of it (only when there was something unread).
 */
export async function markInboxRead(ctx: ServiceContext, merchantId: string, customerId: string): Promise<void> {
  const [thread] = await ctx.db
    .update(inboxThreads)
    .set({ unread_messages: 0 })
    .where(
      and(
        eq(inboxThreads.merchant_id, merchantId),
        eq(inboxThreads.customer_id, customerId),
        gt(inboxThreads.unread_messages, 0),
      ),
    )
    .returning();
  if (thread) await publishInboxChange(ctx.events, thread);
}
