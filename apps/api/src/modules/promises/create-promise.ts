// Recording a promise to pay on an account (issue 19 item 3): the promise and the job that settles it at its time
// commit together. It starts PROMISED (shown Unconfirmed) until the customer confirms it.

import type { PaymentPromise } from '@paydesk/domain/promises/promises.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema/payments';
import { paymentPromises } from '../../db/schema/promises';
import { notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow, recordCustomerEvent } from '../customers/customers.public';
import { readPromise } from './promise-view';
import { settlePromiseJob } from './promises.jobs';

export type CreatePromiseInput = {
  merchantId: string;
  userId: string;
  accountId: string;
  customerId: string;
  amountCents: number;
  scheduledDate: Date;
  paymentMethodId?: string | null | undefined;
  note?: string | undefined;
};

export async function createPromise(ctx: ServiceContext, input: CreatePromiseInput): Promise<PaymentPromise> {
  const customer = await getCustomerRow(ctx.db, input.merchantId, input.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, input.merchantId, customer.id, input.accountId);
  if (input.paymentMethodId) {
    const [method] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, input.paymentMethodId),
          eq(paymentMethods.merchant_id, input.merchantId),
          eq(paymentMethods.customer_id, customer.id),
          eq(paymentMethods.saved, true),
          isNull(paymentMethods.removed_at),
        ),
      );
    if (!method) throw notFound();
  }
  const id = await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db
      .insert(paymentPromises)
      .values({
        merchant_id: input.merchantId,
        account_id: account.id,
        customer_id: customer.id,
        payment_method_id: input.paymentMethodId ?? null,
        amount_cents: input.amountCents,
        scheduled_date: input.scheduledDate,
        note: input.note ?? '',
        created_by: input.userId,
        created: now,
      })
      .returning({ id: paymentPromises.id });
    if (!row) throw new Error('promise not recorded');
    await tx.jobs.send(settlePromiseJob, { promiseId: row.id }, { startAfter: input.scheduledDate });
    await recordCustomerEvent(tx, {
      merchantId: input.merchantId,
      customerId: customer.id,
      accountId: account.id,
      kind: 'promise.created',
      actor: { id: input.userId },
      after: {
        promise_id: row.id,
        amount_cents: input.amountCents,
        scheduled_date: input.scheduledDate.toISOString(),
        ...(input.note ? { note: input.note } : {}),
      },
    });
    return row.id;
  });
  return readPromise(ctx.db, input.merchantId, id);
}
