// The automatic retries of soft-declined scheduled and autopay payments (issue 19 item 4), run by a job every few
// minutes. Each retry's payment key is `retry:{failed payment id}`, so two processes running the job at once, or a
// person retrying at the same moment, charge once. A retry the account's rules now refuse (paid up meanwhile,
// inactive, the method removed) stops the automatic retries of that payment, with the reason in the history.

import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import { HttpError } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { findDueAutomaticRetries } from './failed-payment-view';
import { chargeRetry } from './retry-failed-payment';

const BATCH = 50;

/** Runs the retries that are due; answers how many it ran. */
export async function runAutomaticRetries(ctx: ProviderContext): Promise<number> {
  let ran = 0;
  for (;;) {
    const due = await findDueAutomaticRetries(ctx.db, ctx.clock(), BATCH);
    for (const failed of due) {
      try {
        await chargeRetry(ctx, failed, null);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        await withTransaction(ctx, async (tx) => {
          await tx.db
            .update(payments)
            .set({ automatic_retry_stopped: error.detail, updated: tx.clock() })
            .where(eq(payments.id, failed.id));
          await recordCustomerEvent(tx, {
            merchantId: failed.merchantId,
            customerId: failed.customer.id,
            accountId: failed.account.id,
            kind: 'payment.retry_stopped',
            actor: null,
            after: { payment_id: failed.id, reason: error.detail },
          });
        });
      }
    }
    ran += due.length;
    if (due.length < BATCH) return ran;
  }
}
