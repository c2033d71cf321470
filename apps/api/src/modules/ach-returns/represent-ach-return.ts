// Re-presenting a returned ACH debit (issue 19 item 5): an R01 or R09 return, at most twice, within 180 days of the
// original debit, for the same amount (and the same fee, so the entry's amount is the same) from the same bank
// method, through the take-payment path with all its rules. The new payment names the return it re-presents (one
// each, a unique index) and its key is `ach-represent:{return id}:{attempt}`, so two people re-presenting the same
// return at once debit once between them.

import { representmentRefusalOf } from '@paydesk/domain/payments/ach-returns';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { HttpError, notFound } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { findPayingAccount, takePayment, type PayingUser } from '../payments/payments.public';
import { findAchReturn } from './ach-return-view';

export type RepresentRequest = { merchantId: string; user: PayingUser; paymentId: string };

export async function representAchReturn(ctx: ProviderContext, request: RepresentRequest): Promise<Payment> {
  const found = await findAchReturn(ctx.db, ctx.clock(), request.merchantId, request.paymentId);
  if (!found) throw notFound();
  const refusal = representmentRefusalOf({
    code: found.code,
    attempt: found.attempt,
    deadline: found.represent_deadline ?? '',
    today: found.today,
    represented: found.represented_payment_id !== null,
  });
  if (refusal) throw new HttpError(refusal);
  const paying = await findPayingAccount(ctx.db, found.account.id);
  if (!paying) throw notFound();
  const attempt = found.attempt + 1;
  return takePayment(ctx, {
    merchant: paying.merchant,
    user: request.user,
    accountId: found.account.id,
    customerId: found.customer.id,
    sources: [{ payment_method: found.payment_method.id, save: false, nickname: '', amount: found.amountCents }],
    waiveFee: false,
    feeCents: found.feeCents,
    origin: 'staff',
    idempotencyKey: `ach-represent:${found.id}:${attempt}`,
    retryOf: { paymentId: found.id, attempt },
  });
}
