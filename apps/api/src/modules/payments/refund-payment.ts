// Refunding a payment (issue 18 item 7, SPEC §3 Refund, §7 refund_payment / refund_transaction), in the three steps of
// every money call: (1) under the payment's row lock, check what is asked against what is left to refund on each
// source and record the reversal with its parts; (2) outside any transaction, refund each part at the processor (a
// bank debit that has not settled is voided instead, whole), the part's id as the idempotency key; (3) record the
// outcome: approved parts go on the ledger, declined ones put nothing back. A reversal left unanswered (the processor
// timed out, or the process died between the steps) is settled later by `reconcileReversal`, from a job queued with it.

import type { Payment } from '@paydesk/domain/payments/payments.contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ReversalOutcome } from '../../providers/gateway/gateway-provider';
import {
  ledgerEntries,
  paymentMethods,
  paymentReversalSources,
  paymentReversals,
  paymentSources,
  payments,
} from '../../db/schema/payments';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { withTransaction, type ProviderContext, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { recordCustomerEvent } from '../customers/customers.public';
import type { LedgerEntryInput } from '../ledger/ledger.public';
import { readPayment } from './payment-view';
import { postPaymentEntries } from './post-payment-entries';
import { reconcileReversalJob } from './payments.jobs';
import { readPaymentOfKey, RECONCILE_AFTER_MS } from './record-payment';

export type RefundPaymentInput = {
  merchantId: string;
  userId: string;
  paymentId: string;
  /** What to give back from each of the payment's methods; `null` gives back everything left, fee-bearing last. */
  sources: ReadonlyArray<{ payment_method: string; amount: number }> | null;
  /** The sum of `sources` as the client computed it (checked), or null with `sources: null`. */
  total: number | null;
  reason?: string | undefined;
  idempotencyKey: string;
};

/** Sources whose money was taken and may be given back (a pending bank debit by a void). */
const TAKEN_STATES = ['approved', 'pending', 'settled'] as const;

type SourceRow = typeof paymentSources.$inferSelect;
type Part = { source: SourceRow; amount: number; feePart: number; kind: 'refund' | 'void' };

export async function refundPayment(ctx: ProviderContext, input: RefundPaymentInput): Promise<Payment> {
  const reversalId = await withTransaction(ctx, async (tx) => {
    const [payment] = await tx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.merchant_id, input.merchantId)))
      .for('update');
    if (!payment) throw notFound();
    const [seen] = await tx.db
      .select({ id: paymentReversals.id })
      .from(paymentReversals)
      .where(
        and(
          eq(paymentReversals.merchant_id, input.merchantId),
          eq(paymentReversals.idempotency_key, input.idempotencyKey),
        ),
      );
    if (seen) return null;
    if (!(await isRefundable(tx, payment))) throw new HttpError('refund.not_refundable');
    const parts = await planParts(tx, payment.id, input);
    const total = parts.reduce((sum, part) => sum + part.amount, 0);
    if (total <= 0) throw new HttpError('refund.exceeds_captured');
    const now = tx.clock();
    const [reversal] = await tx.db
      .insert(paymentReversals)
      .values({
        merchant_id: input.merchantId,
        payment_id: payment.id,
        kind: parts.every((part) => part.kind === 'void') ? 'void' : 'refund',
        total_cents: total,
        idempotency_key: input.idempotencyKey,
        reason: input.reason ?? null,
        created_by: input.userId,
        created: now,
        updated: now,
      })
      .returning({ id: paymentReversals.id });
    if (!reversal) throw new Error('reversal not recorded');
    await tx.db.insert(paymentReversalSources).values(
      parts.map((part) => ({
        reversal_id: reversal.id,
        payment_source_id: part.source.id,
        amount_cents: part.amount,
        convenience_fee_cents: part.feePart,
      })),
    );
    await tx.jobs.send(
      reconcileReversalJob,
      { reversalId: reversal.id },
      { startAfter: new Date(now.getTime() + RECONCILE_AFTER_MS) },
    );
    return reversal.id;
  });
  if (reversalId === null) return readPaymentOfKeyOrReversal(ctx, input);

  await reverseParts(ctx, reversalId, { id: input.userId });
  return readPayment(ctx.db, input.merchantId, input.paymentId);
}

