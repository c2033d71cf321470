// Settling promises to pay (issue 19 item 3): at its time, a promise is kept when the payments on the account since
// it was recorded cover it, partially kept when they cover some, broken when there were none (`promiseOutcomeOf`).
// Database-only: each promise is settled under its row's lock, once (`outcome = 'open'`).

import { promiseOutcomeOf } from '@paydesk/domain/promises/promises.contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import { paymentPromises } from '../../db/schema/promises';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { sumAccountPaymentsBetween } from '../payments/payments.public';

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
    const paid = await sumAccountPaymentsBetween(tx.db, row.account_id, row.created, row.scheduled_date);
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

/** Settles every open promise whose time has passed; answers how many it looked at. */
export async function settleDuePromises(ctx: ServiceContext): Promise<number> {
  let seen = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: paymentPromises.id })
      .from(paymentPromises)
      .where(sql`${paymentPromises.outcome} = 'open' and ${paymentPromises.scheduled_date} <= ${ctx.clock()}`)
      .orderBy(paymentPromises.scheduled_date)
      .limit(BATCH);
    for (const { id } of due) await settlePromise(ctx, id);
    seen += due.length;
    if (due.length < BATCH) return seen;
  }
}
