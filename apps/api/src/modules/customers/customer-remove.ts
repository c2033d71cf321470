// Removing (voiding) a customer.

import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { notFound } from '../../lib/http-errors';
import type { Actor } from '../audit/audit.public';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordCustomerEvent } from './customer-events';
import { invalidateCustomerCounts } from './list/customers-list';
import { getCustomerRow, type MerchantRef } from './customers.read';

/** Voids a customer: kept with its history, gone from the lists, its phone number free again. */
export async function removeCustomer(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    tx.afterCommit(() => invalidateCustomerCounts(merchant.id));
    const current = await getCustomerRow(tx.db, merchant.id, customerId);
    const now = tx.clock();
    const [updated] = await tx.db
      .update(customers)
      .set({ removed_at: now, removed_by: actor?.id ?? null, updated: now })
      .where(and(eq(customers.id, current.id), isNull(customers.removed_at)))
      .returning({ id: customers.id });
    if (!updated) throw notFound();
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId: current.id,
      kind: 'customer.removed',
      actor,
      before: { removed: false },
      after: { removed: true },
    });
  });
}
