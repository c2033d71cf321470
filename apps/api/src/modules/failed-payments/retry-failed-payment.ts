// Retrying a failed payment (issue 19 item 4), by hand or by the automatic-retry job: the payment's amount (or what
// the account owes now, if less) through the take-payment path, from the same method or another saved one. The new
// payment's key is `retry:{failed payment id}` and it names the failed one (one retry each, a unique index), so a
// person's retry and the job's, or two people's, charge once between them.

import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import { HttpError, notFound } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { findPayingAccount, takePayment, type PayingUser } from '../payments/payments.public';
import { findOpenFailedPayment, type OpenFailedPayment } from './failed-payment-view';

export type RetryRequest = {
  merchantId: string;
  /** Null for the automatic-retry job. */
  user: PayingUser | null;
  failedPaymentId: string;
  paymentMethodId?: string | undefined;
};

/** Retries the failed payment by hand; 409 when it was already retried, 404 when it is not an open failed payment. */
export async function retryFailedPayment(ctx: ProviderContext, request: RetryRequest): Promise<Payment> {
  const failed = await findOpenFailedPayment(ctx.db, request.merchantId, request.failedPaymentId);
  if (!failed) {
    const [retried] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        sql`${payments.retry_of_payment_id} = ${request.failedPaymentId} and ${payments.merchant_id} = ${request.merchantId}`,
      );
    if (retried) throw new HttpError('failed_payment.already_retried');
    throw notFound();
  }
  return chargeRetry(ctx, failed, request.user, request.paymentMethodId);
}

/** Charges the retry of an open failed payment. */
export async function chargeRetry(
  ctx: ProviderContext,
  failed: OpenFailedPayment,
  user: PayingUser | null,
  paymentMethodId?: string,
): Promise<Payment> {
  const paying = await findPayingAccount(ctx.db, failed.account.id);
  if (!paying) throw notFound();
  return takePayment(ctx, {
    merchant: paying.merchant,
    user: user ?? { id: null, accessRoles: [] },
    accountId: failed.account.id,
    customerId: failed.customer.id,
    sources: [
      {
        payment_method: paymentMethodId ?? failed.payment_method.id,
        save: false,
        nickname: '',
        amount: Math.min(failed.amount, failed.account.amount_due),
      },
    ],
    waiveFee: false,
    // A person's retry is theirs; the job's keeps the kind of payment it retries.
    origin: user ? 'staff' : failed.origin === 'misc' ? 'staff' : failed.origin,
    idempotencyKey: `retry:${failed.id}`,
    checkUserLimits: user !== null,
    retryOf: { paymentId: failed.id, attempt: failed.attempt + 1 },
  });
}
