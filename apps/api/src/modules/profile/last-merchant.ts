// The merchant a user used last: remembered when they switch to or open one, so their next session starts there.

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/identity';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { findMerchantAccess, type UserRow } from '../users/users.public';

/** Remembers the merchant, if the user may act for it (else 404). */
export async function rememberLastMerchant(ctx: ServiceContext, user: UserRow, merchantId: string): Promise<void> {
  if (!(await findMerchantAccess(ctx.db, user, merchantId))) throw notFound();
  const now = ctx.clock();
  await ctx.db
    .insert(userPreferences)
    .values({ user_id: user.id, last_merchant_id: merchantId, updated: now })
    .onConflictDoUpdate({ target: userPreferences.user_id, set: { last_merchant_id: merchantId, updated: now } });
}

/** The merchant the user used last, if any (whether they may still act for it is the caller's to check). */
export async function findLastMerchantId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userPreferences.last_merchant_id })
    .from(userPreferences)
    .where(eq(userPreferences.user_id, userId));
  return row?.id ?? null;
}
