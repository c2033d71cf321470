// Step 2 and 3 of taking a payment: charge each source at the processor (outside any transaction, the source's id as
// the idempotency key), undo the ones already taken when a later one is declined, then record the outcome in one
// transaction: sources, the payment's status, ledger entries and the customer's history.
//
// The same function settles a payment whose run died or whose processor call went unanswered (the reconcile job):
// a source not known to have been answered is looked up at the processor by its key, and charged (with the same
// key, so the processor treats it as the same charge) only when the processor never received it.

import { METHOD_FLAGGING_DECLINE_CODES } from '@paydesk/domain/payments/declines';
import type { ChargeOutcome, ReversalOutcome } from '../../providers/gateway/gateway-provider';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/customers';
import { merchantAccounts } from '../../db/schema/merchant-accounts';
import { ledgerEntries, paymentMethods, paymentSources, payments } from '../../db/schema/payments';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { recordCustomerEvent } from '../customers/customers.public';
import type { LedgerEntryInput } from '../ledger/ledger.public';
import { postPaymentEntries } from './post-payment-entries';

type SourceRow = typeof paymentSources.$inferSelect;
type Charged = { source: SourceRow; outcome: ChargeOutcome };

export type ChargeRun = 'first' | 'reconcile';

/** What a payment says while the processor has not answered for one of its sources. */
export const UNCONFIRMED_MESSAGE = 'The processor has not confirmed this payment yet; it is checked again shortly.';

/** Charges (or, on reconcile, looks up) the payment's sources and records the outcome. */
export async function chargeSources(
  ctx: ProviderContext,
  paymentId: string,
  actor: Actor,
  run: ChargeRun = 'first',
): Promise<void> {
  const [found] = await ctx.db
    .select({ payment: payments, onLedger: isOnLedger })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!found || found.payment.status !== 'PENDING' || found.onLedger) return;
  const { payment } = found;
  const rows = await ctx.db
    .select({ source: paymentSources, method: paymentMethods })
    .from(paymentSources)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentSources.payment_method_id))
    .where(eq(paymentSources.payment_id, paymentId))
    .orderBy(asc(paymentSources.position));
  const accountsOfLocation = await ctx.db
    .select({ kind: merchantAccounts.kind, mid: merchantAccounts.processor_merchant_id })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.location_id, payment.location_id), eq(merchantAccounts.status, 'active')));
  const gateway = ctx.providers.gateway;

  const charged: Charged[] = [];
  for (const { source, method } of rows) {
    let outcome: ChargeOutcome;
    if (source.state === 'approved' || source.state === 'pending') {
      outcome = { status: source.state, reference: source.gateway_reference ?? '' };
    } else {
      const looked =
        run === 'reconcile' || source.state === 'indeterminate'
          ? await gateway.lookupCharge({ idempotencyKey: source.id })
          : null;
      if (looked && looked.status !== 'indeterminate') {
        outcome =
          looked.status === 'declined' || looked.status === 'pending' || looked.status === 'approved'
            ? looked
            : looked.status === 'voided'
              ? { status: 'declined', code: 'voided', message: 'The charge was voided.', retry: 'hard' }
              : { status: method.payment_type === 'bank' ? 'pending' : 'approved', reference: looked.reference };
      } else if (looked?.status === 'indeterminate') {
        outcome = looked;
      } else {
        const mid = accountsOfLocation.find((row) => row.kind === (method.payment_type === 'bank' ? 'ach' : 'card'));
        outcome = await gateway.charge({
          method: method.gateway_reference,
          amount_cents: source.total_cents,
          processor_merchant_id: mid?.mid ?? '',
          description: payment.description ?? `Payment ${payment.id}`,
          idempotencyKey: source.id,
        });
        // An unanswered call is looked up once at once: most timeouts are answered by then.
        if (outcome.status === 'indeterminate') {
          const again = await gateway.lookupCharge({ idempotencyKey: source.id });
          if (again && (again.status === 'approved' || again.status === 'pending' || again.status === 'declined')) {
            outcome = again;
          }
        }
      }
    }
    charged.push({ source, outcome });
    if (outcome.status !== 'approved' && outcome.status !== 'pending') break;
  }

  const failed = charged.find(({ outcome }) => outcome.status === 'declined');
  const unanswered = charged.find(({ outcome }) => outcome.status === 'indeterminate');
  if (unanswered) {
    await recordOutcome(ctx, paymentId, charged, actor, {
      kind: 'unresolved',
      message: UNCONFIRMED_MESSAGE,
    });
    return;
  }
  if (failed && failed.outcome.status === 'declined') {
    const undone = await undoTaken(
      ctx,
      charged.filter((entry) => entry !== failed),
    );
    const message =
      undone > 0
        ? `${failed.outcome.message} The ${undone === 1 ? 'source' : `${undone} sources`} already charged ${undone === 1 ? 'was' : 'were'} voided or refunded.`
        : failed.outcome.message;
    await recordOutcome(ctx, paymentId, charged, actor, { kind: 'failed', message });
    return;
  }
  await recordOutcome(ctx, paymentId, charged, actor, { kind: 'taken' });
}

