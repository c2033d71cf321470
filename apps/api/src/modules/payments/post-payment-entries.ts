// How payments writes money: ledger entries, then what is read from the changed amounts due (the customers list row,
// counts, caches), in the caller's transaction. Every payments use case posts through this, never the ledger alone.

import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { recomputeAccountDependents } from '../customers/customers.public';
import { postLedgerEntries, type LedgerEntryInput } from '../ledger/ledger.public';

export async function postPaymentEntries(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  entries: readonly LedgerEntryInput[],
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const changed = await postLedgerEntries(tx, merchantId, actor, entries);
    await recomputeAccountDependents(tx, changed);
  });
}
