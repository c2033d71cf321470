import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import type { ProviderContext } from '../../lib/service-context';
import { chargeSources, UNCONFIRMED_MESSAGE } from './charge-sources';
import { reconcilePaymentJob, reconcileReversalJob, settlePaymentsJob } from './payments.jobs';
import { reconcileReversal } from './refund-payment';
import { settlePayments } from './settle-payments';

/**
 * Settles one payment still PENDING and off the ledger (see `reconcilePaymentJob`). Throws while the processor still
 * does not answer, so pg-boss retries it later.
 */
export async function reconcilePayment(ctx: ProviderContext, paymentId: string): Promise<void> {
  const [before] = await ctx.db
    .select({ created_by: payments.created_by })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!before) return;
  await chargeSources(ctx, paymentId, before.created_by ? { id: before.created_by } : null, 'reconcile');
  const [after] = await ctx.db
    .select({ status: payments.status, failure_message: payments.failure_message })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (after?.status === 'PENDING' && after.failure_message === UNCONFIRMED_MESSAGE) {
    throw new Error(`payment ${paymentId}: the processor has not answered yet`);
  }
}

export function registerPaymentJobHandlers(app: FastifyInstance) {
  app.jobs.work(reconcilePaymentJob, ({ paymentId }, ctx) => reconcilePayment(ctx, paymentId));
  app.jobs.work(reconcileReversalJob, ({ reversalId }, ctx) => reconcileReversal(ctx, reversalId));
  app.jobs.work(settlePaymentsJob, async (_payload, ctx) => {
    await settlePayments(ctx);
  });
  app.jobs.schedule(settlePaymentsJob, '17 6 * * *', {});
}
