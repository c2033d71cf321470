// Saving a processor token as a customer's payment method (issue 18 item 3). The token comes from the processor's
// tokeniser; the processor, not the client, says what it is (brand, funding, BIN, last 4). The call to the
// processor happens before any transaction; the row is written after it.

import type { BankAuthorizationMethod } from '@paydesk/domain/payments/payments';
import { maskAccountNumber, maskCardNumber } from '@paydesk/domain/payments/card-entry';
import { paymentMethods } from '../../db/schema/payments';
import { FieldErrors, HttpError } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { cardTypeOf } from './payment-view';

export type SaveMethodInput = {
  merchantId: string;
  /** Null for a one-off method of a misc payment without a customer. */
  customerId: string | null;
  token: string;
  nickname: string;
  /** Shown on the customer's payment-methods tab and usable again. */
  saved: boolean;
  authorization?: { text: string; method: BankAuthorizationMethod } | undefined;
  userId: string | null;
  /** The request field the token came from, for errors (`token`, `sources.0.token`). */
  field: string;
};

export type SavedMethodRow = typeof paymentMethods.$inferSelect;

export async function savePaymentMethod(ctx: ProviderContext, input: SaveMethodInput): Promise<SavedMethodRow> {
  const outcome = await ctx.providers.gateway.saveMethod({ token: input.token, idempotencyKey: `save:${input.token}` });
  if (outcome.status === 'indeterminate') throw new HttpError('service_unavailable', outcome.message);
  if (outcome.status === 'declined') throw FieldErrors.of(input.field, outcome.message);
  const { method } = outcome;
  if (method.kind === 'bank' && !input.authorization) {
    throw FieldErrors.of('authorization', 'A bank account needs the debit authorisation the customer gave.');
  }
  const now = ctx.clock();
  const isCard = method.kind === 'card';
  const cardLength = method.brand === 'amex' ? 15 : 16;
  const [row] = await ctx.db
    .insert(paymentMethods)
    .values({
      merchant_id: input.merchantId,
      customer_id: input.customerId,
      saved: input.saved,
      gateway: ctx.providers.gateway.name,
      gateway_reference: method.reference,
      payment_type: isCard
        ? method.funding === 'credit' || method.funding === 'unknown'
          ? 'CREDIT'
          : 'DEBIT'
        : 'bank',
      card_type: isCard ? cardTypeOf(method.brand) : null,
      card_brand: method.brand,
      card_funding: method.funding,
      bin: method.bin?.slice(0, 6) ?? null,
      last4: method.last4,
      exp_month: method.exp_month,
      exp_year: method.exp_year,
      masked_card_number: isCard ? maskCardNumber(cardLength, method.last4) : null,
      masked_account_number: isCard ? null : maskAccountNumber(method.last4),
      routing_number: method.routing_number,
      account_holder: method.account_holder,
      nickname: input.nickname,
      ...(isCard || !input.authorization
        ? {}
        : {
            authorization_text: input.authorization.text,
            authorization_method: input.authorization.method,
            authorized_by: input.userId,
            authorized_at: now,
          }),
      created_by: input.userId,
      created: now,
    })
    .returning();
  if (!row) throw new Error('payment method not saved');
  return row;
}
