import type { MessageKind } from '@paydesk/domain/messaging/messaging.contract';
import { withOptOutLine } from '@paydesk/domain/messaging/keywords';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { and, eq } from 'drizzle-orm';
import { messages, type MessageAttachment } from '../../db/schema/messaging';
import { sendMessageJob } from './messaging.jobs';
import type { MessageRow } from './message-view';
import { settingsOf } from './sending-numbers';
import { appendMessage } from './threads';

export type QueuedText = {
  merchantId: string;
  customerId: string | null;
  accountId?: string | null;
  to: string;
  body: string;
  attachments?: MessageAttachment[];
  kind: MessageKind;
  sender: string;
  senderUserId?: string | null;
  /** A collection text: carries the merchant's opt-out line while it has the line on (the default). */
  collection?: boolean;
  /** One message per key and merchant: queued again, the first one is answered and nothing is sent twice. */
  idempotencyKey?: string;
  /** Not before then (a retry's backoff): the job starts then. */
  sendAfter?: Date;
  /** Provider tries already spent on this text (an automatic retry of an undelivered one carries them). */
  attempts?: number;
};

/**
 * The one send path of every sender (inbox, keyword answers, automations, campaigns): a `queued` message and its
 * job, written together in the caller's transaction (or one of its own). The job checks consent and quiet hours
 * again and calls the provider.
 */
export async function queueMessage(ctx: ServiceContext, text: QueuedText): Promise<MessageRow> {
  return withTransaction(ctx, async (tx) => {
    if (text.idempotencyKey) {
      const [queued] = await tx.db
        .select()
        .from(messages)
        .where(and(eq(messages.merchant_id, text.merchantId), eq(messages.idempotency_key, text.idempotencyKey)));
      if (queued) return queued;
    }
    let body = text.body;
    if (text.collection) {
      const settings = await settingsOf(tx.db, text.merchantId);
      if (settings?.opt_out_line ?? true) body = withOptOutLine(body);
    }
    const row = await appendMessage(tx, text.merchantId, text.to, {
      customer_id: text.customerId,
      account_id: text.accountId ?? null,
      direction: 'outbound',
      kind: text.kind,
      sender: text.sender,
      sender_user_id: text.senderUserId ?? null,
      body,
      attachments: text.attachments ?? [],
      to_number: text.to,
      status: 'queued',
      idempotency_key: text.idempotencyKey ?? null,
      send_after: text.sendAfter ?? null,
      attempts: text.attempts ?? 0,
    });
    await tx.jobs.send(sendMessageJob, { messageId: row.id }, text.sendAfter ? { startAfter: text.sendAfter } : {});
    return row;
  });
}
