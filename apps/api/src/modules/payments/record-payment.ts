// The steps every way of taking a payment shares (an account's payment, a misc payment, and later the scheduled,
// autopay and pay-page runs): finding each source's method, the location's merchant accounts, recording the payment
// with its sources and reconcile job in the caller's transaction, and answering an Idempotency-Key seen before.

import { canBypassPaymentThreshold, canWaiveConvenienceFee } from '@paydesk/domain/access/capabilities';
import { MINIMUM_PAYMENT_CENTS, type PaymentOrigin } from '@paydesk/domain/payments/payments';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { merchantAccounts } from '../../db/schema/merchant-accounts';
import { paymentMethods, paymentSources, payments } from '../../db/schema/payments';
import { CatalogueError, HttpError, notFound, permissionDenied } from '../../lib/http-errors';
import type { ProviderContext, TransactionContext } from '../../lib/service-context';
import { findPaymentLimits } from '../users/users.public';
import { reconcilePaymentJob } from './payments.jobs';
import { readPayment } from './payment-view';
import { savePaymentMethod, type SavedMethodRow } from './save-payment-method';

/** A payment whose run died is looked at again after this (its sources' outcomes looked up at the processor). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export type PaymentSourceInput = {
  payment_method?: string | undefined;
  token?: string | undefined;
  save: boolean;
  nickname: string;
  authorization?: { text: string; method: 'phone' | 'in_person' | 'web' } | undefined;
  amount: number;
};

export type PayingMerchant = { id: string; check_custom_roles: boolean };
/** Who takes a payment; null for the system (a scheduled run whose author is gone). */
export type PayingUser = { id: string | null; accessRoles: readonly string[] };

const accessOf = (merchant: PayingMerchant, user: PayingUser) => ({
  roles: user.accessRoles,
  merchant: { check_custom_roles: merchant.check_custom_roles },
});

/** A fee waiver needs `is_payment_waive_fee_allowed` or the role equivalent (SPEC §6): 403 otherwise. */
export function checkFeeWaiver(merchant: PayingMerchant, user: PayingUser, waiveFee: boolean): void {
  if (waiveFee && !canWaiveConvenienceFee(accessOf(merchant, user))) throw permissionDenied();
}

/**
 * The payment's amount (the sources' sum, fee excluded): at least $1.00 (`payment.minimum`), and within the user's
 * custom-role limits unless they may bypass them (`payment_amount.too_small` / `too_large`).
 */
export async function checkPaymentAmount(
  ctx: ProviderContext,
  merchant: PayingMerchant,
  user: PayingUser,
  sources: readonly Pick<PaymentSourceInput, 'amount'>[],
  checkUserLimits = true,
): Promise<number> {
  const amount = sources.reduce((sum, source) => sum + source.amount, 0);
  if (amount < MINIMUM_PAYMENT_CENTS) throw new CatalogueError('payment.minimum');
  if (checkUserLimits && user.id !== null && !canBypassPaymentThreshold(accessOf(merchant, user))) {
    const limits = await findPaymentLimits(ctx.db, user.id, merchant);
    if (limits.min !== null && amount < limits.min) throw new CatalogueError('payment_amount.too_small');
    if (limits.max !== null && amount > limits.max) throw new CatalogueError('payment_amount.too_large');
  }
  return amount;
}

/**
 * Each source's method: a saved, not removed method of the paying customer (else 404; without a customer only new
 * entries are possible), or a fresh token saved now (kept on the customer's tab only when asked and there is a
 * customer). Tokens are saved only after every saved method checked out.
 */
export async function resolveSourceMethods(
  ctx: ProviderContext,
  input: {
    merchantId: string;
    customerId: string | null;
    userId: string | null;
    sources: readonly PaymentSourceInput[];
  },
): Promise<SavedMethodRow[]> {
  const savedIds = input.sources.flatMap((source) => (source.payment_method ? [source.payment_method] : []));
  if (savedIds.length > 0 && input.customerId === null) throw notFound();
  const saved =
    savedIds.length === 0 || input.customerId === null
      ? []
      : await ctx.db
          .select()
          .from(paymentMethods)
          .where(
            and(
              inArray(paymentMethods.id, savedIds),
              eq(paymentMethods.merchant_id, input.merchantId),
              eq(paymentMethods.customer_id, input.customerId),
              isNull(paymentMethods.removed_at),
            ),
          );
  const byId = new Map(saved.map((method) => [method.id, method]));
  if (savedIds.some((id) => !byId.has(id))) throw notFound();
  // A bank account flagged dead (closed, frozen, not authorised: an ACH return or a decline) is not debited again.
  if (saved.some((method) => method.payment_type === 'bank' && method.flagged_at !== null)) {
    throw new HttpError('payment_method.disabled');
  }
  const methods: SavedMethodRow[] = [];
  for (const [index, source] of input.sources.entries()) {
    if (source.payment_method) {
      methods.push(byId.get(source.payment_method) as SavedMethodRow);
      continue;
    }
    methods.push(
      await savePaymentMethod(ctx, {
        merchantId: input.merchantId,
        customerId: input.customerId,
        token: source.token ?? '',
        nickname: source.nickname,
        saved: source.save && input.customerId !== null,
        authorization: source.authorization,
        userId: input.userId,
        field: `sources.${index}.token`,
      }),
    );
  }
  return methods;
}

