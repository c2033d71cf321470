// Recording a promise to pay on an account (issue 19 item 3): the promise and the job that settles it at its time
// commit together. Without a method it starts PROMISED (shown Unconfirmed): the customer is asked to confirm it
// (PAYMENT_PROMISE) and reminded a day before if still unconfirmed (UNCONFIRMED_PROMISE). With a saved method it is
// SCHEDULED (shown Confirmed): a scheduled payment takes it at its time and the customer gets
// PAYMENT_PROMISE_CONFIRMED.

import { unconfirmedReminderTime, type PaymentPromise } from '@paydesk/domain/promises/promises.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema/payments';
import { paymentPromises } from '../../db/schema/promises';
import { notFound } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow, recordCustomerEvent } from '../customers/customers.public';
import { schedulePromisedPayment } from '../scheduled-payments/scheduled-payments.public';
import { readPromise } from './promise-view';
import { queuePromiseText } from './promise-texts';
import { remindUnconfirmedPromiseJob, settlePromiseJob } from './promises.jobs';

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
  const methodId = input.paymentMethodId ?? null;
  if (methodId) {
    const [method] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, methodId),
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
        payment_method_id: methodId,
        amount_cents: input.amountCents,
        scheduled_date: input.scheduledDate,
        note: input.note ?? '',
        status: methodId ? 'SCHEDULED' : 'PROMISED',
        created_by: input.userId,
        created: now,
      })
      .returning();
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
        status: row.status,
        ...(input.note ? { note: input.note } : {}),
      },
    });
    if (methodId) {
      const scheduledPaymentId = await schedulePromisedPayment(tx, {
        merchantId: input.merchantId,
        accountId: account.id,
        customerId: customer.id,
        paymentMethodId: methodId,
        amountCents: input.amountCents,
        runAt: input.scheduledDate,
        promiseId: row.id,
        createdBy: input.userId,
      });
      await tx.db
        .update(paymentPromises)
        .set({ scheduled_payment_id: scheduledPaymentId })
        .where(eq(paymentPromises.id, row.id));
      await queuePromiseText(tx, row, 'PAYMENT_PROMISE_CONFIRMED');
    } else {
      await queuePromiseText(tx, row, 'PAYMENT_PROMISE');
      const remindAt = unconfirmedReminderTime(input.scheduledDate, now);
      if (remindAt) await tx.jobs.send(remindUnconfirmedPromiseJob, { promiseId: row.id }, { startAfter: remindAt });
    }
    return row.id;
  });
  return readPromise(ctx.db, input.merchantId, id);
}
