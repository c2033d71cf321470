// Paying with a payment link (issue 19 item 6): the customer's tokenised card or bank account goes through the
// payments module's take-payment path (origin `pay_link`, the same rules, fee and ledger), as the link's customer on
// the link's account. The link is held by the request's Idempotency-Key while it pays: a PAID or PENDING payment
// uses it up (and the receipt is emailed), a decline or a refusal lets it go so another card can be tried.

import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@paydesk/domain/api/idempotency';
import type { PayReceipt } from '@paydesk/domain/payment-links/payment-links.contract';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { HttpError, notFound } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { throttleAttempt } from '../auth/auth.public';
import { queueEmail } from '../mail/mail.public';
import { findPayingAccount, readPayment, receiptEmail, takePayment } from '../payments/payments.public';
import { checkLinkLive } from './pay-link-state';
import { claimLink, findLinkByToken, markLinkUsed, releaseLink, type PaymentLinkRow } from './payment-links.repository';

/** Payment attempts (declines included) per link, and per address, in the throttle window. */
export const PAY_ATTEMPTS_FREE_PER_LINK = 10;
export const PAY_ATTEMPTS_FREE_PER_ADDRESS = 30;

export type PayWithLinkInput = {
  token: string;
  /** The Idempotency-Key header as received. */
  idempotencyKey: string | string[] | undefined;
  ip: string;
  body: { token: string; amount: number; authorization?: string | undefined };
};

function readKey(given: PayWithLinkInput['idempotencyKey']): string {
  const key = Array.isArray(given) ? given.join(', ') : (given ?? '');
  if (key.trim() === '') throw new HttpError('idempotency_key.missing');
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError('idempotency_key.too_long');
  return key;
}

export async function payWithLink(ctx: ProviderContext, input: PayWithLinkInput): Promise<PayReceipt> {
  const key = readKey(input.idempotencyKey);
  const link = await findLinkByToken(ctx.db, input.token);
  // The same key again after it paid: the same payment, not "used".
  if (link?.used_at && link.claim_key === key && link.payment_id) return answerOf(ctx, link, link.payment_id, false);
  checkLinkLive(link, ctx.clock());
  // Held first, so that concurrent requests are refused without counting; the one holding it is counted.
  if (!(await claimLink(ctx.db, link.id, key, ctx.clock()))) {
    checkLinkLive(await findLinkByToken(ctx.db, input.token), ctx.clock());
    throw new HttpError('pay_link.in_use');
  }

  let payment: Payment;
  try {
    await throttleAttempt(ctx, [
      { key: `pay-link-pay:${link.id}`, free: PAY_ATTEMPTS_FREE_PER_LINK },
      { key: `pay-link-pay-ip:${input.ip}`, free: PAY_ATTEMPTS_FREE_PER_ADDRESS },
    ]);
    const paying = await findPayingAccount(ctx.db, link.account_id);
    if (!paying) throw notFound();
    payment = await takePayment(ctx, {
      merchant: paying.merchant,
      user: { id: null, accessRoles: [] },
      accountId: link.account_id,
      customerId: link.customer_id,
      sources: [
        {
          token: input.body.token,
          amount: input.body.amount,
          save: false,
          nickname: '',
          authorization: input.body.authorization ? { text: input.body.authorization, method: 'web' } : undefined,
        },
      ],
      waiveFee: false,
      origin: 'pay_link',
      idempotencyKey: `pay_link:${link.id}:${key}`,
      checkUserLimits: false,
    });
  } catch (error) {
    await releaseLink(ctx.db, link.id, key);
    throw error;
  }
  if (payment.status !== 'PAID' && payment.status !== 'PENDING') {
    await releaseLink(ctx.db, link.id, key);
    return toReceipt(payment, false);
  }
  await markLinkUsed(ctx.db, link.id, key, payment.id, ctx.clock());
  return answerOf(ctx, link, payment.id, true, payment);
}

/** The receipt, emailed once (keyed by the payment) to the customer when they have an email address. */
async function answerOf(
  ctx: ProviderContext,
  link: PaymentLinkRow,
  paymentId: string,
  sendEmail: boolean,
  known?: Payment,
): Promise<PayReceipt> {
  const payment = known ?? (await readPayment(ctx.db, link.merchant_id, paymentId));
  const [customer] = await ctx.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, link.customer_id));
  const email = customer?.email ?? null;
  if (sendEmail && email) {
    await queueEmail(ctx, { key: `pay-link-receipt:${payment.id}`, to: email, ...receiptEmail(payment) });
  }
  return toReceipt(payment, email !== null);
}

function toReceipt(payment: Payment, emailed: boolean): PayReceipt {
  const source = payment.sources[0];
  return {
    id: payment.id,
    status: payment.status,
    amount: payment.amount,
    convenience_fee: payment.convenience_fee,
    total_amount: payment.total_amount,
    method_label: source?.payment_method_label ?? '',
    processor_reference: source?.processor_reference ?? null,
    failure_message: payment.failure_message,
    created: payment.created,
    merchant_name: payment.receipt.merchant_name,
    time_zone: payment.receipt.time_zone,
    receipt_emailed: emailed,
  };
}