/**
 * PAID or PARTIALLY_REFUNDED; or PENDING once charged (a bank debit on its way, which is voided): its charge is on the
 * ledger, so no source waits for the processor's first answer.
 */
async function isRefundable(tx: ServiceContext, payment: typeof payments.$inferSelect): Promise<boolean> {
  if (payment.status === 'PAID' || payment.status === 'PARTIALLY_REFUNDED') return true;
  if (payment.status !== 'PENDING') return false;
  const [charged] = await tx.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payment_id, payment.id), eq(ledgerEntries.kind, 'charge')))
    .limit(1);
  return charged !== undefined;
}

/** The same Idempotency-Key again: the payment as it is now, without a second refund. */
async function readPaymentOfKeyOrReversal(ctx: ProviderContext, input: RefundPaymentInput): Promise<Payment> {
  const [reversal] = await ctx.db
    .select({ payment_id: paymentReversals.payment_id })
    .from(paymentReversals)
    .where(
      and(
        eq(paymentReversals.merchant_id, input.merchantId),
        eq(paymentReversals.idempotency_key, input.idempotencyKey),
      ),
    );
  if (!reversal) return readPaymentOfKey(ctx, input.merchantId, input.idempotencyKey);
  if (reversal.payment_id !== input.paymentId) throw new HttpError('idempotency_key.reused');
  return readPayment(ctx.db, input.merchantId, reversal.payment_id);
}

/**
 * Each source's part, checked against what is left on it (its total less parts not declined). The fee comes back
 * last on its source: a part first gives back the amount, then the fee.
 */
async function planParts(tx: ServiceContext, paymentId: string, input: RefundPaymentInput): Promise<Part[]> {
  const rows = await tx.db
    .select({ source: paymentSources, methodId: paymentMethods.id })
    .from(paymentSources)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentSources.payment_method_id))
    .where(and(eq(paymentSources.payment_id, paymentId), inArray(paymentSources.state, [...TAKEN_STATES])))
    .orderBy(asc(paymentSources.position));
  const reversed = await tx.db
    .select({
      sourceId: paymentReversalSources.payment_source_id,
      cents: sql<number>`sum(${paymentReversalSources.amount_cents})`.mapWith(Number),
    })
    .from(paymentReversalSources)
    .where(
      and(
        inArray(
          paymentReversalSources.payment_source_id,
          rows.map((row) => row.source.id),
        ),
        ne(paymentReversalSources.state, 'declined'),
      ),
    )
    .groupBy(paymentReversalSources.payment_source_id);
  const reversedOf = (sourceId: string) => reversed.find((row) => row.sourceId === sourceId)?.cents ?? 0;

  const asked =
    input.sources ??
    [...rows]
      .sort((a, b) => a.source.convenience_fee_cents - b.source.convenience_fee_cents)
      .map((row) => ({ payment_method: row.methodId, amount: row.source.total_cents - reversedOf(row.source.id) }))
      .filter((part) => part.amount > 0);
  if (input.sources && input.total !== null) {
    const sum = input.sources.reduce((total, part) => total + part.amount, 0);
    if (sum !== input.total) throw FieldErrors.of('total', "The total must be the sum of the sources' amounts.");
  }

  const parts: Part[] = [];
  for (const [index, part] of asked.entries()) {
    if (part.amount === 0) continue;
    const row = rows.find((candidate) => candidate.methodId === part.payment_method);
    if (!row) throw FieldErrors.of(`sources.${index}.payment_method`, 'This method did not pay for this payment.');
    const { source } = row;
    const already =
      reversedOf(source.id) + parts.filter((p) => p.source.id === source.id).reduce((s, p) => s + p.amount, 0);
    const left = source.total_cents - already;
    if (part.amount > left) throw new HttpError('refund.exceeds_captured');
    const kind = source.state === 'pending' ? 'void' : 'refund';
    if (kind === 'void' && (already > 0 || part.amount !== source.total_cents)) {
      throw new HttpError('refund.void_whole_source');
    }
    const amountLeft = Math.max(source.amount_cents - already, 0);
    const feePart = Math.max(part.amount - amountLeft, 0);
    parts.push({ source, amount: part.amount, feePart, kind });
  }
  return parts;
}

