// The customers module, as other modules use it. A feature that changes an account's balance, status or due date
// (payments, adjustments) calls `recomputeAccountDependents` in the transaction of its write and needs to know
// nothing of how the customers list is kept (decision 0016).

import { eq, inArray } from 'drizzle-orm';
import { accountCustomers, accounts } from '../../db/schema/customers';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { invalidateCustomerCounts } from './list/customers-list';
import { refreshCustomerSearch } from './list/refresh-customer-search';

/**
 * After a write to these accounts' amount due, status, due date or autopay: brings up to date what is read from
 * them elsewhere — the list row of every customer on them (amounts, sort keys, status filter; the name-search copy
 * and list versions follow by their triggers), and, once the caller's transaction commits, this process's cached
 * list totals of their merchants. Joins the caller's transaction (`withTransaction` inside one joins it).
 */
export async function recomputeAccountDependents(ctx: ServiceContext, accountIds: readonly string[]): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  await withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select({ customerId: accountCustomers.customer_id, merchantId: accounts.merchant_id })
      .from(accountCustomers)
      .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
      .where(inArray(accountCustomers.account_id, ids));
    await refreshCustomerSearch(
      tx.db,
      rows.map((row) => row.customerId),
    );
    for (const merchantId of new Set(rows.map((row) => row.merchantId))) {
      tx.afterCommit(() => invalidateCustomerCounts(merchantId));
    }
  });
}

/**
 * The account's `autopay` flag, as the autopay module turns it on and off (the list shows it, and the due-date cap
 * applies while it is on). Joins the caller's transaction.
 */
export async function setAccountAutopayFlag(ctx: ServiceContext, accountId: string, on: boolean): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(accounts).set({ autopay: on, updated: tx.clock() }).where(eq(accounts.id, accountId));
    await recomputeAccountDependents(tx, [accountId]);
  });
}

/** For the demo seed, which writes customers and accounts with plain inserts: the list columns of these customers. */
export { refreshCustomerSearch } from './list/refresh-customer-search';

/** Another module's entry in a customer's history (e.g. a device linked or commanded), and the rows it names. */
export { recordCustomerEvent } from './customer-events';
export {
  getAccountOfCustomer,
  getAccountOfMerchant,
  getCustomerRow,
  merchantIdOfCustomer,
  type AccountRow,
  type MerchantRef,
} from './customers.read';

/** Text consent changed by a keyword the customer texted (messaging): opt-in column and consent ledger. */
export { changeTextConsentByKeyword, changeTextConsentFromReply } from './customer-consent';
