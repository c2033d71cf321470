// Taking a payment on an account (issue 18 item 4), in the three steps of ARCHITECTURE "Transactions hold no
// providers": (1) one transaction checks the rules against the locked account and records the payment and its
// sources (`created`) with a reconcile job for a run that dies; (2) each source is charged outside any transaction,
// with the source's id as the idempotency key; (3) `recordChargeOutcome` records what happened in another.
// A job's payment (`upToAvailable`) is cut under the account's lock to what the account still owes once the payments
// being charged are counted, so two runs on one account at once (autopay and a scheduled payment) never overpay it
// and the later one never fails on an amount read before the other's payment.

import { convenienceFeeFor, originBearsConvenienceFee } from '@paydesk/domain/payments/fees';
import type { PaymentOrigin } from '@paydesk/domain/payments/payments';
import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { accounts, customerIntegrationChecks } from '../../db/schema/customers';
import { payments } from '../../db/schema/payments';
import { CatalogueError, HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { getAccountOfCustomer } from '../customers/customers.public';
import { chargeSources } from './charge-sources';
import { readPayment } from './payment-view';
import {
  checkFeeWaiver,
  checkPaymentAmount,
  findMerchantAccounts,
  findPaymentOfKey,
  insertPendingPayment,
  readPaymentOfKey,
  resolveSourceMethods,
  type PayingUser,
  type PaymentSourceInput,
} from './record-payment';

/** How long an integrated merchant's balance read stays "current" for taking a payment on it. */
export const CURRENT_INVOICE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type TakePaymentInput = {
  merchant: { id: string; is_integrated: boolean; check_custom_roles: boolean };
  /** Who takes it, with the roles their access is matched against at this merchant. */
  user: PayingUser;
  accountId: string;
  customerId: string;
  sources: readonly PaymentSourceInput[];
  waiveFee: boolean;
  origin: Exclude<PaymentOrigin, 'misc'>;
  /** The request's Idempotency-Key (or a job's key): one payment per key and merchant. */
  idempotencyKey: string;
  /**
   * False for a run of what was checked against the user's limits when it was set up (a scheduled payment): the
   * minimum still applies, the custom-role limits of whoever set it up not again.
   */
  checkUserLimits?: boolean;
  /** A retry of a failed payment (the failed-payments module) or a re-presentment of a returned debit. */
  retryOf?: { paymentId: string; attempt: number };
  /**
   * The fee fixed ahead instead of the account's (a re-presented debit carries the returned one's, so the entry's
   * amount is the same); on the last source that may bear one, as always.
   */
  feeCents?: number;
  /**
   * A run's payment of one source (autopay, a scheduled payment): less than asked when, under the account's lock, the
   * account owes less once the payments being charged are counted; `NothingLeftToTakeError` when they take all of it.
   */
  upToAvailable?: boolean;
};

/** Why a run (autopay, scheduled payment) took nothing: the account owed nothing, or another payment was taking it. */
export const NOTHING_DUE_REASON = 'Nothing was due on the account.';
export const TAKEN_MEANWHILE_REASON = 'Another payment on the account was being taken for what was due.';

/** With `upToAvailable`: the payments being charged on the account already take all it owes. */
export class NothingLeftToTakeError extends CatalogueError {
  constructor() {
    super('account.already_paid');
  }
}

/** Takes the payment and answers it (status PAID, PENDING for bank debits, or FAILED with the reason). */
export async function takePayment(ctx: ProviderContext, input: TakePaymentInput): Promise<Payment> {
  checkFeeWaiver(input.merchant, input.user, input.waiveFee);
  // A job's key taken again (its run died after the payment was recorded): that payment, before the account's rules
  // (now paid up by it) refuse a second one.
  const earlier = await findPaymentOfKey(ctx, input.merchant.id, input.idempotencyKey);
  if (earlier) return earlier;

  // Read without a lock: the transaction below locks the account and checks its state and amount due again.
  const { account } = await getAccountOfCustomer(ctx.db, input.merchant.id, input.customerId, input.accountId);
  checkAccountState(account);
  if (input.merchant.is_integrated) await checkCurrentInvoice(ctx, input.merchant.id, input.customerId);

  const amount = await checkPaymentAmount(ctx, input.merchant, input.user, input.sources, input.checkUserLimits);
  if (account.amount_due_cents <= 0) throw new CatalogueError('account.already_paid');
  if (amount > account.amount_due_cents) throw new HttpError('payment.exceeds_amount_due');

  const methods = await resolveSourceMethods(ctx, {
    merchantId: input.merchant.id,
    customerId: input.customerId,
    userId: input.user.id,
    sources: input.sources,
  });
  // Autopay bears no fee at all (not a waiver): the account's fee does not apply to its origin.
  const accountFeeCents = originBearsConvenienceFee(input.origin) ? account.convenience_fee_cents : 0;
  const fee = convenienceFeeFor(
    methods.map((method) => ({ payment_type: method.payment_type, funding: method.card_funding })),
    input.feeCents ?? accountFeeCents,
    input.waiveFee,
  );
  const merchantAccounts = await findMerchantAccounts(ctx, account.location_id, methods);

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
    let sources = input.sources;
    if (input.upToAvailable) {
      if (available <= 0) throw new NothingLeftToTakeError();
      sources = cutSourcesTo(sources, available);
    }
    if (sources.reduce((sum, source) => sum + source.amount, 0) > available) {
      throw new HttpError('payment.exceeds_amount_due');
    }
    return insertPendingPayment(tx, {
      merchantId: input.merchant.id,
      accountId: account.id,
      customerId: input.customerId,
      locationId: account.location_id,
      merchantAccountId: merchantAccounts[0]?.id ?? null,
      origin: input.origin,
      sources,
      methods,
      fee,
      feeWaived: input.waiveFee && accountFeeCents > 0,
      idempotencyKey: input.idempotencyKey,
      userId: input.user.id,
      retryOf: input.retryOf,
    });
  });

  // The same key again (its first answer was lost, e.g. a 5xx released the key): that payment, not a second one.
  if (paymentId === null) return readPaymentOfKey(ctx, input.merchant.id, input.idempotencyKey);
  await chargeSources(ctx, paymentId, input.user.id ? { id: input.user.id } : null);
  return readPayment(ctx.db, input.merchant.id, paymentId);
}

/**
 * The sources taking at most `cents` in all: a run's one source cut down; several sources (never a run's) are left as
 * they are, for the amount check to refuse.
 */
function cutSourcesTo(sources: readonly PaymentSourceInput[], cents: number): readonly PaymentSourceInput[] {
  const [only] = sources;
  return only && sources.length === 1 ? [{ ...only, amount: Math.min(only.amount, cents) }] : sources;
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
