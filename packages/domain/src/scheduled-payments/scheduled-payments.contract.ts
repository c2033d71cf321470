// Scheduled payments (issue 19 item 1): future payments on an account from a saved method, run by a job on their date
// at SCHEDULED_PAYMENT_RUN_HOUR in the merchant's time zone through the same take-payment path, and cancelled with
// `cancel_scheduled_payment` (SPEC §7: body `payment`). Money on the wire is integer cents (decision 0003).
//
// Rules the server applies beyond these schemas:
// - Scheduling: the customer must be on the account and the method one of the customer's saved methods (404
//   otherwise); the account active (409 `account.inactive` / `account.do_not_contact`); the amount at least $1.00
//   (`payment.minimum`), within the user's custom-role limits (`payment_amount.too_small` / `too_large`) and not more
//   than the account owes now (`payment.exceeds_amount_due`); the date after today in the merchant's time zone and at
//   most a year ahead (field error on `date`). The request needs an Idempotency-Key.
// - The run: the amount, or what the account owes then if that is less; nothing owed → `skipped`; a decline →
//   `failed` with the processor's words; a bank debit → `pending` until it settles. The payment's key is
//   `scheduled:{id}`, so a restarted or doubled run never charges twice.
// - Cancelling: only a `scheduled` one (409 `scheduled_payment.not_cancellable` once it ran or was cancelled).

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { dateField } from '../validation/rules';

/** The hour (merchant's time zone) a scheduled payment is charged on its date. */
export const SCHEDULED_PAYMENT_RUN_HOUR = 9;
/** How far ahead a payment may be scheduled. */
export const SCHEDULED_PAYMENT_MAX_DAYS_AHEAD = 366;

export const SCHEDULED_PAYMENT_STATES = [
  'scheduled',
  'processing',
  'paid',
  'pending',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type ScheduledPaymentState = (typeof SCHEDULED_PAYMENT_STATES)[number];

const uuid = z.uuid({ error: 'Not a valid id' });

export const schedulePaymentSchema = z.object({
  customer: uuid,
  payment_method: uuid,
  amount: z
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number of cents' })
    .min(1, { error: 'Must be more than $0.00' })
    .max(100_000_000, { error: 'Must be at most $1,000,000.00' }),
  /** The calendar day (YYYY-MM-DD) in the merchant's time zone. */
  date: dateField(),
});

export const cancelScheduledPaymentSchema = z.object({ payment: uuid });

export const scheduledPaymentSchema = z.object({
  id: z.string(),
  account: z.string(),
  customer: z.string(),
  payment_method: z.string(),
  payment_method_label: z.string(),
  amount: z.number().int(),
  date: z.string(),
  /** When the job charges it (the date at SCHEDULED_PAYMENT_RUN_HOUR in the merchant's time zone). */
  run_at: z.iso.datetime({ offset: true }),
  state: z.enum(SCHEDULED_PAYMENT_STATES),
  /** The payment the run made, once it ran. */
  payment: z.string().nullable(),
  failure_message: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  created_by_name: z.string(),
  cancelled_at: z.iso.datetime({ offset: true }).nullable(),
  cancelled_by_name: z.string().nullable(),
});
export type ScheduledPayment = z.infer<typeof scheduledPaymentSchema>;

const tags = ['scheduled payments'];
const accountParams = z.object({ id: z.string(), accountId: z.string() });

export const scheduledPaymentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/accounts/:accountId/scheduled_payments/',
    summary: "An account's scheduled payments, soonest first, then the ones that ran or were cancelled",
    tags,
    access: merchantAccess(),
    params: accountParams,
    query: paginationQuery,
    status: 200,
    response: pageSchema(scheduledPaymentSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/accounts/:accountId/scheduled_payments/',
    summary: 'Schedule a payment on an account from a saved method (needs an Idempotency-Key)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: accountParams,
    body: schedulePaymentSchema,
    idempotent: true,
    status: 201,
    response: scheduledPaymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/cancel_scheduled_payment/',
    summary: 'Cancel a scheduled payment that has not run',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: z.object({ id: z.string() }),
    body: cancelScheduledPaymentSchema,
    status: 200,
    response: scheduledPaymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