/** Step 2 and 3: each part at the processor, then the outcome on the ledger, the payment and the history. */
async function reverseParts(ctx: ProviderContext, reversalId: string, actor: Actor): Promise<void> {
  const parts = await ctx.db
    .select({ part: paymentReversalSources, source: paymentSources })
    .from(paymentReversalSources)
    .innerJoin(paymentSources, eq(paymentSources.id, paymentReversalSources.payment_source_id))
    .where(eq(paymentReversalSources.reversal_id, reversalId));
  const outcomes: Array<{ partId: string; outcome: ReversalOutcome }> = [];
  for (const { part, source } of parts) {
    let outcome = await reversePart(ctx, part, source);
    if (outcome.status === 'indeterminate') {
      outcome = (await ctx.providers.gateway.lookupReversal({ idempotencyKey: part.id })) ?? outcome;
    }
    outcomes.push({ partId: part.id, outcome });
  }
  await recordReversalOutcome(ctx, reversalId, outcomes, actor);
}

/** One part at the processor, its id as the idempotency key: a pending bank debit is voided, anything else refunded. */
function reversePart(
  ctx: ProviderContext,
  part: typeof paymentReversalSources.$inferSelect,
  source: SourceRow,
): Promise<ReversalOutcome> {
  const charge = source.gateway_reference ?? '';
  return source.state === 'pending'
    ? ctx.providers.gateway.void({ charge, idempotencyKey: part.id })
    : ctx.providers.gateway.refund({ charge, amount_cents: part.amount_cents, idempotencyKey: part.id });
}

/**
 * Settles a reversal still unanswered (`created` after a dead run, or `indeterminate` after a timeout): each open part
 * is looked up at the processor by its key, and sent again with the same key only if the processor never received
 * it, so nothing is given back twice. Throws while a part stays unanswered, so the job runs again later.
 */
export async function reconcileReversal(ctx: ProviderContext, reversalId: string): Promise<void> {
  const [reversal] = await ctx.db.select().from(paymentReversals).where(eq(paymentReversals.id, reversalId));
  if (!reversal || (reversal.state !== 'created' && reversal.state !== 'indeterminate')) return;
  const open = await ctx.db
    .select({ part: paymentReversalSources, source: paymentSources })
    .from(paymentReversalSources)
    .innerJoin(paymentSources, eq(paymentSources.id, paymentReversalSources.payment_source_id))
    .where(
      and(
        eq(paymentReversalSources.reversal_id, reversalId),
        inArray(paymentReversalSources.state, ['created', 'indeterminate']),
      ),
    );
  const outcomes: Array<{ partId: string; outcome: ReversalOutcome }> = [];
  for (const { part, source } of open) {
    const known = await ctx.providers.gateway.lookupReversal({ idempotencyKey: part.id });
    outcomes.push({ partId: part.id, outcome: known ?? (await reversePart(ctx, part, source)) });
  }
  const actor = reversal.created_by ? { id: reversal.created_by } : null;
  await recordReversalOutcome(ctx, reversalId, outcomes, actor);
  if (outcomes.some(({ outcome }) => outcome.status === 'indeterminate')) {
    throw new Error(`reversal ${reversalId}: the processor has not answered yet`);
  }
}

