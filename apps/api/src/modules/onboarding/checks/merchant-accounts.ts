import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { merchantAccounts } from '../../../db/schema/merchant-accounts';

/** How many active merchant accounts the merchant has, for the onboarding summary. */
export async function countActiveMerchantAccounts(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.merchant_id, merchantId), eq(merchantAccounts.status, 'active')));
  return row?.count ?? 0;
}
