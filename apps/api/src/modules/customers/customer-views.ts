// A user's view of a customer (the recently viewed list).

import { customerViews } from '../../db/schema/customers';
import type { ServiceContext } from '../../lib/service-context';
import { getCustomerRow } from './customers.read';

export async function recordView(ctx: ServiceContext, merchantId: string, customerId: string, userId: string) {
  const customer = await getCustomerRow(ctx.db, merchantId, customerId, { includeRemoved: true });
  const now = ctx.clock();
  await ctx.db
    .insert(customerViews)
    .values({ user_id: userId, customer_id: customer.id, merchant_id: merchantId, viewed_at: now })
    .onConflictDoUpdate({ target: [customerViews.user_id, customerViews.customer_id], set: { viewed_at: now } });
}
