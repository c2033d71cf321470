import { stripInboxSearch, THROUGH_MESSAGE_UNKNOWN, type InboxEntry } from '@paydesk/domain/messaging/inbox.contract';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { inboxThreads, messages } from '../../db/schema/messaging';
import { FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
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

/** What a search looks for: the words (as typed, and with parentheses, dashes and plus signs stripped), and digits. */
function searchTerms(search: string | undefined): { words: string[]; digits: string | null } | null {
  const text = search?.trim().toLowerCase();
  if (!text) return null;
  const stripped = stripInboxSearch(text);
  return { words: [...new Set([text, stripped].filter(Boolean))], digits: /^\d+$/.test(stripped) ? stripped : null };
}

const newestFirst = [sql`${inboxThreads.last_message_created} desc nulls last`, desc(inboxThreads.id)] as const;

type Query = { page: number; page_size: number; search?: string; location?: string };

/**
 * The merchant's conversations, newest first (`inbox_threads_recent_idx`), the unknown senders' among them; one row
 * more than the page is read to know whether there is a next page.
 */
export async function listInbox(
  db: Db,
  merchantId: string,
  query: Query,
): Promise<{ more: boolean; results: InboxEntry[] }> {
  const location = query.location && query.location !== 'all' ? query.location : undefined;
  const terms = searchTerms(query.search);
  const offset = (query.page - 1) * query.page_size;
  const rows = terms
    ? await searchInbox(db, merchantId, terms, location, offset + query.page_size + 1)
    : await db
        .select(entryColumns)
        .from(inboxThreads)
        .leftJoin(customers, eq(customers.id, inboxThreads.customer_id))
        .where(
          and(
            eq(inboxThreads.merchant_id, merchantId),
            isNotNull(inboxThreads.last_message_created),
            or(isNull(inboxThreads.customer_id), isNull(customers.removed_at)),
            location ? eq(customers.location_id, location) : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(query.page_size + 1)
        .offset(offset);
  const page = terms ? rows.slice(offset) : rows;
  return { more: page.length > query.page_size, results: page.slice(0, query.page_size).map(toEntry) };
}

/**
 * The first `limit` matching conversations, newest first: the customers' and the unknown senders' searched apart and
 * merged. One query over both would need an OR across the two tables, which no index answers (with 100,000
 * conversations, a phone search read them all: ~0.5 s); apart, the customers' trigram indexes find a rare match and
 * the newest-first walk a common one (bench/BENCHMARKS.md, inbox list).
 */
async function searchInbox(
  db: Db,
  merchantId: string,
  terms: { words: string[]; digits: string | null },
  location: string | undefined,
  limit: number,
): Promise<EntryRow[]> {
  const selection = { ...entryColumns, thread_id: inboxThreads.id };
  const customersMatch = or(
    ...terms.words.map((word) => sql`${customers.search_text} like ${`%${escapeLike(word)}%`}`),
    ...(terms.digits ? [sql`${customers.phone_digits} like ${`%${terms.digits}%`}`] : []),
  );
  const customersThreads = db
    .select(selection)
    .from(inboxThreads)
    .innerJoin(customers, eq(customers.id, inboxThreads.customer_id))
    .where(
      and(
        eq(inboxThreads.merchant_id, merchantId),
        isNotNull(inboxThreads.last_message_created),
        eq(customers.merchant_id, merchantId),
        isNull(customers.removed_at),
        location ? eq(customers.location_id, location) : undefined,
        customersMatch,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  // Unknown senders have only their number, and no location (a location filter leaves them out).
  const unknownThreads =
    terms.digits && !location
      ? db
          .select(selection)
          .from(inboxThreads)
          .leftJoin(customers, eq(customers.id, inboxThreads.customer_id))
          .where(
            and(
              eq(inboxThreads.merchant_id, merchantId),
              isNull(inboxThreads.customer_id),
              isNotNull(inboxThreads.last_message_created),
              sql`${inboxThreads.phone_number} like ${`%${terms.digits}%`}`,
            ),
          )
          .orderBy(...newestFirst)
          .limit(limit)
      : Promise.resolve([]);
  const [known, unknown] = await Promise.all([customersThreads, unknownThreads]);
  return [...known, ...unknown].sort(newerFirst).slice(0, limit).map(withoutThreadId);
}

const withoutThreadId = ({ thread_id: _threadId, ...row }: EntryRow & { thread_id: string }): EntryRow => row;

/** The list's order: the newest last message first, ties by thread id, descending (as `newestFirst` sorts). */
function newerFirst(a: EntryRow & { thread_id: string }, b: EntryRow & { thread_id: string }): number {
  const time = (b.last_message_created?.getTime() ?? 0) - (a.last_message_created?.getTime() ?? 0);
  if (time !== 0) return time;
  return a.thread_id < b.thread_id ? 1 : a.thread_id > b.thread_id ? -1 : 0;
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
 * Marks the customer's conversation read, up to the newest message the user saw (`throughMessageId`, any direction;
 * absent: all of it). The unread replies are always the conversation's newest `unread_messages` inbound messages
 * (each reply adds one, reading takes the count down), so what stays unread is those after the seen message, never
 * more than were unread. At zero the conversation leaves the customer-replies queue. The row is locked first: a reply
 * written meanwhile either counts here (committed before) or adds itself after. The merchant's users' inbox lists
 * hear of a change.
 */
export async function markInboxRead(
  ctx: ServiceContext,
  merchantId: string,
  customerId: string,
  throughMessageId?: string,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [thread] = await tx.db
      .select()
      .from(inboxThreads)
      .where(and(eq(inboxThreads.merchant_id, merchantId), eq(inboxThreads.customer_id, customerId)))
      .for('update');
    let unread = 0;
    let firstUnread: Date | null = null;
    if (throughMessageId) {
      const [seen] = thread
        ? await tx.db
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.id, throughMessageId), eq(messages.thread_id, thread.id)))
        : [];
      if (!thread || !seen) throw FieldErrors.of('through_message', THROUGH_MESSAGE_UNKNOWN);
      const [after] = await tx.db
        .select({
          count: sql<number>`count(*)::int`,
          first: sql<Date | null>`min(${messages.created})`.mapWith(messages.created),
        })
        .from(messages)
        .where(
          and(
            eq(messages.thread_id, thread.id),
            eq(messages.direction, 'inbound'),
            sql`(${messages.created}, ${messages.id}) > (select m.created, m.id from messages m where m.id = ${seen.id})`,
          ),
        );
      if (after && after.count >= thread.unread_messages) return;
      unread = after?.count ?? 0;
      firstUnread = unread > 0 ? (after?.first ?? null) : null;
    }
    if (!thread || thread.unread_messages === unread) return;
    const [updated] = await tx.db
      .update(inboxThreads)
      .set({ unread_messages: unread, first_unread_created: firstUnread })
      .where(eq(inboxThreads.id, thread.id))
      .returning();
    if (updated) await publishInboxChange(tx.events, updated);
  });
}
