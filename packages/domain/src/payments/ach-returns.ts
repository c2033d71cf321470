// ACH returns (issue 19 item 5): what each Nacha return code means and what Paydesk does about it. A returned debit
// always reverses on the ledger (the account owes again); then, by code:
// - R01 and R09 (money was short) may be presented again, at most MAX_REPRESENTMENTS times, within
//   REPRESENTMENT_WINDOW_DAYS of the original debit, for the same amount;
// - R02, R03, R04 and R16 (the account is gone, wrong or frozen) disable the bank method;
// - R07, R10 and R29 (the customer took the authorisation back or never gave it) need a new authorisation, so the
//   method is disabled too until the customer authorises a debit again;
// - other codes are shown and left to staff.
// The merchant's return rates over RETURN_RATE_WINDOW_DAYS are judged against Nacha's thresholds.

import { addCalendarDays } from '../dates/calendar';

/** Nacha's words for the return codes a debit can come back with. */
export const ACH_RETURN_MEANINGS: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account/unable to locate account',
  R04: 'Invalid account number structure',
  R05: 'Unauthorized debit to consumer account using corporate SEC code',
  R06: "Returned per ODFI's request",
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises not authorized',
  R11: 'Customer advises entry not in accordance with the terms of the authorization',
  R12: 'Account sold to another DFI',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue in that capacity',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen/entry returned per OFAC instruction',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account',
  R23: 'Credit entry refused by receiver',
  R24: 'Duplicate entry',
  R29: 'Corporate customer advises not authorized',
  R51: 'Item related to RCK entry is ineligible or RCK entry is improper',
};

/** A return code's shape: R and two digits. */
export const ACH_RETURN_CODE_PATTERN = /^R\d{2}$/;

/** Nacha's words for a return code, or a plain fallback for a code this table does not know. */
export function achReturnMeaning(code: string): string {
  return ACH_RETURN_MEANINGS[code] ?? 'Unknown return code';
}

export const REPRESENTABLE_RETURN_CODES: ReadonlySet<string> = new Set(['R01', 'R09']);
export const METHOD_DISABLING_RETURN_CODES: ReadonlySet<string> = new Set(['R02', 'R03', 'R04', 'R16']);
export const REAUTHORIZATION_RETURN_CODES: ReadonlySet<string> = new Set(['R07', 'R10', 'R29']);

/** At most this many re-presentments of a returned debit (Nacha: two, three presentments in all). */
export const MAX_REPRESENTMENTS = 2;
/** A re-presentment must go out within this many days of the original debit's settlement. */
export const REPRESENTMENT_WINDOW_DAYS = 180;

export type AchReturnRule = 'represent' | 'disable_method' | 'new_authorization' | 'none';

/** What a return code calls for. */
export function achReturnRuleOf(code: string): AchReturnRule {
  if (REPRESENTABLE_RETURN_CODES.has(code)) return 'represent';
  if (METHOD_DISABLING_RETURN_CODES.has(code)) return 'disable_method';
  if (REAUTHORIZATION_RETURN_CODES.has(code)) return 'new_authorization';
  return 'none';
}

/** True when a return of this code stops the bank method from being debited again. */
export function disablesMethod(code: string): boolean {
  const rule = achReturnRuleOf(code);
  return rule === 'disable_method' || rule === 'new_authorization';
}

/** The last calendar day (`YYYY-MM-DD`) a debit that settled on `originalSettlementDate` may be presented again. */
export function representmentDeadline(originalSettlementDate: string): string {
  return addCalendarDays(originalSettlementDate, REPRESENTMENT_WINDOW_DAYS);
}

export const ACH_RETURN_ACTIONS = [
  'represented',
  'may_represent',
  'limit_reached',
  'window_closed',
  'method_disabled',
  'new_authorization_needed',
  'none',
] as const;
export type AchReturnAction = (typeof ACH_RETURN_ACTIONS)[number];

export const ACH_RETURN_ACTION_LABELS: Readonly<Record<AchReturnAction, string>> = {
  represented: 'Re-presented',
  may_represent: 'May be re-presented',
  limit_reached: 'Re-presentment limit reached',
  window_closed: 'Re-presentment window closed',
  method_disabled: 'Bank method disabled',
  new_authorization_needed: 'New authorisation needed',
  none: 'No automatic action',
};

export type ReturnState = {
  code: string;
  /** 0 for the original debit's return, 1 for its first re-presentment's, … */
  attempt: number;
  /** The re-presentment deadline (`YYYY-MM-DD`). */
  deadline: string;
  /** Today in the merchant's time zone (`YYYY-MM-DD`). */
  today: string;
  /** A re-presentment of this return was already made. */
  represented: boolean;
};

/** What was, or may be, done about a return. */
export function achReturnActionOf(state: ReturnState): AchReturnAction {
  switch (achReturnRuleOf(state.code)) {
    case 'disable_method':
      return 'method_disabled';
    case 'new_authorization':
      return 'new_authorization_needed';
    case 'none':
      return 'none';
    case 'represent':
      if (state.represented) return 'represented';
      if (state.attempt >= MAX_REPRESENTMENTS) return 'limit_reached';
      if (state.today > state.deadline) return 'window_closed';
      return 'may_represent';
  }
}

export type RepresentmentRefusal =
  | 'ach_return.not_representable'
  | 'ach_return.already_represented'
  | 'ach_return.attempts_used'
  | 'ach_return.window_closed';

/** Why a return may not be presented again, or null when it may. */
export function representmentRefusalOf(state: ReturnState): RepresentmentRefusal | null {
  switch (achReturnActionOf(state)) {
    case 'may_represent':
      return null;
    case 'represented':
      return 'ach_return.already_represented';
    case 'limit_reached':
      return 'ach_return.attempts_used';
    case 'window_closed':
      return 'ach_return.window_closed';
    default:
      return 'ach_return.not_representable';
  }
}

export const RETURN_RATE_WINDOW_DAYS = 60;
export const RETURN_RATE_KINDS = ['unauthorized', 'administrative', 'overall'] as const;
export type ReturnRateKind = (typeof RETURN_RATE_KINDS)[number];

/** The codes each rate counts (null: every return), and Nacha's threshold as a fraction of the debits. */
export const RETURN_RATE_RULES: Readonly<
  Record<ReturnRateKind, { codes: readonly string[] | null; threshold: number; label: string }>
> = {
  unauthorized: {
    codes: ['R05', 'R07', 'R10', 'R11', 'R29', 'R51'],
    threshold: 0.005,
    label: 'Unauthorised',
  },
  administrative: { codes: ['R02', 'R03', 'R04'], threshold: 0.03, label: 'Administrative' },
  overall: { codes: null, threshold: 0.15, label: 'Overall' },
};

/** Returns over debits (0 when there were no debits). */
export function returnRate(returns: number, debits: number): number {
  return debits > 0 ? returns / debits : 0;
}
