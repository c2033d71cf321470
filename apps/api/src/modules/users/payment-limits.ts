import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, roleGrants } from '../../db/schema/identity';

/**
 * The smallest and largest payment (cents) the user's custom role at the merchant allows, each null when unset.
 * Only custom roles carry limits; base roles (and merchants that do not check custom roles) have none.
 */
export async function findPaymentLimits(
  db: Db,
  userId: string,
  merchant: { id: string; check_custom_roles: boolean },
): Promise<{ min: number | null; max: number | null }> {
  if (!merchant.check_custom_roles) return { min: null, max: null };
  const [role] = await db
    .select({ min: customRoles.min_merchant_payment_amount, max: customRoles.max_merchant_payment_amount })
    .from(roleGrants)
    .innerJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(and(eq(roleGrants.user_id, userId), eq(roleGrants.merchant_id, merchant.id)));
  return { min: role?.min ?? null, max: role?.max ?? null };
}
