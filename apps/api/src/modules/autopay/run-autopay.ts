// The autopay run (issue 19 item 2): claim the active enrolments whose account's due date has come (the date at
// AUTOPAY_RUN_HOUR in the merchant's time zone, not before the day they enrolled, and not already run for that due
// date), take the amount due through the payments module with the key `autopay:{accountId}:{dueDate}` and origin
// `autopay` (so no convenience fee), and record the outcome. Claiming is one statement with SKIP LOCKED, so two
// processes running the job at once take different rows; a claim older than CLAIM_LEASE_MS (its process died) is
// taken again with the due date it claimed, and the key answers the first run's payment instead of charging twice.

import { AUTOPAY_RUN_HOUR, type AutopayRunState } from '@paydesk/domain/autopay/autopay.contract';
import { runStateOfPayment } from '@paydesk/domain/payments/payments';
import { sql } from 'drizzle-orm';
import { autopayEnrollments } from '../../db/schema/autopay';
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

type Claimed = typeof autopayEnrollments.$inferSelect & { claimed_due_date: string };

/** Runs every autopay that is due; answers how many it ran. */
export async function runDueAutopays(ctx: ProviderContext): Promise<number> {
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
  const rows = await ctx.db
    .update(autopayEnrollments)
    .set({
      // A stale claim keeps the due date it claimed (its key); a fresh one takes the account's.
      claimed_due_date: sql`coalesce(case when ${autopayEnrollments.claimed_at} is not null
        then ${autopayEnrollments.claimed_due_date} end, (select due_date from accounts where accounts.id = ${autopayEnrollments.account_id}))`,
      claimed_at: now,
      updated: now,
    })
    .where(
      sql`${autopayEnrollments.id} in (
        select e.id from autopay_enrollments e
          join accounts a on a.id = e.account_id
          join merchants m on m.id = a.merchant_id
         where e.active
           and ((e.claimed_at is null
                 and a.autopay
                 and a.due_date is not null
                 and (e.last_due_date is null or e.last_due_date < a.due_date)
                 and a.due_date >= (e.created at time zone m.timezone)::date
                 and (a.due_date + make_interval(hours => ${AUTOPAY_RUN_HOUR})) at time zone m.timezone <= ${now})
             or e.claimed_at < ${staleBefore})
         order by a.due_date
         limit ${limit}
         for update of e skip locked)`,
    )
    .returning();
  return rows.filter((row): row is Claimed => row.claimed_due_date !== null);
}

async function runOne(ctx: ProviderContext, row: Claimed): Promise<void> {
  const found = await findPayingAccount(ctx.db, row.account_id);
  if (!found) return;
  const idempotencyKey = `autopay:${row.account_id}:${row.claimed_due_date}`;
  try {
    const payment = await takePayment(ctx, {
      merchant: found.merchant,
      user: { id: row.enrolled_by, accessRoles: [] },
      accountId: row.account_id,
      customerId: row.customer_id,
      sources: [{ payment_method: row.payment_method_id, save: false, nickname: '', amount: found.amountDueCents }],
      waiveFee: false,
      origin: 'autopay',
      idempotencyKey,
      checkUserLimits: false,
      // What is left when a scheduled payment on the account runs at the same moment (the account's lock decides).
      upToAvailable: true,
    });
    await recordOutcome(ctx, row, {
      state: runStateOfPayment(payment.status),
      paymentId: payment.id,
      message: payment.failure_message,
    });
  } catch (error) {
    if (error instanceof NothingLeftToTakeError) {
      await recordOutcome(ctx, row, { state: 'skipped', paymentId: null, message: TAKEN_MEANWHILE_REASON });
      return;
    }
    if (!(error instanceof HttpError)) throw error;
    // Paid up before the day: nothing to take (a claim taken again finds its first run's payment by the key before
    // this). Any other rule the account now breaks: the run fails with its words.
    if (found.amountDueCents <= 0 || error.code === 'account.already_paid') {
      await recordOutcome(ctx, row, { state: 'skipped', paymentId: null, message: NOTHING_DUE_REASON });
      return;
    }
    await recordOutcome(ctx, row, { state: 'failed', paymentId: null, message: error.detail });
  }
}

async function recordOutcome(
  ctx: ProviderContext,
  row: Claimed,
  outcome: { state: AutopayRunState; paymentId: string | null; message: string | null },
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const now = tx.clock();
    const [updated] = await tx.db
      .update(autopayEnrollments)
      .set({
        claimed_at: null,
        claimed_due_date: null,
        last_due_date: row.claimed_due_date,
        last_state: outcome.state,
        last_payment_id: outcome.paymentId,
        last_failure_message: outcome.message,
        updated: now,
      })
      .where(
        sql`${autopayEnrollments.id} = ${row.id} and ${autopayEnrollments.claimed_due_date} = ${row.claimed_due_date}`,
      )
      .returning({ id: autopayEnrollments.id });
    if (!updated) return;
    await recordCustomerEvent(tx, {
      merchantId: row.merchant_id,
      customerId: row.customer_id,
      accountId: row.account_id,
      kind: `autopay.${outcome.state}`,
      actor: null,
      after: {
        payment_id: outcome.paymentId,
        due_date: row.claimed_due_date,
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
        outcomeKey: `autopay:${row.account_id}:${row.claimed_due_date}`,
      });
    }
  });
}
