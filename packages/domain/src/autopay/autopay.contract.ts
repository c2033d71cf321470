// Autopay (issue 19 item 2): one customer's saved method charged the account's amount due on its due date, at
// AUTOPAY_RUN_HOUR in the merchant's time zone, through the same take-payment path with the key
// `autopay:{accountId}:{dueDate}` and no convenience fee (card-network rules on recurring payments).
//
// Rules the server applies beyond these schemas:
// - Enrolling (`PUT`): the customer must be on the account (404 otherwise); the method one of the customer's saved
//   methods (400 `payment_method.not_found`); the account active (409 `account.inactive` /
//   `account.do_not_contact`); its due date on the 28th or earlier (400 `account.due_date.autopay_cap`); no other
//   customer of the account enrolled (409 `autopay.already_configured`). The same customer again changes the method.
//   A bank account needs the customer's recurring-debit authorisation (`authorization`, field error otherwise); the
//   server stores its terms as `recurringDebitTerms` words them.
// - Disabling (`DELETE`, `?by=customer|merchant`, merchant by default): recorded as the customer's or the
//   merchant's doing, for the AUTOPAY_DISABLED and AUTOPAY_DISABLED_MERCHANT messages.

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { BANK_AUTHORIZATION_METHODS } from '../payments/payments';

/** The hour (merchant's time zone) autopay charges on the account's due date. */
export const AUTOPAY_RUN_HOUR = 9;

export const AUTOPAY_DISABLED_BY = ['customer', 'merchant'] as const;
export type AutopayDisabledBy = (typeof AUTOPAY_DISABLED_BY)[number];

export const AUTOPAY_RUN_STATES = ['paid', 'pending', 'failed', 'skipped'] as const;
export type AutopayRunState = (typeof AUTOPAY_RUN_STATES)[number];

export const AUTOPAY_AUTHORIZATION_REQUIRED =
  "Autopay from a bank account needs the customer's recurring debit authorisation.";

/**
 * The words of a recurring-debit authorisation (Nacha: the terms, the amount rule, the start, the frequency and how
 * to revoke), shown to the customer before they agree and stored as agreed.
 */
export function recurringDebitTerms(input: { merchantName: string; accountLabel: string; dueDay: number | null }) {
  const day = input.dueDay === null ? "the account's due date" : `day ${input.dueDay} of each month (the due date)`;
  return {
    terms: `I authorize ${input.merchantName} to debit my bank account ${input.accountLabel} for autopay on this account, and to credit it for refunds.`,
    amount_rule: 'The amount due on the account on its due date.',
    start: "The account's next due date.",
    frequency: `Monthly, on ${day}.`,
    revocation: `I may revoke this at any time by asking ${input.merchantName} to turn autopay off, before the due date.`,
  };
}

export const autopayAuthorizationSchema = z.object({
  terms: z.string(),
  amount_rule: z.string(),
  start: z.string(),
  frequency: z.string(),
  revocation: z.string(),
  method: z.enum(BANK_AUTHORIZATION_METHODS),
  authorized_at: z.iso.datetime({ offset: true }),
  authorized_by_name: z.string(),
});

const uuid = z.uuid({ error: 'Not a valid id' });

export const enrolAutopaySchema = z.object({
  customer: uuid,
  payment_method: uuid,
  /** A bank account only: how the customer gave the recurring-debit authorisation whose terms the server words. */
  authorization: z
    .object({ method: z.enum(BANK_AUTHORIZATION_METHODS, { error: 'Choose how it was given' }) })
    .optional(),
});

export const disableAutopayQuery = z.object({
  by: z.enum(AUTOPAY_DISABLED_BY, { error: 'Must be customer or merchant' }).default('merchant'),
});

export const autopaySchema = z.object({
  account: z.string(),
  enabled: z.boolean(),
  customer: z.string().nullable(),
  customer_name: z.string().nullable(),
  payment_method: z.string().nullable(),
  payment_method_label: z.string().nullable(),
  /** The account's due date and its day of the month: when autopay charges. */
  due_date: z.string().nullable(),
  day: z.number().int().nullable(),
  authorization: autopayAuthorizationSchema.nullable(),
  enrolled_at: z.iso.datetime({ offset: true }).nullable(),
  enrolled_by_name: z.string().nullable(),
  disabled_at: z.iso.datetime({ offset: true }).nullable(),
  disabled_by: z.enum(AUTOPAY_DISABLED_BY).nullable(),
  last_run: z
    .object({
      due_date: z.string(),
      state: z.enum(AUTOPAY_RUN_STATES),
      payment: z.string().nullable(),
      failure_message: z.string().nullable(),
    })
    .nullable(),
});
export type Autopay = z.infer<typeof autopaySchema>;

const tags = ['autopay'];
const params = z.object({ id: z.string(), accountId: z.string() });
const path = '/merchants/:id/accounts/:accountId/autopay/';

export const autopayEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path,
    summary: "An account's autopay: who, which method, the day, and the last run",
    tags,
    access: merchantAccess(),
    params,
    status: 200,
    response: autopaySchema,
    errors: [401, 403, 404],
  }),
  enrol: defineEndpoint({
    method: 'PUT',
    path,
    summary: 'Enrol a customer of the account in autopay with a saved method (or change the method)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params,
    body: enrolAutopaySchema,
    status: 200,
    response: autopaySchema,
    errors: [400, 401, 403, 404, 409],
  }),
  disable: defineEndpoint({
    method: 'DELETE',
    path,
    summary: "Turn the account's autopay off, as the customer's or the merchant's doing",
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params,
    query: disableAutopayQuery,
    status: 200,
    response: autopaySchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
