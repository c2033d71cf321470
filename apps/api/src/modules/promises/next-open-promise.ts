// An account's next open promise to pay (the `{{promise_date}}` and `{{promise_amount}}` of a message template).

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentPromises } from '../../db/schema/promises';

export type OpenPromise = { amount_cents: number; scheduled_date: Date };

/**
 * The open promise (not yet settled as kept, partly kept or broken) with the earliest time, or undefined. A promise
 * is settled by a job at its time, so the open ones are those still to come.
 */
export async function findNextOpenPromise(db: Db, accountId: string): Promise<OpenPromise | undefined> {
  const [row] = await db
    .select({ amount_cents: paymentPromises.amount_cents, scheduled_date: paymentPromises.scheduled_date })
    .from(paymentPromises)
    .where(and(eq(paymentPromises.account_id, accountId), eq(paymentPromises.outcome, 'open')))
    .orderBy(asc(paymentPromises.scheduled_date), asc(paymentPromises.id))
    .limit(1);
  return row;
}
