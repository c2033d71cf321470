import { and, count, eq, gt, inArray, isNull, lt, max, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, signInFailures } from '../../db/schema/identity';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Marks the token used if it still was usable; returns whether this call was the one that used it. */
export async function useRefreshToken(db: Db, jti: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ used_at: at })
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

/** A family is active while one of its tokens is not revoked (rotation keeps the newest one unrevoked). */
export async function isFamilyActive(db: Db, userId: string, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.family_id, familyId), eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)),
    )
    .limit(1);
  return rows.length === 1;
}

export async function findRefreshToken(db: Db, jti: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
  return row;
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

/** Revokes every refresh token of the user outside one sign-in (family); returns the sign-ins it ended. */
export async function revokeOtherRefreshFamilies(db: Db, userId: string, keptFamilyId: string): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(refreshTokens.user_id, userId),
        isNull(refreshTokens.revoked_at),
        ne(refreshTokens.family_id, keptFamilyId),
      ),
    )
    .returning({ family_id: refreshTokens.family_id });
  return [...new Set(rows.map((row) => row.family_id))];
}

/** Records one attempt under each key (committed at once, before any check), returning the rows' ids. */
export async function recordAttempts(db: Db, keys: string[], at: Date): Promise<string[]> {
  const rows = await db
    .insert(signInFailures)
    .values(keys.map((throttle_key) => ({ throttle_key, created: at })))
    .returning({ id: signInFailures.id });
  return rows.map((row) => row.id);
}

export type AttemptStats = { key: string; count: number; newest: Date | null };

/** Per key: how many attempts other than `own` were made since `since`, and when the newest of them was. */
export async function findAttemptStats(db: Db, keys: string[], own: string[], since: Date): Promise<AttemptStats[]> {
  const rows = await db
    .select({ key: signInFailures.throttle_key, count: count(), newest: max(signInFailures.created) })
    .from(signInFailures)
    .where(
      and(
        inArray(signInFailures.throttle_key, keys),
        gt(signInFailures.created, since),
        own.length > 0 ? notInArray(signInFailures.id, own) : sql`true`,
      ),
    )
    .groupBy(signInFailures.throttle_key);
  return rows.map((row) => ({ key: row.key, count: Number(row.count), newest: row.newest }));
}

export async function deleteAttempts(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(signInFailures).where(inArray(signInFailures.id, ids));
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.throttle_key, key));
}

export async function pruneSignInFailures(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.created, before));
}

export async function pruneRefreshTokens(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expires_at, expiredBefore));
}
