// ACH returns (issue 19 item 5; SPEC §2 `/ach-return`): the merchant's returned bank debits with the code, Nacha's
// meaning, the attempt, the re-presentment deadline and the action taken; the 60-day return rates against Nacha's
// thresholds; and re-presenting an R01 or R09 return. Money on the wire is integer cents (decision 0003).
//
// Rules the server applies beyond these schemas (the rules themselves are in `ach-returns.ts`):
// - A return is a RETURNED payment on an account; `id` is that payment's id. `attempt` is 0 for the original debit's
//   return, 1 and 2 for the returns of its re-presentments. The deadline is 180 days after the original debit's
//   settlement date (its origination day in the merchant's zone: never later than the true settlement, so the
//   deadline errs early).
// - `represent` (needs an Idempotency-Key) debits the same amount from the same bank method through the take-payment
//   path, naming the return it re-presents; 409 `ach_return.not_representable` for a code other than R01/R09,
//   `ach_return.already_represented`, `ach_return.attempts_used` after two re-presentments, `ach_return.window_closed`
//   after the deadline. Another merchant's return, or a payment that is not a return, is a 404.
// - Rates count the returns that came back in the last 60 days over the bank debits sent in them.

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import { ACH_RETURN_ACTIONS, ACH_RETURN_CODE_PATTERN, RETURN_RATE_KINDS } from './ach-returns';
import { paymentSchema } from './payments.contract';

export const achReturnSchema = z.object({
  /** The returned payment's id. */
  id: z.string(),
  /** The first debit of the chain (this one when attempt is 0). */
  original_payment_id: z.string(),
  returned_at: z.iso.datetime({ offset: true }),
  code: z.string(),
  meaning: z.string(),
  attempt: z.number().int(),
  /** The last day (YYYY-MM-DD) it may be presented again; null for codes never re-presented. */
  represent_deadline: z.string().nullable(),
  action: z.enum(ACH_RETURN_ACTIONS),
  /** The action in words ("Bank method disabled"). */
  action_label: z.string(),
  /** The re-presentment of this return, once made. */
  represented_payment_id: z.string().nullable(),
  amount: z.number().int(),
  customer: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  account: z.object({ id: z.string(), external_id: z.string() }),
  payment_method: z.object({ id: z.string(), label: z.string(), flagged: z.boolean() }),
});
export type AchReturn = z.infer<typeof achReturnSchema>;

export const achReturnsQuery = paginationQuery.extend({
  code: z.string().regex(ACH_RETURN_CODE_PATTERN, { error: 'Must be a return code such as R01' }).optional(),
});

export const achReturnRateSchema = z.object({
  kind: z.enum(RETURN_RATE_KINDS),
  returns: z.number().int(),
  /** Returns over debits, a fraction (0.004 is 0.4%). */
  rate: z.number(),
  threshold: z.number(),
  over_threshold: z.boolean(),
});
export const achReturnRatesSchema = z.object({
  window_days: z.number().int(),
  since: z.iso.datetime({ offset: true }),
  debits: z.number().int(),
  rates: z.array(achReturnRateSchema),
});
export type AchReturnRates = z.infer<typeof achReturnRatesSchema>;

const tags = ['ach returns'];

export const achReturnEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/ach_returns/',
    summary: 'Returned bank debits, newest first, with the code, its meaning, the attempt, deadline and action',
    tags,
    access: merchantAccess(),
    params: z.object({ id: z.string() }),
    query: achReturnsQuery,
    status: 200,
    response: pageSchema(achReturnSchema),
    errors: [400, 401, 403, 404],
  }),
  rates: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/ach_returns/rates/',
    summary: "The merchant's ACH return rates over the last 60 days against Nacha's thresholds",
    tags,
    access: merchantAccess(),
    params: z.object({ id: z.string() }),
    status: 200,
    response: achReturnRatesSchema,
    errors: [401, 403, 404],
  }),
  represent: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/ach_returns/:paymentId/represent/',
    summary: 'Present an R01 or R09 return again for the same amount (needs an Idempotency-Key)',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: z.object({ id: z.string(), paymentId: z.string() }),
    idempotent: true,
    status: 201,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
