// A promise to pay with a saved method (issue 19 item 3) is paid at its time by a scheduled payment: the same run,
// claim and key (`scheduled:{id}`) as any other, so a restart or a second process never charges twice. Written in
// the promise's transaction; the promise's own text (PAYMENT_PROMISE_CONFIRMED) stands for PAYMENT_SCHEDULED.

import { sql } from 'drizzle-orm';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import type { TransactionContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';

export type PromisedPayment = {
  merchantId: string;
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  /** The promise time: the run takes it at its first pass from then. */
  runAt: Date;
  promiseId: string;
  createdBy: string | null;
};

/** Schedules the promised payment; answers the scheduled payment's id. */
export async function schedulePromisedPayment(tx: TransactionContext, input: PromisedPayment): Promise<string> {
  const now = tx.clock();
  const [row] = await tx.db
    .insert(scheduledPayments)
    .values({
      merchant_id: input.merchantId,
      account_id: input.accountId,
      customer_id: input.customerId,
      payment_method_id: input.paymentMethodId,
      amount_cents: input.amountCents,
      // The promise time's day on the merchant's wall clock.
      scheduled_date: sql`(${input.runAt.toISOString()}::timestamptz at time zone (select timezone from merchants where id = ${input.merchantId}))::date`,
      run_at: input.runAt,
      created_by: input.createdBy,
      created: now,
      updated: now,
    })
    .returning({ id: scheduledPayments.id, date: scheduledPayments.scheduled_date });
  if (!row) throw new Error('promised payment not scheduled');
  await recordCustomerEvent(tx, {
    merchantId: input.merchantId,
    customerId: input.customerId,
    accountId: input.accountId,
    kind: 'scheduled_payment.created',
    actor: input.createdBy ? { id: input.createdBy } : null,
    after: {
      scheduled_payment_id: row.id,
      promise_id: input.promiseId,
      amount_cents: input.amountCents,
      date: row.date,
    },
  });
  return row.id;
}
