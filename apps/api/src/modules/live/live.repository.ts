import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wsTickets } from '../../db/schema/identity';

export async function insertWsTicket(
  db: Db,
  signIn: { userId: string; familyId: string },
  tokenHash: string,
  lifetimeSeconds: number,
) {
  await db.insert(wsTickets).values({
    token_hash: tokenHash,
    user_id: signIn.userId,
    family_id: signIn.familyId,
    // The database clock decides both ends of the lifetime, so process clocks cannot stretch it.
    expires_at: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
  });
}

/** Deletes the ticket and returns its sign-in in one statement: of two concurrent uses, only one gets the row. */
export async function deleteValidWsTicket(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; familyId: string } | null> {
  const [row] = await db
    .delete(wsTickets)
    .where(and(eq(wsTickets.token_hash, tokenHash), gt(wsTickets.expires_at, sql`now()`)))
    .returning({ userId: wsTickets.user_id, familyId: wsTickets.family_id });
  return row ?? null;
}

export async function deleteExpiredWsTickets(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(wsTickets).where(lt(wsTickets.expires_at, expiredBefore));
}
