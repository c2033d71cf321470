// Taking a payment on an account (issue 18 item 4), in the three steps of ARCHITECTURE "Transactions hold no
// providers": (1) one transaction checks the rules against the locked account and records the payment and its
// sources (`created`) with a reconcile job for a run that dies; (2) each source is charged outside any transaction,
// with the source's id as the idempotency key; (3) `recordChargeOutcome` records what happened in another.

import { canBypassPaymentThreshold, canWaiveConvenienceFee } from '@paydesk/domain/access/capabilities';
import { convenienceFeeFor } from '@paydesk/domain/payments/fees';
import { MINIMUM_PAYMENT_CENTS, type PaymentOrigin } from '@paydesk/domain/payments/payments';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { accountCustomers, accounts, customerIntegrationChecks } from '../../db/schema/customers';
import { merchantAccounts } from '../../db/schema/merchant-accounts';
import { paymentMethods, paymentSources, payments } from '../../db/schema/payments';
import { CatalogueError, HttpError, notFound, permissionDenied } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { findPaymentLimits } from '../users/users.public';
import { chargeSources } from './charge-sources';
import { reconcilePaymentJob } from './payments.jobs';
import { readPayment } from './payment-view';
import { savePaymentMethod, type SavedMethodRow } from './save-payment-method';

/** How long an integrated merchant's balance read stays "current" for taking a payment on it. */
export const CURRENT_INVOICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
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

export type TakePaymentInput = {
  merchant: { id: string; is_integrated: boolean; check_custom_roles: boolean };
  /** Who takes it, with the roles their access is matched against at this merchant. */
  user: { id: string; accessRoles: readonly string[] };
  accountId: string;
  customerId: string;
  sources: readonly PaymentSourceInput[];
  waiveFee: boolean;
  origin: Exclude<PaymentOrigin, 'misc'>;
  /** The request's Idempotency-Key (or a job's key): one payment per key and merchant. */
  idempotencyKey: string;
};

