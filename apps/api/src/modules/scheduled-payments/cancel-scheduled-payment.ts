// Cancelling a scheduled payment that has not run (SPEC §7 `cancel_scheduled_payment`). The state is changed under
// the row's lock, so a run that claims it at the same moment and this cancel never both win. A promise it was to keep
// stays, Confirmed but no longer scheduled (`unschedulePromiseOf`), in the same transaction.

import type { ScheduledPayment } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { and, eq } from 'drizzle-orm';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import { HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { unschedulePromiseOf } from '../promises/promises.public';
import { readScheduledPayment } from './scheduled-payment-view';

export async function cancelScheduledPayment(
  ctx: ServiceContext,
  merchantId: string,
  userId: string,
  id: string,
): Promise<ScheduledPayment> {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.id, id), eq(scheduledPayments.merchant_id, merchantId)))
      .for('update');
    if (!row) throw notFound();
    if (row.state !== 'scheduled') throw new HttpError('scheduled_payment.not_cancellable');
    const now = tx.clock();
    await tx.db
      .update(scheduledPayments)
      .set({ state: 'cancelled', cancelled_by: userId, cancelled_at: now, updated: now })
      .where(eq(scheduledPayments.id, id));
    await recordCustomerEvent(tx, {
      merchantId,
      customerId: row.customer_id,
      accountId: row.account_id,
      kind: 'scheduled_payment.cancelled',
      actor: { id: userId },
      before: { state: 'scheduled' },
      after: { scheduled_payment_id: id, state: 'cancelled', amount_cents: row.amount_cents, date: row.scheduled_date },
    });
    await unschedulePromiseOf(tx, id, { id: userId });
  });
  return readScheduledPayment(ctx.db, merchantId, id);
}
