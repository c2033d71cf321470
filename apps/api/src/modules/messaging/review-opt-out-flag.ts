import { NO_OPT_OUT_FLAG } from '@paydesk/domain/messaging/inbox.contract';
import { and, eq } from 'drizzle-orm';
import { inboxThreads, messages } from '../../db/schema/messaging';
import { FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { changeTextConsentFromReply } from '../customers/customers.public';

/**
 * A person reviews the customer's replies flagged as reading like an opt-out ("stop texting me"): `confirm` opts the
 * customer out of texts (consent ledger, method `staff`, the flagged words, this user); `dismiss` leaves consent as
 * it is. Either way the flags are cleared, in one transaction. No flag waiting → 400.
 */
export async function reviewOptOutFlag(
  ctx: ServiceContext,
  input: {
    merchantId: string;
    customer: { id: string; merchant_id: string };
    action: 'confirm' | 'dismiss';
    actor: Actor;
  },
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const flagged = await tx.db
      .update(messages)
      .set({ flagged_opt_out: false, updated: tx.clock() })
      .where(
        and(
          eq(messages.merchant_id, input.merchantId),
          eq(messages.customer_id, input.customer.id),
          eq(messages.flagged_opt_out, true),
        ),
      )
      .returning({ body: messages.body, created: messages.created });
    const [thread] = await tx.db
      .update(inboxThreads)
      .set({ needs_review: false })
      .where(
        and(
          eq(inboxThreads.merchant_id, input.merchantId),
          eq(inboxThreads.customer_id, input.customer.id),
          eq(inboxThreads.needs_review, true),
        ),
      )
      .returning({ id: inboxThreads.id });
    if (flagged.length === 0 && !thread) throw FieldErrors.of('non_field_errors', NO_OPT_OUT_FLAG);
    if (input.action === 'dismiss') return;
    const words = flagged
      .sort((a, b) => a.created.getTime() - b.created.getTime())
      .map((message) => message.body.trim())
      .join(' / ');
    await changeTextConsentFromReply(tx, input.customer, {
      optedIn: false,
      words: words || 'Confirmed from a flagged reply',
      method: 'staff',
      actor: input.actor,
    });
  });
}
