import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, signInFailures } from '../../db/schema/identity';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Marks the token used if it still was usable; returns whether this call was the one that used it. */
export async function useRefreshToken(db: Db, jti: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(refreshTokens.jti, jti),
        isNull(refreshTokens.used_at),
        isNull(refreshTokens.revoked_at),
        gt(refreshTokens.expires_at, new Date()),
      ),
    )
    .returning({ jti: refreshTokens.jti });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

export async function revokeUserRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}

export async function recordSignInFailure(db: Db, keys: string[]): Promise<void> {
  await db.insert(signInFailures).values(keys.map((throttle_key) => ({ throttle_key })));
}

export async function countRecentFailures(db: Db, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.throttle_key, key), gt(signInFailures.created, since)));
  return row?.count ?? 0;
}

export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.throttle_key, key));
}

export async function pruneSignInFailures(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.created, before));
}

export async function pruneRefreshTokens(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expires_at, expiredBefore));
}
