// Twilio's delivery error codes in plain words, and which are worth another try (issue 21 item 5).

/** Codes after which the same text may go through later: another try with backoff. */
export const RETRYABLE_ERROR_CODES = ['30003', '30008'] as const;
/** Codes that no retry can fix. */
export const PERMANENT_ERROR_CODES = ['30004', '30005', '30006', '30007', '21211', '21610', '21614'] as const;
/** Codes that mean the customer's number cannot take texts: the customer is flagged. */
export const BAD_NUMBER_ERROR_CODES = ['30005', '30006', '21211', '21614'] as const;

const PLAIN_WORDS: Record<string, string> = {
  '30003': 'The phone was off or out of reach. The text can be sent again later.',
  '30004': 'The customer has blocked texts from this number.',
  '30005': 'The number does not exist or is no longer in service.',
  '30006': 'The number cannot receive texts (a landline or a number the carrier cannot reach).',
  '30007': 'The carrier filtered this text as unwanted.',
  '30008': 'The text could not be delivered for an unknown reason. It can be sent again.',
  '21211': 'The phone number is not valid.',
  '21610': 'The customer has replied STOP to this number and cannot be texted until they reply START.',
  '21614': 'The number is not a mobile number and cannot receive texts.',
};

/** The plain-words secondary message for a provider error code. */
export function secondaryMessageOf(code: string | null | undefined): string {
  if (!code) return 'The text could not be sent.';
  return PLAIN_WORDS[code] ?? `The text could not be delivered (error ${code}).`;
}

export const isRetryableErrorCode = (code: string | null | undefined) =>
  !!code && (RETRYABLE_ERROR_CODES as readonly string[]).includes(code);
/**
 * Whether a text that failed with this code may be sent again by hand (the missed-messages queue): not after a
 * permanent error (a blocked, unknown, landline or invalid number, an opted-out recipient, a carrier filter), which
 * would fail the same way; yes after a transient one (30003, 30008), a provider error without a code, or a refusal
 * of ours (consent, do-not-contact, no sending number), which the send checks again.
 */
export const isResendableErrorCode = (code: string | null | undefined) =>
  !code || !(PERMANENT_ERROR_CODES as readonly string[]).includes(code);
export const isBadNumberErrorCode = (code: string | null | undefined) =>
  !!code && (BAD_NUMBER_ERROR_CODES as readonly string[]).includes(code);

/** Message statuses; a message only moves forward (`rank`), whatever order callbacks arrive in. */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'received',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANK: Record<MessageStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  received: 3,
};

/** Whether a message at `current` may move to `next`: only forward; final states stay. */
export function mayMoveTo(current: MessageStatus, next: MessageStatus): boolean {
  return RANK[next] > RANK[current];
}
