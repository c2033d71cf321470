// Sending a missed text again (issue 21 item 10): a new text with the same body and attachments, through the one send
// path (queued, then consent, do-not-contact and quiet hours checked again by the job). The original records the new
// text's id and leaves the queue, in the transaction that queues it, under a row lock: two people (or two keys)
// resending it at once send it once, and the second is told it was already sent again.

import { isResendableErrorCode, secondaryMessageOf } from '@paydesk/domain/messaging/delivery-errors';
import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { messages } from '../../db/schema/messaging';
import { CatalogueError, FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { refusalToText } from './may-text';
import { toMessageDto } from './message-view';
import { queueMessage } from './queue-message';
import { sendingNumberFor } from './sending-numbers';

const NO_PHONE = 'The customer has no phone number for texts.';
const NO_NUMBER = 'This merchant has no number to send texts from.';

export const alreadyHandled = () => new HttpError('message.already_handled');

export async function resendMissedMessage(
  ctx: ServiceContext,
  input: { merchantId: string; messageId: string; user: { id: string; name: string } },
): Promise<Message> {
  const [original] = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(messages.merchant_id, input.merchantId),
        eq(messages.direction, 'outbound'),
      ),
    );
  if (!original || (original.status !== 'failed' && original.status !== 'undelivered')) throw notFound();
  if (original.resent_message_id || original.dismissed_at) throw alreadyHandled();
  if (!isResendableErrorCode(original.error_code)) {
    const reason = original.secondary_message ?? secondaryMessageOf(original.error_code);
    throw new HttpError('message.not_resendable', `This text can not be sent again. ${reason}`);
  }

  const [customer] = original.customer_id
    ? await ctx.db
        .select({ sms_phone_number: customers.sms_phone_number, location_id: customers.location_id })
        .from(customers)
        .where(eq(customers.id, original.customer_id))
    : [];
  if (original.customer_id) {
    const refusal = await refusalToText(ctx.db, original.customer_id, original.account_id);
    if (refusal) throw new CatalogueError(refusal);
  }
  // The customer's number as it is now (it may have been corrected since); an unknown sender's stays.
  const to = original.customer_id ? customer?.sms_phone_number : original.to_number;
  if (!to) throw FieldErrors.of('non_field_errors', NO_PHONE);
  if (!(await sendingNumberFor(ctx.db, input.merchantId, customer?.location_id ?? null))) {
    throw FieldErrors.of('non_field_errors', NO_NUMBER);
  }

  const resent = await withTransaction(ctx, async (tx) => {
    const [open] = await tx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, original.id), isNull(messages.resent_message_id), isNull(messages.dismissed_at)))
      .for('update');
    if (!open) throw alreadyHandled();
    const row = await queueMessage(tx, {
      merchantId: input.merchantId,
      customerId: original.customer_id,
      accountId: original.account_id,
      to,
      body: original.body,
      attachments: original.attachments,
      // A keyword's answer sent again by a person is a person's text: the job checks consent for it.
      kind: original.kind === 'system' ? 'manual' : original.kind,
      sender: input.user.name,
      senderUserId: input.user.id,
    });
    await tx.db
      .update(messages)
      .set({ resent_message_id: row.id, updated: tx.clock() })
      .where(eq(messages.id, original.id));
    return row;
  });
  return toMessageDto(resent, ctx);
}
