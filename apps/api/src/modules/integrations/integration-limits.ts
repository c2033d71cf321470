// What keeps Paydesk's calls to a provider bounded across every API process, with PostgreSQL as the only shared
// state: a lease so that one request at a time does a piece of work (the others wait for its result instead of
// repeating it), and a per-merchant token bucket under the provider's rate limit.

import { randomUUID } from 'node:crypto';
import type { IntegrationProvider } from '@paydesk/domain/integrations/integrations.contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import { integrationLeases, integrationRequestBudgets } from '../../db/schema/integrations';
import type { ServiceContext } from '../../lib/service-context';

const POLL_MS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` when this request can take the lease on `key` (nobody holds it, or the holder's lease ran out after
 * `leaseMs`, e.g. its process died), and answers `{ ran: true, value }`. Otherwise waits, without holding a
 * connection, until the holder lets go (or its lease runs out) and answers `{ ran: false }`: the caller then reads
 * what the holder stored. No transaction is open around `work`, so it may call the network.
 */
export async function exclusively<T>(
  ctx: ServiceContext,
  key: string,
  leaseMs: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const holder = randomUUID();
  const now = ctx.clock();
  const heldUntil = new Date(now.getTime() + leaseMs);
  const [taken] = await ctx.db
    .insert(integrationLeases)
    .values({ key, holder, held_until: heldUntil })
    .onConflictDoUpdate({
      target: integrationLeases.key,
      set: { holder, held_until: heldUntil },
      setWhere: lte(integrationLeases.held_until, now),
    })
    .returning({ holder: integrationLeases.holder });
  if (taken) {
    try {
      return { ran: true, value: await work() };
    } finally {
      await ctx.db
        .delete(integrationLeases)
        .where(and(eq(integrationLeases.key, key), eq(integrationLeases.holder, holder)));
    }
  }
  for (;;) {
    await pause(POLL_MS);
    const [lease] = await ctx.db
      .select({ held_until: integrationLeases.held_until })
      .from(integrationLeases)
      .where(eq(integrationLeases.key, key));
    if (!lease || lease.held_until <= ctx.clock()) return { ran: false };
  }
}

/** A token bucket: at most `burst` requests at once, refilled at `perMinute`; any 60 s see at most their sum. */
export type RequestBudget = { burst: number; perMinute: number };

/**
 * Takes `cost` requests from the merchant's budget with the provider, atomically for every process: true when
 * they were there (and are now spent), false when the budget is spent for now.
 */
export async function takeRequestBudget(
  ctx: ServiceContext,
  merchantId: string,
  provider: IntegrationProvider,
  budget: RequestBudget,
  cost: number,
): Promise<boolean> {
  const now = ctx.clock();
  const table = integrationRequestBudgets;
  // The tokens there now: what was left plus the refill since, never above the burst (and never less than what was
  // left when two processes' clocks disagree).
  const available = sql`least(${budget.burst}::float8, ${table.tokens} + greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - ${table.refilled_at}))) * ${budget.perMinute / 60}::float8)`;
  const [row] = await ctx.db
    .insert(table)
    .values({ merchant_id: merchantId, provider, tokens: budget.burst - cost, refilled_at: now })
    .onConflictDoUpdate({
      target: [table.merchant_id, table.provider],
      set: { tokens: sql`${available} - ${cost}::float8`, refilled_at: now },
      setWhere: sql`${available} >= ${cost}::float8`,
    })
    .returning({ tokens: table.tokens });
  return row !== undefined;
}
