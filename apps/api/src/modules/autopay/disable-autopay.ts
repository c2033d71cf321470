// Turning an account's autopay off (issue 19 item 2), recorded as the customer's or the merchant's doing and texted
// to the customer from the AUTOPAY_DISABLED or AUTOPAY_DISABLED_MERCHANT template. Off already: answered as it is.

import type { Autopay, AutopayDisabledBy } from '@paydesk/domain/autopay/autopay.contract';
import { and, eq } from 'drizzle-orm';
import { autopayEnrollments } from '../../db/schema/autopay';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { getAccountOfMerchant, recordCustomerEvent, setAccountAutopayFlag } from '../customers/customers.public';
import { queueTemplateText } from '../messaging/messaging.public';
import { readAutopay } from './autopay-view';

export async function disableAutopay(
  ctx: ServiceContext,
  input: { merchantId: string; userId: string | null; accountId: string; by: AutopayDisabledBy },
): Promise<Autopay> {
  const account = await getAccountOfMerchant(ctx.db, input.merchantId, input.accountId);
  await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [disabled] = await tx.db
      .update(autopayEnrollments)
      .set({ active: false, disabled_at: now, disabled_by: input.by, disabled_by_user: input.userId, updated: now })
      .where(and(eq(autopayEnrollments.account_id, account.id), eq(autopayEnrollments.active, true)))
      .returning();
    if (!disabled) return;
    await setAccountAutopayFlag(tx, account.id, false);
    await recordCustomerEvent(tx, {
      merchantId: input.merchantId,
      customerId: disabled.customer_id,
      accountId: account.id,
      kind: input.by === 'customer' ? 'autopay.disabled' : 'autopay.disabled_by_merchant',
      actor: input.userId ? { id: input.userId } : null,
      before: { payment_method: disabled.payment_method_id },
      after: { disabled_by: input.by },
    });
    await queueTemplateText(tx, {
      merchantId: input.merchantId,
      customerId: disabled.customer_id,
      accountId: account.id,
      type: input.by === 'customer' ? 'AUTOPAY_DISABLED' : 'AUTOPAY_DISABLED_MERCHANT',
      outcomeKey: `autopay_enrollment:${disabled.id}`,
    });
  });
  return readAutopay(ctx.db, account);
}
