// Dismissing a missed text (issue 21 item 10): it leaves the missed-messages queue without being sent again.

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '../../db/schema/messaging';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { alreadyHandled } from './resend-missed-message';

/** Takes a missed text off the queue without sending it; again is a no-op; one already sent again → 409. */
export async function dismissMissedMessage(
  ctx: ServiceContext,
  input: { merchantId: string; messageId: string },
): Promise<void> {
  const [dismissed] = await ctx.db
    .update(messages)
    .set({ dismissed_at: ctx.clock(), updated: ctx.clock() })
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(messages.merchant_id, input.merchantId),
        eq(messages.direction, 'outbound'),
        inArray(messages.status, ['failed', 'undelivered']),
        isNull(messages.resent_message_id),
        isNull(messages.dismissed_at),
      ),
    )
    .returning({ id: messages.id });
  if (dismissed) return;
  const [original] = await ctx.db
    .select({ resent_message_id: messages.resent_message_id })
    .from(messages)
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(messages.merchant_id, input.merchantId),
        eq(messages.direction, 'outbound'),
        inArray(messages.status, ['failed', 'undelivered']),
      ),
    );
  if (!original) throw notFound();
  if (original.resent_message_id) throw alreadyHandled();
}