/** Whether the payment already has ledger entries (its outcome was recorded), read with the payment (no lock). */
const isOnLedger = sql<boolean>`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.payment_id} = ${payments.id})`;

/** Voids (or, once settled, refunds) the sources already taken; answers how many were undone. */
async function undoTaken(ctx: ProviderContext, charged: Charged[]): Promise<number> {
  let undone = 0;
  for (const entry of charged) {
    const { outcome, source } = entry;
    if (outcome.status !== 'approved' && outcome.status !== 'pending') continue;
    let reversal: ReversalOutcome = await ctx.providers.gateway.void({
      charge: outcome.reference,
      idempotencyKey: `void:${source.id}`,
    });
    if (reversal.status === 'declined') {
      reversal = await ctx.providers.gateway.refund({
        charge: outcome.reference,
        amount_cents: source.total_cents,
        idempotencyKey: `refund:${source.id}`,
      });
    }
    if (reversal.status === 'approved' || reversal.status === 'pending') {
      entry.outcome = {
        status: 'declined',
        code: 'voided',
        message: 'Voided: a later source was declined.',
        retry: 'hard',
        reference: outcome.reference,
      };
      undone += 1;
    }
  }
  return undone;
}

type Result = { kind: 'taken' } | { kind: 'failed'; message: string } | { kind: 'unresolved'; message: string };

async function recordOutcome(
  ctx: ProviderContext,
  paymentId: string,
  charged: Charged[],
  actor: Actor,
  result: Result,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [payment] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.status !== 'PENDING') return;
    // A separate statement after the lock, not a subquery of the locking one: in read committed a subquery keeps the
    // statement's snapshot, and would miss the entries of a bank debit (still PENDING) posted while this one waited.
    const [posted] = await tx.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payment_id, paymentId))
      .limit(1);
    if (posted) return;
    const now = ctx.clock();
    for (const { source, outcome } of charged) {
      const voided = outcome.status === 'declined' && outcome.code === 'voided';
      await tx.db
        .update(paymentSources)
        .set({
          state: voided ? 'voided' : outcome.status,
          gateway_reference: 'reference' in outcome ? (outcome.reference ?? null) : source.gateway_reference,
          decline_code: outcome.status === 'declined' && !voided ? outcome.code : null,
          decline_message: outcome.status === 'declined' ? outcome.message : null,
          updated: now,
        })
        .where(eq(paymentSources.id, source.id));
      if (outcome.status === 'declined' && METHOD_FLAGGING_DECLINE_CODES.has(outcome.code)) {
        await tx.db
          .update(paymentMethods)
          .set({ flagged_at: now, flag_reason: outcome.message })
          .where(and(eq(paymentMethods.id, source.payment_method_id), isNull(paymentMethods.flagged_at)));
      }
    }
    if (result.kind === 'unresolved') {
      await tx.db
        .update(payments)
        .set({ failure_message: result.message, updated: now })
        .where(eq(payments.id, paymentId));
      return;
    }
    const anyPending = charged.some(({ outcome }) => outcome.status === 'pending');
    const status = result.kind === 'failed' ? 'FAILED' : anyPending ? 'PENDING' : 'PAID';
    await tx.db
      .update(payments)
      .set({ status, failure_message: result.kind === 'failed' ? result.message : null, updated: now })
      .where(eq(payments.id, paymentId));

    if (result.kind === 'taken') {
      const entries: LedgerEntryInput[] = [
        { accountId: payment.account_id, kind: 'charge', amountCents: -payment.total_cents, paymentId },
      ];
      if (payment.convenience_fee_cents > 0) {
        entries.push({
          accountId: payment.account_id,
          kind: 'fee',
          amountCents: payment.convenience_fee_cents,
          paymentId,
        });
      }
      if (payment.fee_waived && payment.account_id) {
        const [account] = await tx.db
          .select({ fee: accounts.convenience_fee_cents })
          .from(accounts)
          .where(eq(accounts.id, payment.account_id));
        const waived = account?.fee ?? 0;
        if (waived > 0) {
          entries.push(
            { accountId: payment.account_id, kind: 'fee', amountCents: waived, paymentId, reason: 'Convenience fee' },
            {
              accountId: payment.account_id,
              kind: 'fee_waiver',
              amountCents: -waived,
              paymentId,
              reason: 'Fee waived',
            },
          );
        }
      }
      await postPaymentEntries(tx, payment.merchant_id, actor, entries);
    }
    if (payment.customer_id) {
      await recordCustomerEvent(tx, {
        merchantId: payment.merchant_id,
        customerId: payment.customer_id,
        accountId: payment.account_id,
        kind: result.kind === 'taken' ? 'payment.taken' : 'payment.failed',
        actor,
        after: {
          payment_id: payment.id,
          status,
          amount_cents: payment.amount_cents,
          convenience_fee_cents: payment.convenience_fee_cents,
          total_cents: payment.total_cents,
          fee_waived: payment.fee_waived,
          ...(result.kind === 'failed' ? { reason: result.message } : {}),
        },
      });
    }
  });
}
