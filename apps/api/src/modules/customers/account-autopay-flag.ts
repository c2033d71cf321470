// The account's `autopay` flag, as the autopay module turns it on and off (the list shows it, and the account's
// due-date cap applies while it is on). Joins the caller's transaction.

import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/customers';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recomputeAccountDependents } from './customers.public';

export async function setAccountAutopayFlag(ctx: ServiceContext, accountId: string, on: boolean): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(accounts).set({ autopay: on, updated: tx.clock() }).where(eq(accounts.id, accountId));
    await recomputeAccountDependents(tx, [accountId]);
  });
}
