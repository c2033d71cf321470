// What was paid on an account in a span of time (the promises module settles a promise with it): payments that
// went through or are settling (a bank debit), not failed, voided, returned or wholly refunded ones. Cents, no fees.

import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/payments';

/** Those payments one by one (when, how much), oldest first: promises share them out (`allocatePaymentsToPromises`). */
export async function listAccountPaymentsBetween(
  db: Db,
  accountId: string,
  from: Date,
  to: Date,
): Promise<{ at: Date; amountCents: number }[]> {
  return db
    .select({ at: payments.created, amountCents: payments.amount_cents })
    .from(payments)
    .where(
      and(
        eq(payments.account_id, accountId),
        inArray(payments.status, ['PAID', 'PENDING', 'PARTIALLY_REFUNDED']),
        gte(payments.created, from),
        lte(payments.created, to),
      ),
    )
    .orderBy(payments.created);
}
