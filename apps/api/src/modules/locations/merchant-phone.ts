// The phone number a customer reaches the merchant on (a message template's `{{merchant_phone}}`).

import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantLocations } from '../../db/schema/locations';

/**
 * The customer's location's phone (E.164); when it has none, the phone of the merchant's first location (by name)
 * that has one; null when no location of the merchant has a phone.
 */
export async function findMerchantPhone(db: Db, merchantId: string, locationId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ phone: merchantLocations.phone })
    .from(merchantLocations)
    .where(and(eq(merchantLocations.merchant_id, merchantId), isNotNull(merchantLocations.phone)))
    // The customer's own location first.
    .orderBy(
      sql`${merchantLocations.id} = ${locationId ?? null} desc nulls last`,
      asc(merchantLocations.name),
      asc(merchantLocations.id),
    )
    .limit(1);
  return row?.phone ?? null;
}