/** Takes the payment and answers it (status PAID, PENDING for bank debits, or FAILED with the reason). */
export async function takePayment(ctx: ProviderContext, input: TakePaymentInput): Promise<Payment> {
  const access = { roles: input.user.accessRoles, merchant: { check_custom_roles: input.merchant.check_custom_roles } };
  if (input.waiveFee && !canWaiveConvenienceFee(access)) throw permissionDenied();

  const account = await findAccountOfCustomer(ctx, input.merchant.id, input.accountId, input.customerId);
  checkAccountState(account);
  if (input.merchant.is_integrated) await checkCurrentInvoice(ctx, input.merchant.id, input.customerId);

  const amount = input.sources.reduce((sum, source) => sum + source.amount, 0);
  if (amount < MINIMUM_PAYMENT_CENTS) throw new CatalogueError('payment.minimum');
  if (!canBypassPaymentThreshold(access)) {
    const limits = await findPaymentLimits(ctx.db, input.user.id, input.merchant);
    if (limits.min !== null && amount < limits.min) throw new CatalogueError('payment_amount.too_small');
    if (limits.max !== null && amount > limits.max) throw new CatalogueError('payment_amount.too_large');
  }
  if (account.amount_due_cents <= 0) throw new CatalogueError('account.already_paid');
  if (amount > account.amount_due_cents) throw new HttpError('payment.exceeds_amount_due');

  const methods = await resolveMethods(ctx, input);
  const fee = convenienceFeeFor(
    methods.map((method) => ({ payment_type: method.payment_type, funding: method.card_funding })),
    account.convenience_fee_cents,
    input.waiveFee,
  );
  const merchantAccountIds = await findMerchantAccounts(ctx, account.location_id, methods);

  const paymentId = await withTransaction(ctx, async (tx) => {
    const [locked] = await tx.db
      .select({ amount_due_cents: accounts.amount_due_cents, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, account.id))
      .for('update');
    if (!locked) throw notFound();
    checkAccountState(locked);
    // Payments being charged now are not on the ledger yet: they count against the amount due all the same.
    const [inFlight] = await tx.db
      .select({ cents: sql<number>`coalesce(sum(${payments.amount_cents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(
        and(
          eq(payments.account_id, account.id),
          eq(payments.status, 'PENDING'),
          sql`not exists (select 1 from ledger_entries where ledger_entries.payment_id = ${payments.id})`,
        ),
      );
    const available = locked.amount_due_cents - (inFlight?.cents ?? 0);
    if (locked.amount_due_cents <= 0) throw new CatalogueError('account.already_paid');
    if (amount > available) throw new HttpError('payment.exceeds_amount_due');

    const now = ctx.clock();
    const [payment] = await tx.db
      .insert(payments)
      .values({
        merchant_id: input.merchant.id,
        account_id: account.id,
        customer_id: input.customerId,
        location_id: account.location_id,
        merchant_account_id: merchantAccountIds[0] ?? null,
        origin: input.origin,
        status: 'PENDING',
        amount_cents: amount,
        convenience_fee_cents: fee.feeCents,
        total_cents: amount + fee.feeCents,
        fee_waived: input.waiveFee && account.convenience_fee_cents > 0,
        idempotency_key: input.idempotencyKey,
        created_by: input.user.id,
        created: now,
        updated: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // The same key again (its first answer was lost, e.g. a 5xx released the key): that payment, not a second one.
    if (!payment) return null;
    await tx.db.insert(paymentSources).values(
      input.sources.map((source, index) => {
        const sourceFee = fee.sourceIndex === index ? fee.feeCents : 0;
        return {
          payment_id: payment.id,
          payment_method_id: methods[index]?.id ?? '',
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
  });

  if (paymentId === null) {
    const [existing] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.merchant_id, input.merchant.id), eq(payments.idempotency_key, input.idempotencyKey)));
    if (!existing) throw notFound();
    return readPayment(ctx.db, input.merchant.id, existing.id);
  }
  await chargeSources(ctx, paymentId, { id: input.user.id });
  return readPayment(ctx.db, input.merchant.id, paymentId);
}

type AccountForPayment = {
  id: string;
  location_id: string;
  status: string;
  amount_due_cents: number;
  convenience_fee_cents: number;
};

async function findAccountOfCustomer(
  ctx: ProviderContext,
  merchantId: string,
  accountId: string,
  customerId: string,
): Promise<AccountForPayment> {
  const [account] = await ctx.db
    .select({
      id: accounts.id,
      location_id: accounts.location_id,
      status: accounts.status,
      amount_due_cents: accounts.amount_due_cents,
      convenience_fee_cents: accounts.convenience_fee_cents,
    })
    .from(accounts)
    .innerJoin(accountCustomers, eq(accountCustomers.account_id, accounts.id))
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.merchant_id, merchantId),
        eq(accountCustomers.customer_id, customerId),
      ),
    );
  if (!account) throw notFound();
  return account;
}

function checkAccountState(account: { status: string }): void {
  if (account.status === 'inactive') throw new CatalogueError('account.inactive');
  if (account.status === 'do_not_contact') throw new CatalogueError('account.do_not_contact');
}

/**
 * An integrated merchant's amount due comes from its accounting system: a payment needs a current invoice, that is
 * a balance the system confirmed within the last day (decision 0021).
 */
async function checkCurrentInvoice(ctx: ProviderContext, merchantId: string, customerId: string): Promise<void> {
  const since = new Date(ctx.clock().getTime() - CURRENT_INVOICE_MAX_AGE_MS);
  const [check] = await ctx.db
    .select({ synced_at: customerIntegrationChecks.synced_at })
    .from(customerIntegrationChecks)
    .where(
      and(
        eq(customerIntegrationChecks.customer_id, customerId),
        eq(customerIntegrationChecks.merchant_id, merchantId),
        gte(customerIntegrationChecks.synced_at, since),
      ),
    );
  if (!check) throw new CatalogueError('account.current_invoice_required');
}

/**
 * Each source's method: a saved, not removed method of the paying customer (else 404), or a fresh token saved now
 * (kept on the customer's tab only when asked). Tokens are saved only after every saved method checked out.
 */
async function resolveMethods(ctx: ProviderContext, input: TakePaymentInput): Promise<SavedMethodRow[]> {
  const savedIds = input.sources.flatMap((source) => (source.payment_method ? [source.payment_method] : []));
  const saved =
    savedIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(paymentMethods)
          .where(
            and(
              inArray(paymentMethods.id, savedIds),
              eq(paymentMethods.merchant_id, input.merchant.id),
              eq(paymentMethods.customer_id, input.customerId),
              isNull(paymentMethods.removed_at),
            ),
          );
  const byId = new Map(saved.map((method) => [method.id, method]));
  if (savedIds.some((id) => !byId.has(id))) throw notFound();
  const methods: SavedMethodRow[] = [];
  for (const [index, source] of input.sources.entries()) {
    if (source.payment_method) {
      methods.push(byId.get(source.payment_method) as SavedMethodRow);
      continue;
    }
    methods.push(
      await savePaymentMethod(ctx, {
        merchantId: input.merchant.id,
        customerId: input.customerId,
        token: source.token ?? '',
        nickname: source.nickname,
        saved: source.save,
        authorization: source.authorization,
        userId: input.user.id,
        field: `sources.${index}.token`,
      }),
    );
  }
  return methods;
}

/** The location's active merchant account for each method's kind (cards: card; banks: ach), else 409. */
async function findMerchantAccounts(
  ctx: ProviderContext,
  locationId: string,
  methods: readonly SavedMethodRow[],
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: merchantAccounts.id, kind: merchantAccounts.kind })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.location_id, locationId), eq(merchantAccounts.status, 'active')));
  return methods.map((method) => {
    const kind = method.payment_type === 'bank' ? 'ach' : 'card';
    const found = rows.find((row) => row.kind === kind);
    if (!found) throw new HttpError('merchant_account.missing');
    return found.id;
  });
}
