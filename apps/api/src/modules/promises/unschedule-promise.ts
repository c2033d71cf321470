// When the scheduled payment that was to keep a promise is cancelled (SPEC §7 `cancel_scheduled_payment`), the
// promise stays: the customer still said they would pay. It is no longer SCHEDULED (SPEC §3: nothing will take it
// at its time) but PROMISE_CONFIRMED, still shown Confirmed, and still open: at its time it is settled like any
// other from what was paid on the account (kept, partly kept or broken). Written in the cancel's transaction and
// recorded in the customer's history as `promise.unscheduled`.

import { and, eq } from 'drizzle-orm';
import { paymentPromises } from '../../db/schema/promises';
import type { TransactionContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';

/** Unschedules the open promise paid by this scheduled payment, if there is one. */
export async function unschedulePromiseOf(
  tx: TransactionContext,
  scheduledPaymentId: string,
  actor: { id: string } | null,
): Promise<void> {
  const rows = await tx.db
    .update(paymentPromises)
    .set({ status: 'PROMISE_CONFIRMED' })
    .where(
      and(
        eq(paymentPromises.scheduled_payment_id, scheduledPaymentId),
        eq(paymentPromises.status, 'SCHEDULED'),
        eq(paymentPromises.outcome, 'open'),
      ),
    )
    .returning();
  for (const row of rows) {
    await recordCustomerEvent(tx, {
      merchantId: row.merchant_id,
      customerId: row.customer_id,
      accountId: row.account_id,
      kind: 'promise.unscheduled',
      actor,
      before: { status: 'SCHEDULED' },
      after: { promise_id: row.id, scheduled_payment_id: scheduledPaymentId, status: 'PROMISE_CONFIRMED' },
    });
  }
}
