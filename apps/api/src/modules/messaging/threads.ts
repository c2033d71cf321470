import { and, eq, isNull, sql } from 'drizzle-orm';
import { inboxThreads, messages } from '../../db/schema/messaging';
import type { TransactionContext } from '../../lib/service-context';
import type { MessageRow } from './message-view';
import { publishInboxChange, publishMessageChange } from './messaging.events';

type NewMessage = Omit<typeof messages.$inferInsert, 'thread_id' | 'merchant_id'>;

/**
 * Writes a message and brings its conversation up to date (last body and time, unread count for inbound, the
 * review flag) in the caller's transaction, and tells the merchant's users (the chat socket, the inbox list). The
 * conversation is the customer's, or the unknown number's.
 */
export async function appendMessage(
  tx: TransactionContext,
  merchantId: string,
  phoneNumber: string | null,
  message: NewMessage,
): Promise<MessageRow> {
  const threadId = await threadOf(tx, merchantId, message.customer_id ?? null, phoneNumber);
  const now = tx.clock();
  const [row] = await tx.db
    .insert(messages)
    .values({ ...message, merchant_id: merchantId, thread_id: threadId, created: now, updated: now })
    .returning();
  if (!row) throw new Error('message not written');
  const inbound = row.direction === 'inbound';
  const [thread] = await tx.db
    .update(inboxThreads)
    .set({
      last_message_body: row.body,
      last_message_created: now,
      ...(phoneNumber ? { phone_number: phoneNumber } : {}),
      ...(inbound
        ? {
            unread_messages: sql`${inboxThreads.unread_messages} + 1`,
            first_unread_created: sql`coalesce(${inboxThreads.first_unread_created}, ${now})`,
          }
        : {}),
      ...(row.flagged_opt_out ? { needs_review: true } : {}),
    })
    .where(eq(inboxThreads.id, threadId))
    .returning();
  await publishMessageChange(tx.events, row);
  if (thread) await publishInboxChange(tx.events, thread);
  return row;
}

async function threadOf(
  tx: TransactionContext,
  merchantId: string,
  customerId: string | null,
  phoneNumber: string | null,
): Promise<string> {
  const match = customerId
    ? and(eq(inboxThreads.merchant_id, merchantId), eq(inboxThreads.customer_id, customerId))
    : and(
        eq(inboxThreads.merchant_id, merchantId),
        isNull(inboxThreads.customer_id),
        eq(inboxThreads.phone_number, phoneNumber ?? ''),
      );
  const [found] = await tx.db.select({ id: inboxThreads.id }).from(inboxThreads).where(match);
  if (found) return found.id;
  const [created] = await tx.db
    .insert(inboxThreads)
    .values({ merchant_id: merchantId, customer_id: customerId, phone_number: phoneNumber })
    .onConflictDoNothing()
    .returning({ id: inboxThreads.id });
  if (created) return created.id;
  const [raced] = await tx.db.select({ id: inboxThreads.id }).from(inboxThreads).where(match);
  if (!raced) throw new Error('conversation not found after a concurrent insert');
  return raced.id;
}
