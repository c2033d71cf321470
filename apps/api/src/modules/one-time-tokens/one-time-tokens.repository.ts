import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/identity';

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

export async function insertOneTimeToken(db: Db, values: typeof oneTimeTokens.$inferInsert): Promise<OneTimeTokenRow> {
  const [row] = await db.insert(oneTimeTokens).values(values).returning();
  if (!row) throw new Error('token not inserted');
  return row;
}

export async function findOneTimeToken(
  db: Db,
  id: string,
  purpose: OneTimeTokenRow['purpose'],
): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, id), eq(oneTimeTokens.purpose, purpose)));
  return row;
}

/** Uses a one-time token once: true only for the call that used it, before it expired. */
export async function consumeOneTimeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ used_at: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, new Date())))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Marks every unused token of the user for a purpose used, so none of its links works any more. */
export async function useAllOneTimeTokensOf(
  db: Db,
  userId: string,
  purpose: OneTimeTokenRow['purpose'],
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ used_at: new Date() })
    .where(and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.used_at)));
}

export async function deleteExpiredOneTimeTokens(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expires_at, expiredBefore));
}
