// A promise's texts to the customer (issue 19 item 3 with issue 21): PAYMENT_PROMISE asks an unconfirmed one to be
// confirmed, PAYMENT_PROMISE_CONFIRMED confirms it (or a promise scheduled with a method), UNCONFIRMED_PROMISE
// reminds of one still unconfirmed. The promise's amount and day (on the merchant's wall clock) fill
// {{promise_amount}} and {{promise_date}}; one text per promise and type.

import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/identity';
import type { paymentPromises } from '../../db/schema/promises';
import type { TransactionContext } from '../../lib/service-context';
import { queueTemplateText } from '../messaging/messaging.public';

export type PromiseTextType = 'PAYMENT_PROMISE' | 'PAYMENT_PROMISE_CONFIRMED' | 'UNCONFIRMED_PROMISE';

export async function queuePromiseText(
  tx: TransactionContext,
  promise: typeof paymentPromises.$inferSelect,
  type: PromiseTextType,
): Promise<void> {
  const [merchant] = await tx.db
    .select({ timezone: merchants.timezone })
    .from(merchants)
    .where(eq(merchants.id, promise.merchant_id));
  await queueTemplateText(tx, {
    merchantId: promise.merchant_id,
    customerId: promise.customer_id,
    accountId: promise.account_id,
    type,
    outcomeKey: `promise:${promise.id}`,
    values: {
      promise_date: toCalendarDate(promise.scheduled_date, merchant?.timezone),
      promise_amount_cents: promise.amount_cents,
    },
  });
}
