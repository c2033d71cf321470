// How Paydesk treats a processor's decline (issue 19 item 4): a soft decline (the money may be there later) may be
// retried, automatically only for payments the customer set up ahead (scheduled, autopay); a hard decline is never
// retried automatically, and one that says the method itself is dead (lost, stolen, expired, closed) flags it.

/** Declines that may succeed if tried again later. */
export const SOFT_DECLINE_CODES: ReadonlySet<string> = new Set([
  'insufficient_funds',
  'processing_error',
  'try_again_later',
  'rate_limit',
]);

/** Declines that say the method cannot be charged again: the method is flagged for staff. */
export const METHOD_FLAGGING_DECLINE_CODES: ReadonlySet<string> = new Set([
  'lost_card',
  'stolen_card',
  'expired_card',
  'pickup_card',
  'restricted_card',
  'invalid_account',
  'account_closed',
]);

export type DeclineClass = 'soft' | 'hard';

export function declineClassOf(code: string | null | undefined): DeclineClass {
  return code && SOFT_DECLINE_CODES.has(code) ? 'soft' : 'hard';
}

/** How many times a soft-declined scheduled or autopay payment is retried without anyone asking. */
export const MAX_AUTOMATIC_RETRIES = 2;
/** Days after a soft decline that its automatic retry runs (at the scheduled-payment hour, merchant's time zone). */
export const AUTOMATIC_RETRY_AFTER_DAYS = 3;
