import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/**
 * Settles a payment whose run died or whose processor call went unanswered: each unanswered source is looked up at
 * the processor by its idempotency key (and charged with that key only if the processor never received it). Queued
 * with every payment, a few minutes ahead; a payment already recorded is left as it is.
 */
export const reconcilePaymentJob = defineJob({
  name: 'payments.reconcile-payment',
  payload: z.object({ paymentId: z.uuid() }),
  retryLimit: 20,
  retryDelaySeconds: 120,
});

/**
 * Settles a refund or void whose run died or whose processor call went unanswered (see `reconcileReversal`). Queued
 * with every reversal, a few minutes ahead; a reversal already recorded is left as it is.
 */
export const reconcileReversalJob = defineJob({
  name: 'payments.reconcile-reversal',
  payload: z.object({ reversalId: z.uuid() }),
  retryLimit: 20,
  retryDelaySeconds: 120,
});

/** Records what the processor settled or returned, and the day's deposits (daily; safe to run again). */
export const settlePaymentsJob = defineJob({
  name: 'payments.settle',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 300,
});
