import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentLinks } from '../../db/schema/payment-links';
import { hashPayToken, isPayTokenShaped } from './payment-link-tokens';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** A claim older than this belongs to a run that died: another request may take the link over. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

export async function findLinkByToken(db: Db, token: string): Promise<PaymentLinkRow | undefined> {
  if (!isPayTokenShaped(token)) return undefined;
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.token_hash, hashPayToken(token)));
  return row;
}

/**
 * Holds the live link for a payment under `key`: only when it is unused, not superseded, unexpired and not held by
 * another request (or held longer than the lease). True when this call holds it.
 */
export async function claimLink(db: Db, linkId: string, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(paymentLinks)
    .set({ claim_key: key, claimed_at: now })
    .where(
      and(
        eq(paymentLinks.id, linkId),
        isNull(paymentLinks.used_at),
        isNull(paymentLinks.superseded_at),
        sql`${paymentLinks.expires_at} > ${now}`,
        or(isNull(paymentLinks.claim_key), lt(paymentLinks.claimed_at, new Date(now.getTime() - CLAIM_LEASE_MS))),
      ),
    )
    .returning({ id: paymentLinks.id });
  return rows.length === 1;
}

/** Lets the link go again (a decline, or a refusal): the customer may try another card. */
export async function releaseLink(db: Db, linkId: string, key: string): Promise<void> {
  await db
    .update(paymentLinks)
    .set({ claim_key: null, claimed_at: null })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.claim_key, key), isNull(paymentLinks.used_at)));
}

/** The link paid: it is used up, and remembers the payment and the key that paid it. */
export async function markLinkUsed(db: Db, linkId: string, key: string, paymentId: string, now: Date): Promise<void> {
  await db
    .update(paymentLinks)
    .set({ used_at: now, payment_id: paymentId })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.claim_key, key), isNull(paymentLinks.used_at)));
}
