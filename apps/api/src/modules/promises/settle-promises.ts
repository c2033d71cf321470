// Settling promises to pay (issue 19 item 3): at its time, a promise is kept when the payments on the account since
// it was recorded cover it, partially kept when they cover some, broken when there were none (`promiseOutcomeOf`).
// A payment counts for one promise only: the one due first takes it (`allocatePaymentsToPromises`). A promise paid
// by its own scheduled payment waits for that run (the settle-due job comes back to it), and the payment that run
// took counts even when it came a few minutes after the promise time. Database-only: each promise is settled under
// its row's lock, once (`outcome = 'open'`).

import { allocatePaymentsToPromises } from '@paydesk/domain/promises/promise-allocation';
import { promiseOutcomeOf } from '@paydesk/domain/promises/promises.contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import { paymentPromises } from '../../db/schema/promises';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import { withTransaction, type ServiceContext, type TransactionContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { listAccountPaymentsBetween } from '../payments/payments.public';

const BATCH = 100;

/** Settles the promise if its time has come and it is still open; joins the caller's transaction. */
export async function settlePromise(ctx: ServiceContext, promiseId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db
      .select()
      .from(paymentPromises)
      .where(
        and(
          eq(paymentPromises.id, promiseId),
          eq(paymentPromises.outcome, 'open'),
          lte(paymentPromises.scheduled_date, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return;
    const paid = await paidTowards(tx, row);
    if (paid === null) return; // its scheduled payment has not run yet
    const outcome = promiseOutcomeOf(row.amount_cents, paid);
    await tx.db
      .update(paymentPromises)
      .set({ outcome, paid_cents: paid, resolved_at: now })
      .where(eq(paymentPromises.id, row.id));
    await recordCustomerEvent(tx, {
      merchantId: row.merchant_id,
      customerId: row.customer_id,
      accountId: row.account_id,
      kind: `promise.${outcome}`,
      actor: null,
      after: { promise_id: row.id, amount_cents: row.amount_cents, paid_cents: paid },
    });
  });
}

/**
 * What was paid towards the promise: the account's payments shared out among its promises due no later than this
 * one; null while the promise's own scheduled payment is still to run.
 */
async function paidTowards(
  tx: TransactionContext,
  promise: typeof paymentPromises.$inferSelect,
): Promise<number | null> {
  const promises = await tx.db
    .select({
      id: paymentPromises.id,
      created: paymentPromises.created,
      due: paymentPromises.scheduled_date,
      amountCents: paymentPromises.amount_cents,
      runState: scheduledPayments.state,
      ranAt: scheduledPayments.updated,
    })
    .from(paymentPromises)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentPromises.scheduled_payment_id))
    .where(
      and(
        eq(paymentPromises.account_id, promise.account_id),
        lte(paymentPromises.scheduled_date, promise.scheduled_date),
      ),
    );
  const own = promises.find((entry) => entry.id === promise.id);
  if (own?.runState === 'scheduled' || own?.runState === 'processing') return null;
  const windows = promises.map((entry) => {
    const ran = entry.runState && entry.runState !== 'cancelled' && entry.ranAt && entry.ranAt > entry.due;
    return { ...entry, until: ran && entry.ranAt ? entry.ranAt : entry.due };
  });
  const from = new Date(Math.min(...windows.map((entry) => entry.created.getTime())));
  const to = new Date(Math.max(...windows.map((entry) => entry.until.getTime())));
  const payments = await listAccountPaymentsBetween(tx.db, promise.account_id, from, to);
  return allocatePaymentsToPromises(windows, payments).get(promise.id) ?? 0;
}

/** Settles every open promise whose time has passed; answers how many it looked at. */
export async function settleDuePromises(ctx: ServiceContext): Promise<number> {
  let seen = 0;
  let cursor: { scheduled_date: Date; id: string } | null = null;
  for (;;) {
    // Paged by (time, id): a promise still waiting for its scheduled payment stays open and is not read again.
    const after = cursor
      ? sql`and (${paymentPromises.scheduled_date}, ${paymentPromises.id}) > (${cursor.scheduled_date}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    const due: { id: string; scheduled_date: Date }[] = await ctx.db
      .select({ id: paymentPromises.id, scheduled_date: paymentPromises.scheduled_date })
      .from(paymentPromises)
      .where(sql`${paymentPromises.outcome} = 'open' and ${paymentPromises.scheduled_date} <= ${ctx.clock()} ${after}`)
      .orderBy(paymentPromises.scheduled_date, paymentPromises.id)
      .limit(BATCH);
    for (const { id } of due) await settlePromise(ctx, id);
    seen += due.length;
    if (due.length < BATCH) return seen;
    cursor = due[due.length - 1] ?? null;
  }
}
