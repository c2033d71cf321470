// The only writer of `accounts.amount_due_cents` (ARCHITECTURE "Ledger"). Every money movement on an account is an
// append-only entry; the amount due moves by the entries' sum in the same transaction, under a row lock.
//
// The ledger is its own module, below customers and payments: the customers module posts an account's opening amount
// and staff adjustments here, and payments posts charges, fees, refunds, returns and moves. It imports neither, so
// the caller brings what is read from the amount due up to date: customers refreshes its own list rows, payments
// calls `recomputeAccountDependents` (payments/post-payment-entries.ts). Decision 0021.

import type { LedgerEntryKind } from '@paydesk/domain/payments/payments';
import { eq, inArray, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/customers';
import { ledgerEntries } from '../../db/schema/payments';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { actorIdOf, actorNameOf, type Actor } from '../audit/audit.public';

export type LedgerEntryInput = {
  /** Null for a misc payment's entries: they count in deposits and reports, in no account's amount due. */
  accountId: string | null;
  kind: LedgerEntryKind;
  /** Signed effect on what the customer owes (LEDGER_ENTRY_KINDS). */
  amountCents: number;
  paymentId?: string | null;
  reversalId?: string | null;
  reason?: string;
};

export class LedgerBalanceError extends Error {
  override name = 'LedgerBalanceError';
}

/**
 * Appends the entries and moves each account's amount due by their sum, in the caller's transaction (or its own).
 * Accounts are locked in id order, so two postings never deadlock. Throws LedgerBalanceError (and writes nothing)
 * when an account would owe less than nothing: callers check amounts first, this is the backstop. Answers the ids of
 * the accounts whose amount due changed.
 */
export async function postLedgerEntries(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  entries: readonly LedgerEntryInput[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents)) throw new TypeError('ledger: amounts are integer cents');
  }
  return withTransaction(ctx, async (tx) => {
    const actorName = await actorNameOf(tx.db, actor);
    const deltas = new Map<string, number>();
    for (const entry of entries) {
      if (entry.accountId) deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0) + entry.amountCents);
    }
    const accountIds = [...deltas.keys()].sort();
    if (accountIds.length > 0) {
      const locked = await tx.db
        .select({ id: accounts.id, merchant_id: accounts.merchant_id, amount_due_cents: accounts.amount_due_cents })
        .from(accounts)
        .where(inArray(accounts.id, accountIds))
        .orderBy(accounts.id)
        .for('update');
      for (const account of locked) {
        if (account.merchant_id !== merchantId) throw new Error('ledger: an account of another merchant');
        if (account.amount_due_cents + (deltas.get(account.id) ?? 0) < 0) {
          throw new LedgerBalanceError(`ledger: account ${account.id} would owe less than nothing`);
        }
      }
      if (locked.length !== accountIds.length) throw new Error('ledger: an account does not exist');
    }
    await tx.db.insert(ledgerEntries).values(
      entries.map((entry) => ({
        merchant_id: merchantId,
        account_id: entry.accountId,
        kind: entry.kind,
        amount_cents: entry.amountCents,
        payment_id: entry.paymentId ?? null,
        reversal_id: entry.reversalId ?? null,
        actor_id: actorIdOf(actor),
        actor_name: actorName,
        reason: entry.reason ?? '',
        created: tx.clock(),
      })),
    );
    const changed = accountIds.filter((accountId) => (deltas.get(accountId) ?? 0) !== 0);
    for (const accountId of changed) {
      await tx.db
        .update(accounts)
        .set({
          amount_due_cents: sql`${accounts.amount_due_cents} + ${deltas.get(accountId) ?? 0}`,
          updated: sql`now()`,
        })
        .where(eq(accounts.id, accountId));
    }
    return changed;
  });
}
