// The scheduled payments' run (issue 19 item 1): claim the due ones, take each through the payments module with the
// key `scheduled:{id}`, record the outcome. Claiming is one statement with SKIP LOCKED, so two processes running the
// job at once take different rows; a claim older than CLAIM_LEASE_MS (its process died mid-run) is taken again, and
// the key makes that second run answer the first run's payment instead of charging twice. The amount is settled
// under the account's lock (`upToAvailable`): with autopay running on the account at once, the later run takes
// what is left or is skipped with the reason, never failed on an amount read before the other's payment.

import { runStateOfPayment } from '@paydesk/domain/payments/payments';
import type { ScheduledPaymentState } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { sql } from 'drizzle-orm';
import { scheduledPayments } from '../../db/schema/scheduled-payments';
import { HttpError } from '../../lib/http-errors';
import { runClaimedBatches, staleClaimsBefore } from '../../lib/run-claimed-batches';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { recordCustomerEvent } from '../customers/customers.public';
import { queueTemplateText } from '../messaging/messaging.public';
import {
  findPayingAccount,
  NOTHING_DUE_REASON,
  NothingLeftToTakeError,
  TAKEN_MEANWHILE_REASON,
  takePayment,
} from '../payments/payments.public';

type Claimed = typeof scheduledPayments.$inferSelect;

/** Runs every due scheduled payment; answers how many it ran. */
export async function runDueScheduledPayments(ctx: ProviderContext): Promise<number> {
  // An account's rows one after another (each sees what the one before took); other accounts' side by side.
  return runClaimedBatches({
    claim: (limit) => claimDue(ctx, limit),
    laneOf: (row) => row.account_id,
    runOne: (row) => runOne(ctx, row),
  });
}

async function claimDue(ctx: ProviderContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock();
  const staleBefore = staleClaimsBefore(now);
  return ctx.db
    .update(scheduledPayments)
    .set({ state: 'processing', claimed_at: now, updated: now })
    .where(
      sql`${scheduledPayments.id} in (
        select id from scheduled_payments
         where (state = 'scheduled' and run_at <= ${now})
            or (state = 'processing' and claimed_at < ${staleBefore})
         order by run_at
         limit ${limit}
         for update skip locked)`,
    )
    .returning();
}

async function runOne(ctx: ProviderContext, row: Claimed): Promise<void> {
  const found = await findPayingAccount(ctx.db, row.account_id);
  if (!found) return;
  if (found.amountDueCents <= 0) {
    await recordOutcome(ctx, row, { state: 'skipped', paymentId: null, message: NOTHING_DUE_REASON });
    return;
  }
  try {
    const payment = await takePayment(ctx, {
      merchant: found.merchant,
      user: { id: row.created_by, accessRoles: [] },
      accountId: row.account_id,
      customerId: row.customer_id,
      // What the account owes on the day, when that is less than was scheduled.
      sources: [
        {
          payment_method: row.payment_method_id,
          save: false,
          nickname: '',
          amount: Math.min(row.amount_cents, found.amountDueCents),
        },
      ],
      waiveFee: false,
      origin: 'scheduled',
      idempotencyKey: `scheduled:${row.id}`,
      checkUserLimits: false,
      // What is left when autopay on the account runs at the same moment (the account's lock decides).
      upToAvailable: true,
    });
    await recordOutcome(ctx, row, {
      state: runStateOfPayment(payment.status),
      paymentId: payment.id,
      message: payment.failure_message,
    });
  } catch (error) {
    // Autopay on the account took what was due, or is taking it, since the read above: nothing to take.
    if (error instanceof NothingLeftToTakeError) {
      await recordOutcome(ctx, row, { state: 'skipped', paymentId: null, message: TAKEN_MEANWHILE_REASON });
      return;
    }
    if (!(error instanceof HttpError)) throw error;
    if (error.code === 'account.already_paid') {
      await recordOutcome(ctx, row, { state: 'skipped', paymentId: null, message: NOTHING_DUE_REASON });
      return;
    }
    // A rule the account now breaks (inactive, the method removed): the run fails with its words.
    await recordOutcome(ctx, row, { state: 'failed', paymentId: null, message: error.detail });
  }
}

async function recordOutcome(
  ctx: ProviderContext,
  row: Claimed,
  outcome: { state: ScheduledPaymentState; paymentId: string | null; message: string | null },
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [updated] = await tx.db
      .update(scheduledPayments)
      .set({ state: outcome.state, payment_id: outcome.paymentId, failure_message: outcome.message, updated: now })
      .where(sql`${scheduledPayments.id} = ${row.id} and ${scheduledPayments.state} = 'processing'`)
      .returning({ id: scheduledPayments.id });
    if (!updated) return;
    await recordCustomerEvent(tx, {
      merchantId: row.merchant_id,
      customerId: row.customer_id,
      accountId: row.account_id,
      kind: `scheduled_payment.${outcome.state}`,
      actor: null,
      after: {
        scheduled_payment_id: row.id,
        payment_id: outcome.paymentId,
        amount_cents: row.amount_cents,
        date: row.scheduled_date,
        ...(outcome.message ? { reason: outcome.message } : {}),
      },
    });
    // The outcome as a text to the customer: THANKS when taken, PAYMENT_FAILED when not (a bank debit on its way
    // and a skipped run send none).
    const type = outcome.state === 'paid' ? 'THANKS' : outcome.state === 'failed' ? 'PAYMENT_FAILED' : null;
    if (type) {
      await queueTemplateText(tx, {
        merchantId: row.merchant_id,
        customerId: row.customer_id,
        accountId: row.account_id,
        type,
        outcomeKey: `scheduled_payment:${row.id}`,
      });
    }
  });
}
