// Failed payments (issue 19 item 4; SPEC §2 `/failed-payments`, Home's dashboard queue): every payment that failed
// and has not been retried since — scheduled, autopay, pay-link and one-off — with the processor's reason in words,
// and a retry by hand. Money on the wire is integer cents (decision 0003).
//
// Rules the server applies beyond these schemas:
// - The list holds each FAILED payment on an account that no later retry replaced (a retry that fails is listed in
//   its place, with its attempt number), newest first.
// - Automatic retries: a soft decline (insufficient funds, processing error) of a scheduled or autopay payment is
//   retried AUTOMATIC_RETRY_AFTER_DAYS after it failed, at most MAX_AUTOMATIC_RETRIES times; `next_retry_at` says
//   when. Hard declines never are; a lost, stolen or expired card (or closed bank account) flags the method.
// - Retrying (`retry`, needs an Idempotency-Key): the payment's amount, or what the account owes now if less, from the
//   same method or another saved method of the customer (`payment_method`), through the take-payment path with all
//   its rules (`account.already_paid`, `account.inactive`, …). A payment that was already retried is a 409
//   `failed_payment.already_retried`; one not FAILED, or another merchant's, a 404. The answer is the new payment
//   (status PAID, PENDING or FAILED with its reason).

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { paymentSchema } from '../payments/payments.contract';
import { PAYMENT_ORIGINS } from '../payments/payments';

export const failedPaymentSchema = z.object({
  /** The failed payment's id. */
  id: z.string(),
  created: z.iso.datetime({ offset: true }),
  origin: z.enum(PAYMENT_ORIGINS),
  customer: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  account: z.object({ id: z.string(), external_id: z.string(), amount_due: z.number().int() }),
  amount: z.number().int(),
  payment_method: z.object({ id: z.string(), label: z.string(), flagged: z.boolean() }),
  decline_code: z.string().nullable(),
  /** The processor's reason in words ("Your card has insufficient funds."). */
  reason: z.string(),
  decline_class: z.enum(['soft', 'hard']),
  /** 0 for the first try, 1 for its first retry, … */
  attempt: z.number().int(),
  /** When the next automatic retry runs, or null when none will. */
  next_retry_at: z.iso.datetime({ offset: true }).nullable(),
});
export type FailedPayment = z.infer<typeof failedPaymentSchema>;

export const retryFailedPaymentSchema = z.object({
  /** Another saved method of the customer; the failed payment's method when absent. */
  payment_method: z.uuid({ error: 'Not a valid id' }).optional(),
});

const tags = ['failed payments'];

export const failedPaymentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/failed_payments/',
    summary: 'Payments that failed and were not retried since, newest first, with the reason and the next retry',
    tags,
    access: merchantAccess(),
    params: z.object({ id: z.string() }),
    query: paginationQuery,
    status: 200,
    response: pageSchema(failedPaymentSchema),
    errors: [400, 401, 403, 404],
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/failed_payments/:paymentId/retry/',
    summary: 'Retry a failed payment now, from its method or another saved one (needs an Idempotency-Key)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: z.object({ id: z.string(), paymentId: z.string() }),
    body: retryFailedPaymentSchema,
    idempotent: true,
    status: 201,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