export type MerchantAccountForPayment = {
  id: string;
  kind: 'card' | 'ach';
  convenience_fee_enabled: boolean;
  convenience_fee_cents: number | null;
};

/** The location's active merchant account for each method's kind (cards: card; banks: ach), else 409. */
export async function findMerchantAccounts(
  ctx: ProviderContext,
  locationId: string,
  methods: readonly SavedMethodRow[],
): Promise<MerchantAccountForPayment[]> {
  const rows = await ctx.db
    .select({
      id: merchantAccounts.id,
      kind: merchantAccounts.kind,
      convenience_fee_enabled: merchantAccounts.convenience_fee_enabled,
      convenience_fee_cents: merchantAccounts.convenience_fee_cents,
    })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.location_id, locationId), eq(merchantAccounts.status, 'active')));
  return methods.map((method) => {
    const kind = method.payment_type === 'bank' ? 'ach' : 'card';
    const found = rows.find((row) => row.kind === kind);
    if (!found) throw new HttpError('merchant_account.missing');
    return found;
  });
}

export type PendingPayment = {
  merchantId: string;
  accountId: string | null;
  customerId: string | null;
  locationId: string;
  merchantAccountId: string | null;
  origin: PaymentOrigin;
  sources: readonly PaymentSourceInput[];
  methods: readonly SavedMethodRow[];
  fee: { sourceIndex: number | null; feeCents: number };
  feeWaived: boolean;
  payerName?: string | null;
  description?: string | null;
  idempotencyKey: string;
  userId: string | null;
  /** A retry of a failed payment: that payment and this retry's place in its chain (1 for the first retry). */
  retryOf?: { paymentId: string; attempt: number } | undefined;
};

/**
 * Records the payment (PENDING) and its sources (`created`) with the reconcile job, in the caller's transaction.
 * Answers null when the merchant already has a payment under this key (its first answer was lost).
 */
export async function insertPendingPayment(tx: TransactionContext, input: PendingPayment): Promise<string | null> {
  const amount = input.sources.reduce((sum, source) => sum + source.amount, 0);
  const now = tx.clock();
  const [payment] = await tx.db
    .insert(payments)
    .values({
      merchant_id: input.merchantId,
      account_id: input.accountId,
      customer_id: input.customerId,
      location_id: input.locationId,
      merchant_account_id: input.merchantAccountId,
      origin: input.origin,
      status: 'PENDING',
      amount_cents: amount,
      convenience_fee_cents: input.fee.feeCents,
      total_cents: amount + input.fee.feeCents,
      fee_waived: input.feeWaived,
      payer_name: input.payerName ?? null,
      description: input.description ?? null,
      idempotency_key: input.idempotencyKey,
      retry_of_payment_id: input.retryOf?.paymentId ?? null,
      retry_attempt: input.retryOf?.attempt ?? 0,
      created_by: input.userId,
      created: now,
      updated: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!payment) return null;
  await tx.db.insert(paymentSources).values(
    input.sources.map((source, index) => {
      const sourceFee = input.fee.sourceIndex === index ? input.fee.feeCents : 0;
      return {
        payment_id: payment.id,
        payment_method_id: input.methods[index]?.id ?? '',
        position: index,
        amount_cents: source.amount,
        convenience_fee_cents: sourceFee,
        total_cents: source.amount + sourceFee,
        created: now,
        updated: now,
      };
    }),
  );
  await tx.jobs.send(
    reconcilePaymentJob,
    { paymentId: payment.id },
    { startAfter: new Date(now.getTime() + RECONCILE_AFTER_MS) },
  );
  return payment.id;
}

/** The payment recorded earlier under this Idempotency-Key. */
/** The payment recorded under this key, if any. */
export async function findPaymentOfKey(ctx: ProviderContext, merchantId: string, key: string): Promise<Payment | null> {
  const [existing] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchant_id, merchantId), eq(payments.idempotency_key, key)));
  return existing ? readPayment(ctx.db, merchantId, existing.id) : null;
}

export async function readPaymentOfKey(ctx: ProviderContext, merchantId: string, key: string): Promise<Payment> {
  const [existing] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchant_id, merchantId), eq(payments.idempotency_key, key)));
  if (!existing) throw notFound();
  return readPayment(ctx.db, merchantId, existing.id);
}
