import { PAYMENT_CODE_UNAVAILABLE } from '@paydesk/domain/merchants/payment-codes';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toListPage, totalColumn } from '../../db/list-query';
import { paymentCodes } from '../../db/schema/payment-codes';
import { FieldErrors } from '../../lib/http-errors';

/** A page of the codes no merchant has been given, in code order (payment_codes_available_idx). */
export async function findAvailablePaymentCodes(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: { code: string }[] }> {
  const rows = await db
    .select({ code: paymentCodes.code, total: totalColumn() })
    .from(paymentCodes)
    .where(isNull(paymentCodes.assigned_at))
    .orderBy(asc(paymentCodes.code))
    .limit(page.limit)
    .offset(page.offset);
  return toListPage(rows, page.offset, async () => {
    const [total] = await db.select({ count: count() }).from(paymentCodes).where(isNull(paymentCodes.assigned_at));
    return total?.count ?? 0;
  });
}

/**
 * Gives a free code to a merchant, in the caller's transaction. One UPDATE claims it: of two transactions naming
 * the same code, the second waits for the first and then finds it taken. A taken or unknown code is a field error.
 */
export async function assignPaymentCode(db: Db, code: string, merchantId: string): Promise<void> {
  const claimed = await db
    .update(paymentCodes)
    .set({ merchant_id: merchantId, assigned_at: sql`now()` })
    .where(and(eq(paymentCodes.code, code), isNull(paymentCodes.assigned_at)))
    .returning({ id: paymentCodes.id });
  if (claimed.length === 0) throw FieldErrors.of('upc', PAYMENT_CODE_UNAVAILABLE);
}