async function recordReversalOutcome(
  ctx: ProviderContext,
  reversalId: string,
  outcomes: Array<{ partId: string; outcome: ReversalOutcome }>,
  actor: Actor | null,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [reversal] = await tx.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.id, reversalId))
      .for('update');
    if (!reversal || (reversal.state !== 'created' && reversal.state !== 'indeterminate')) return;
    const firstAnswer = reversal.state === 'created';
    const [payment] = await tx.db.select().from(payments).where(eq(payments.id, reversal.payment_id)).for('update');
    if (!payment) return;
    const entries: LedgerEntryInput[] = [];
    const declined: string[] = [];
    let given = 0;
    for (const { partId, outcome } of outcomes) {
      const state = outcome.status;
      const [part] = await tx.db
        .update(paymentReversalSources)
        .set({
          state,
          gateway_reference: 'reference' in outcome ? (outcome.reference ?? null) : null,
          decline_code: outcome.status === 'declined' ? outcome.code : null,
          decline_message: outcome.status === 'declined' ? outcome.message : null,
        })
        .where(
          and(
            eq(paymentReversalSources.id, partId),
            inArray(paymentReversalSources.state, ['created', 'indeterminate']),
          ),
        )
        .returning();
      if (!part) continue;
      if (state === 'declined') {
        declined.push(outcome.status === 'declined' ? outcome.message : '');
        continue;
      }
      if (state === 'indeterminate') continue;
      given += part.amount_cents;
      const kind = reversal.kind === 'void' ? 'void' : 'refund';
      entries.push({
        accountId: payment.account_id,
        kind,
        amountCents: part.amount_cents,
        paymentId: payment.id,
        reversalId,
      });
      // The fee part gives back the fee, not what the customer owes on the account.
      if (part.convenience_fee_cents > 0) {
        entries.push({
          accountId: payment.account_id,
          kind: 'fee',
          amountCents: -part.convenience_fee_cents,
          paymentId: payment.id,
          reversalId,
          reason: 'Convenience fee given back',
        });
      }
    }
    const partStates = (
      await tx.db
        .select({ state: paymentReversalSources.state })
        .from(paymentReversalSources)
        .where(eq(paymentReversalSources.reversal_id, reversalId))
    ).map((part) => part.state);
    const reversalState = partStates.every((state) => state === 'declined')
      ? 'declined'
      : partStates.some((state) => state === 'indeterminate' || state === 'created')
        ? 'indeterminate'
        : partStates.some((state) => state === 'pending')
          ? 'pending'
          : 'approved';
    if (!firstAnswer && entries.length === 0 && declined.length === 0) return;
    const now = tx.clock();
    await tx.db
      .update(paymentReversals)
      .set({
        state: reversalState,
        failure_message: declined.length > 0 ? `The processor declined: ${declined.join(' ')}` : null,
        updated: now,
      })
      .where(eq(paymentReversals.id, reversalId));
    if (entries.length > 0) await postPaymentEntries(tx, payment.merchant_id, actor, entries);

    const [totals] = await tx.db
      .select({
        reversed: sql<number>`coalesce(sum(${paymentReversalSources.amount_cents}), 0)`.mapWith(Number),
        refunds: sql<number>`count(*) filter (where ${paymentReversals.kind} = 'refund')`.mapWith(Number),
      })
      .from(paymentReversalSources)
      .innerJoin(paymentReversals, eq(paymentReversals.id, paymentReversalSources.reversal_id))
      .where(and(eq(paymentReversals.payment_id, payment.id), ne(paymentReversalSources.state, 'declined')));
    const reversedTotal = totals?.reversed ?? 0;
    if (reversedTotal > 0) {
      const status =
        reversedTotal < payment.total_cents ? 'PARTIALLY_REFUNDED' : (totals?.refunds ?? 0) > 0 ? 'REFUNDED' : 'VOIDED';
      await tx.db.update(payments).set({ status, updated: now }).where(eq(payments.id, payment.id));
    }
    if (payment.customer_id) {
      await recordCustomerEvent(tx, {
        merchantId: payment.merchant_id,
        customerId: payment.customer_id,
        accountId: payment.account_id,
        kind:
          reversalState === 'declined'
            ? 'payment.refund_declined'
            : `payment.${reversal.kind === 'void' ? 'voided' : 'refunded'}`,
        actor,
        after: {
          payment_id: payment.id,
          amount_cents: reversalState === 'declined' ? reversal.total_cents : given,
          ...(reversal.reason ? { reason: reversal.reason } : {}),
          ...(declined.length > 0 ? { processor: declined.join(' ') } : {}),
        },
      });
    }
  });
}
