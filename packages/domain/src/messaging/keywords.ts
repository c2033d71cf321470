// What a customer's text reply means before a person reads it (issue 21 items 3 and 9): the carrier keywords that
// change text consent or ask for help, PAY, and replies that read like an opt-out in other words.

/** Keywords that opt a customer out of texts (the industry's standard set). */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
/** Keywords that opt a customer back in. */
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;
export const PAY_KEYWORD = 'PAY';
/** Confirms the customer's unconfirmed promises to pay (YES does too, besides opting in). */
export const CONFIRM_KEYWORD = 'CONFIRM';

export type ReplyMeaning =
  | { kind: 'opt_out'; keyword: string }
  | { kind: 'opt_in'; keyword: string }
  | { kind: 'help'; keyword: string }
  | { kind: 'pay'; keyword: string }
  | { kind: 'confirm'; keyword: string }
  /** Reads like an opt-out without a keyword ("stop texting me"): a person confirms it from the inbox. */
  | { kind: 'possible_opt_out' }
  | { kind: 'none' };

const has = (list: readonly string[], word: string) => list.includes(word);

/** Phrases that ask to stop without a keyword; matched on the lowercased reply with punctuation removed. */
const OPT_OUT_PHRASES: readonly RegExp[] = [
  /\bstop\b/,
  /\b(don'?t|do not|dont) (text|message|contact|call)\b/,
  /\bno more (texts|messages)\b/,
  /\bunsubscribe\b/,
  /\bopt ?out\b/,
  /\bremove me\b/,
  /\btake me off\b/,
  /\bleave me alone\b/,
  /\blose (this|my) number\b/,
  /\bwrong number\b/,
];

/**
 * The meaning of an inbound text. A keyword counts only as the whole reply (case, surrounding spaces and trailing
 * punctuation ignored), as carriers read them: "Stop." is STOP, "stop texting me" is a possible opt-out.
 */
export function classifyReply(body: string): ReplyMeaning {
  const word = body
    .trim()
    .replace(/[.!?\s]+$/u, '')
    .toUpperCase();
  if (has(OPT_OUT_KEYWORDS, word)) return { kind: 'opt_out', keyword: word };
  if (has(OPT_IN_KEYWORDS, word)) return { kind: 'opt_in', keyword: word };
  if (has(HELP_KEYWORDS, word)) return { kind: 'help', keyword: word };
  if (word === PAY_KEYWORD) return { kind: 'pay', keyword: word };
  if (word === CONFIRM_KEYWORD) return { kind: 'confirm', keyword: word };
  const text = body
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/\s+/g, ' ');
  if (OPT_OUT_PHRASES.some((phrase) => phrase.test(text))) return { kind: 'possible_opt_out' };
  return { kind: 'none' };
}

/** The merchant's answer to HELP or INFO: who is texting, how to opt out, rates, a contact. */
export function helpReplyText(merchant: { name: string; contact: string | null }): string {
  const contact = merchant.contact ? ` Contact: ${merchant.contact}.` : '';
  return `${merchant.name}: account and payment messages. Reply STOP to opt out. Msg & data rates may apply.${contact}`;
}

export const OPT_OUT_CONFIRMATION = (merchantName: string) =>
  `${merchantName}: You are unsubscribed and will receive no more texts. Reply START to resubscribe.`;
export const OPT_IN_CONFIRMATION = (merchantName: string) =>
  `${merchantName}: You are subscribed to texts again. Reply STOP to opt out, HELP for help. Msg & data rates may apply.`;
/** The merchant's opt-out line, appended to outgoing collection texts while the merchant has it on (the default). */
export const OPT_OUT_LINE = 'Reply STOP to opt out';
export const PAY_UNAVAILABLE_REPLY = (merchantName: string) =>
  `${merchantName}: Payment by text is not available. Please contact us to pay.`;
export const PAY_NO_ACCOUNT_REPLY = (merchantName: string) =>
  `${merchantName}: We could not find an account to pay for this number. Please contact us.`;
export const PAY_LINK_REPLY = (merchantName: string, link: string) => `${merchantName}: Pay your account here: ${link}`;

/** Appends the opt-out line unless the text already carries it. */
export function withOptOutLine(body: string): string {
  if (body.toLowerCase().includes('reply stop')) return body;
  return body.trim() ? `${body.trim()}\n${OPT_OUT_LINE}` : OPT_OUT_LINE;
}
