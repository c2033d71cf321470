// Confirming a promise to pay (SPEC §3: PROMISED shows Unconfirmed, PROMISE_CONFIRMED Confirmed), by staff or by the
// customer's YES / CONFIRM reply, under the promise's lock; the customer gets PAYMENT_PROMISE_CONFIRMED. One already
// confirmed or scheduled is answered as it is; a settled one can no longer be confirmed.

import type { PaymentPromise } from '@paydesk/domain/promises/promises.contract';
import { and, eq, gt } from 'drizzle-orm';
import { paymentPromises } from '../../db/schema/promises';
import { HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext, type TransactionContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { readPromise } from './promise-view';
import { queuePromiseText } from './promise-texts';

type PromiseRow = typeof paymentPromises.$inferSelect;

/** Staff confirm a promise of their merchant. */
export async function confirmPromise(
  ctx: ServiceContext,
  input: { merchantId: string; userId: string; promiseId: string },
): Promise<PaymentPromise> {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(paymentPromises)
      .where(and(eq(paymentPromises.id, input.promiseId), eq(paymentPromises.merchant_id, input.merchantId)))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'PROMISED') return;
    if (row.outcome !== 'open') throw new HttpError('promise.not_open');
    await markConfirmed(tx, row, input.userId);
  });
  return readPromise(ctx.db, input.merchantId, input.promiseId);
}

/** The customer replied YES or CONFIRM: their unconfirmed promises still ahead are confirmed; answers how many. */
export async function confirmPromisesByReply(
  tx: TransactionContext,
  input: { merchantId: string; customerId: string },
): Promise<number> {
  const rows = await tx.db
    .select()
    .from(paymentPromises)
    .where(
      and(
        eq(paymentPromises.merchant_id, input.merchantId),
        eq(paymentPromises.customer_id, input.customerId),
        eq(paymentPromises.status, 'PROMISED'),
        eq(paymentPromises.outcome, 'open'),
        gt(paymentPromises.scheduled_date, tx.clock()),
      ),
    )
    .for('update');
  for (const row of rows) await markConfirmed(tx, row, null);
  return rows.length;
}

async function markConfirmed(tx: TransactionContext, row: PromiseRow, userId: string | null): Promise<void> {
  const now = tx.clock();
  await tx.db
    .update(paymentPromises)
    .set({ status: 'PROMISE_CONFIRMED', confirmed_at: now, confirmed_by: userId })
    .where(eq(paymentPromises.id, row.id));
  await recordCustomerEvent(tx, {
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    accountId: row.account_id,
    kind: 'promise.confirmed',
    actor: userId ? { id: userId } : null,
    before: { status: 'PROMISED' },
    after: { promise_id: row.id, status: 'PROMISE_CONFIRMED', how: userId ? 'staff' : 'customer_reply' },
  });
  await queuePromiseText(tx, row, 'PAYMENT_PROMISE_CONFIRMED');
}
