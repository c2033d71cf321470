// What was paid on an account in a span of time (the promises module settles a promise with it): payments that
// went through or are settling (a bank debit), not failed, voided, returned or wholly refunded ones. Cents, no fees.

import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/payments';

export async function sumAccountPaymentsBetween(db: Db, accountId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount_cents}), 0)`.mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.account_id, accountId),
        inArray(payments.status, ['PAID', 'PENDING', 'PARTIALLY_REFUNDED']),
        gte(payments.created, from),
        lte(payments.created, to),
      ),
    );
  return row?.cents ?? 0;
}
