// An account's latest payment (the `{{last_payment_amount}}` and `{{last_payment_date}}` of a message template).

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/payments';

/**
 * The latest payment that went through or is settling (a bank debit), as `sumAccountPaymentsBetween` counts them:
 * not a failed, voided, returned or wholly refunded one. Its amount without the fee, and when it was made.
 */
export async function findLastAccountPayment(
  db: Db,
  accountId: string,
): Promise<{ amount_cents: number; created: Date } | undefined> {
  const [row] = await db
    .select({ amount_cents: payments.amount_cents, created: payments.created })
    .from(payments)
    .where(and(eq(payments.account_id, accountId), inArray(payments.status, ['PAID', 'PENDING', 'PARTIALLY_REFUNDED'])))
    .orderBy(desc(payments.created), desc(payments.id))
    .limit(1);
  return row;
}
