// A text the provider accepted and later reported `undelivered` with a transient code (30003 the phone was off or out
// of reach, 30008 unknown): tried again by itself, as a provider refusal at send time is (deliver-message.ts).
//
// Why a new text rather than the same row queued again:
// - Statuses only move forward (delivery-errors.ts `mayMoveTo`), whatever order callbacks arrive in. Putting the row
//   back to `queued` would need an exception to that rule, and a late callback of the first try (a `sent` or
//   `delivered` Twilio posts after `undelivered`, or the same `undelivered` twice) would then move the second try's
//   row, or be taken for it. A new row keeps each try's callbacks on its own row: the first stays `undelivered`.
// - The provider dedupes by the text's key (`message:<id>`, Twilio's I-Twilio-Idempotency-Token): the same row
//   sent again would be answered with the first, undelivered, send. A new row has its own key.
// - It is what sending again from the missed-messages queue does: the original records `resent_message_id` (it leaves
//   the queue, and the conversation shows both tries), so a person cannot resend it a second time.
// The new text carries the tries spent (`attempts`): the chain stops at MESSAGE_MAX_ATTEMPTS, the last try staying
// `undelivered` in the missed-messages queue. It waits the same backoff as a send-time retry, then goes through the
// one send path (consent, do-not-contact and the sending window are checked again by the job).

import { isRetryableErrorCode } from '@paydesk/domain/messaging/delivery-errors';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '../../db/schema/messaging';
import type { TransactionContext } from '../../lib/service-context';
import { retryDelaySeconds } from './deliver-message';
import type { MessageRow } from './message-view';
import { MESSAGE_MAX_ATTEMPTS } from './messaging.jobs';
import { queueMessage } from './queue-message';

/**
 * In the transaction that recorded the message `undelivered` with `code` (so once per message, however often the
 * callback is posted): queues its retry when the code is transient and tries remain. Answers the new text, if any.
 */
export async function retryUndeliveredMessage(
  tx: TransactionContext,
  message: MessageRow,
  code: string | null,
): Promise<MessageRow | null> {
  if (!isRetryableErrorCode(code) || message.attempts >= MESSAGE_MAX_ATTEMPTS || !message.to_number) return null;
  const [open] = await tx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, message.id), isNull(messages.resent_message_id), isNull(messages.dismissed_at)))
    .for('update');
  if (!open) return null;
  const retry = await queueMessage(tx, {
    merchantId: message.merchant_id,
    customerId: message.customer_id,
    accountId: message.account_id,
    to: message.to_number,
    body: message.body,
    attachments: message.attachments,
    kind: message.kind,
    sender: message.sender,
    senderUserId: message.sender_user_id,
    // An automated text's key stays with the first try (its job finds it there); this one is keyed by the try.
    idempotencyKey: message.idempotency_key ? `${message.idempotency_key}:try:${message.attempts + 1}` : undefined,
    attempts: message.attempts,
    sendAfter: new Date(tx.clock().getTime() + retryDelaySeconds(message.attempts) * 1000),
  });
  await tx.db
    .update(messages)
    .set({ resent_message_id: retry.id, updated: tx.clock() })
    .where(eq(messages.id, message.id));
  return retry;
}
