// A misc payment (issue 18 item 11, `/merchants/:merchantID/misc-payment/**`): a down payment or a one-off charge
// that is on no account, with a payer name, a description, a location and optionally a customer. It goes through the
// same three steps as an account's payment; its ledger entries carry no account, so it counts in transactions and
// deposits and in no amount due. The convenience fee is the one the location's merchant account for the fee-bearing
// source's kind charges (`convenience_fee_enabled`), as there is no account to carry one.

import { convenienceFeeFor } from '@paydesk/domain/payments/fees';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { merchantLocations } from '../../db/schema/locations';
import { notFound } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { chargeSources } from './charge-sources';
import { readPayment } from './payment-view';
import {
  checkFeeWaiver,
  checkPaymentAmount,
  findMerchantAccounts,
  insertPendingPayment,
  readPaymentOfKey,
  resolveSourceMethods,
  type PayingMerchant,
  type PayingUser,
  type PaymentSourceInput,
} from './record-payment';

export type TakeMiscPaymentInput = {
  merchant: PayingMerchant;
  user: PayingUser;
  payerName: string;
  description: string;
  customerId: string | undefined;
  locationId: string;
  sources: readonly PaymentSourceInput[];
  waiveFee: boolean;
  idempotencyKey: string;
};

export async function takeMiscPayment(ctx: ProviderContext, input: TakeMiscPaymentInput): Promise<Payment> {
  checkFeeWaiver(input.merchant, input.user, input.waiveFee);
  const [location] = await ctx.db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(and(eq(merchantLocations.id, input.locationId), eq(merchantLocations.merchant_id, input.merchant.id)));
  if (!location) throw notFound();
  if (input.customerId !== undefined) {
    const [customer] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.id, input.customerId),
          eq(customers.merchant_id, input.merchant.id),
          isNull(customers.removed_at),
        ),
      );
    if (!customer) throw notFound();
  }
  await checkPaymentAmount(ctx, input.merchant, input.user, input.sources);

  const customerId = input.customerId ?? null;
  const methods = await resolveSourceMethods(ctx, {
    merchantId: input.merchant.id,
    customerId,
    userId: input.user.id,
    sources: input.sources,
  });
  const merchantAccounts = await findMerchantAccounts(ctx, location.id, methods);
  const feeSources = methods.map((method) => ({ payment_type: method.payment_type, funding: method.card_funding }));
  const bearer = convenienceFeeFor(feeSources, 1, false).sourceIndex;
  const feeAccount = bearer === null ? undefined : merchantAccounts[bearer];
  const locationFee = feeAccount?.convenience_fee_enabled ? (feeAccount.convenience_fee_cents ?? 0) : 0;
  const fee = convenienceFeeFor(feeSources, locationFee, input.waiveFee);

  const paymentId = await withTransaction(ctx, (tx) =>
    insertPendingPayment(tx, {
      merchantId: input.merchant.id,
      accountId: null,
      customerId,
      locationId: location.id,
      merchantAccountId: merchantAccounts[0]?.id ?? null,
      origin: 'misc',
      sources: input.sources,
      methods,
      fee,
      feeWaived: input.waiveFee && locationFee > 0,
      payerName: input.payerName,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
      userId: input.user.id,
    }),
  );
  if (paymentId === null) return readPaymentOfKey(ctx, input.merchant.id, input.idempotencyKey);
  await chargeSources(ctx, paymentId, input.user.id ? { id: input.user.id } : null);
  return readPayment(ctx.db, input.merchant.id, paymentId);
}
