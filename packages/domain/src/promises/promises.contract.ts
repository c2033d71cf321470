// Promises to pay (issue 19 item 3). A promise is an amount by a date and time at least 30 minutes ahead
// (`promiseTimeField`), with an optional saved method and note. Its status is SPEC §3's (PROMISED shows Unconfirmed;
// PROMISE_CONFIRMED and SCHEDULED show Confirmed: `promiseStatusDisplay`); its outcome is settled by a job at the
// promise time from the payments made on the account since it was recorded: all of it → kept, some → partially kept,
// none → broken.
//
// A promise recorded with a method is SCHEDULED: its payment is taken at its time by a scheduled payment. Staff
// confirm a PROMISED one (`POST …/promises/{pid}/confirm/`), or the customer does by replying YES or CONFIRM.
//
// Rules the server applies beyond these schemas: the customer must be on the account and the method, when given,
// one of the customer's saved methods (404 otherwise). `GET …/accounts/{aid}/promises/` answers only promises whose
// time is still ahead (SPEC §5); `GET …/promises/` is the merchant's follow-up list (the /promises screen).

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { promiseTimeField } from '../validation/rules';

export const PROMISE_STATUSES = ['PROMISED', 'PROMISE_CONFIRMED', 'SCHEDULED'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const PROMISE_OUTCOMES = ['open', 'kept', 'partially_kept', 'broken'] as const;
export type PromiseOutcome = (typeof PROMISE_OUTCOMES)[number];

export const PROMISE_OUTCOME_LABELS: Record<PromiseOutcome, string> = {
  open: 'Open',
  kept: 'Kept',
  partially_kept: 'Partly kept',
  broken: 'Broken',
};

export const PROMISE_NOTE_MAX_LENGTH = 500;

/** An unconfirmed promise is reminded (UNCONFIRMED_PROMISE) this long before its time, when recorded earlier. */
export const UNCONFIRMED_PROMISE_REMINDER_HOURS = 24;

/** When the reminder of an unconfirmed promise goes: a day before its time, or none when that is under an hour away. */
export function unconfirmedReminderTime(promiseTime: Date, now: Date): Date | null {
  const at = new Date(promiseTime.getTime() - UNCONFIRMED_PROMISE_REMINDER_HOURS * 60 * 60 * 1000);
  return at.getTime() - now.getTime() >= 60 * 60 * 1000 ? at : null;
}

/** What a promise's outcome is, from what was paid on the account between its recording and its time. */
export function promiseOutcomeOf(promisedCents: number, paidCents: number): Exclude<PromiseOutcome, 'open'> {
  if (paidCents >= promisedCents) return 'kept';
  if (paidCents > 0) return 'partially_kept';
  return 'broken';
}

const uuid = z.uuid({ error: 'Not a valid id' });

/** The request body; `now` is the clock the 30-minute rule is measured from (the form passes its own). */
export const createPromiseSchema = (now?: Date) =>
  z.object({
    customer: uuid,
    amount: z
      .number({ error: 'Must be a number' })
      .int({ error: 'Must be a whole number of cents' })
      .min(1, { error: 'Must be more than $0.00' })
      .max(100_000_000, { error: 'Must be at most $1,000,000.00' }),
    /** An ISO date-time at least 30 minutes from now. */
    scheduled_date: promiseTimeField(now),
    payment_method: uuid.nullable().optional(),
    note: z
      .string()
      .trim()
      .max(PROMISE_NOTE_MAX_LENGTH, {
        error: `Ensure this field has no more than ${PROMISE_NOTE_MAX_LENGTH} characters.`,
      })
      .optional(),
  });

export const promiseSchema = z.object({
  id: z.string(),
  account: z.string(),
  account_external_id: z.string(),
  customer: z.string(),
  customer_name: z.string(),
  amount: z.number().int(),
  scheduled_date: z.iso.datetime({ offset: true }),
  payment_method: z.string().nullable(),
  payment_method_label: z.string().nullable(),
  note: z.string(),
  status: z.enum(PROMISE_STATUSES),
  /** When staff or the customer confirmed it (PROMISE_CONFIRMED); null otherwise. */
  confirmed_at: z.iso.datetime({ offset: true }).nullable(),
  outcome: z.enum(PROMISE_OUTCOMES),
  /** What was paid towards it by its time, once settled. */
  paid_amount: z.number().int().nullable(),
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
  created_by_name: z.string(),
});
export type PaymentPromise = z.infer<typeof promiseSchema>;

export const promiseListQuery = paginationQuery.extend({
  outcome: z.enum(PROMISE_OUTCOMES, { error: 'Not a valid choice' }).optional(),
  status: z.enum(PROMISE_STATUSES, { error: 'Not a valid choice' }).optional(),
});

const tags = ['promises'];
const accountParams = z.object({ id: z.string(), accountId: z.string() });

export const promiseEndpoints = {
  listOfAccount: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/accounts/:accountId/promises/',
    summary: "An account's promises whose time is still ahead, soonest first",
    tags,
    access: merchantAccess(),
    params: accountParams,
    query: paginationQuery,
    status: 200,
    response: pageSchema(promiseSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/accounts/:accountId/promises/',
    summary: 'Record a promise to pay on an account',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: accountParams,
    body: createPromiseSchema(),
    status: 201,
    response: promiseSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/promises/:promiseId/confirm/',
    summary:
      'Confirm an unconfirmed promise (PROMISED → PROMISE_CONFIRMED); one already confirmed is answered as it is',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: z.object({ id: z.string(), promiseId: z.string() }),
    status: 200,
    response: promiseSchema,
    errors: [401, 403, 404, 409],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/promises/',
    summary: "The merchant's promises for follow-up: open ones soonest first, settled ones latest first",
    tags,
    access: merchantAccess(),
    params: z.object({ id: z.string() }),
    query: promiseListQuery,
    status: 200,
    response: pageSchema(promiseSchema),
    errors: [400, 401, 403, 404],
  }),
} as const;
