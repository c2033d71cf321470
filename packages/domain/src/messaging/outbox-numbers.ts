// The local outbox's failing numbers (issue 21 item 10): texts to them fail as Twilio's would, so the missed-messages
// queue can be tried without a phone. Fictional 555-01xx numbers in area code 860, like the demo's sending numbers.

/** The phone is off or out of reach (Twilio 30003): a transient error, so the missed text may be sent again. */
export const OUTBOX_UNREACHABLE_NUMBER = '+18605550130';
/** Not a valid number (Twilio 21211): a permanent error, so the missed text can only be dismissed. */
export const OUTBOX_INVALID_NUMBER = '+18605550121';

export const OUTBOX_FAILING_NUMBERS: Readonly<Record<string, { code: string; message: string }>> = {
  [OUTBOX_UNREACHABLE_NUMBER]: { code: '30003', message: 'Unreachable destination handset' },
  [OUTBOX_INVALID_NUMBER]: {
    code: '21211',
    message: `The 'To' number ${OUTBOX_INVALID_NUMBER} is not a valid phone number.`,
  },
};
