// What the embedded sandbox processor answers to the well-known test numbers (issue 18 item 1), its BIN table and
// its business-day calendar. Deterministic: the same number always behaves the same way.

import { ACH_RETURN_MEANINGS } from '@paydesk/domain/payments/ach-returns';
import { cardBrandOf } from '@paydesk/domain/payments/card-entry';
import type { CardBrand, CardFunding, Declined } from './gateway-provider';

export const SANDBOX_ROUTING_NUMBER = '110000000';

type CardDecline = Omit<Declined, 'status' | 'reference'>;

/** Card behaviours: the decline a test number answers at charge time (anything else approves). */
export const SANDBOX_CARD_DECLINES: Record<string, CardDecline> = {
  card_declined: { code: 'card_declined', message: 'Your card was declined.', retry: 'hard' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.', retry: 'soft' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.', retry: 'hard' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect.", retry: 'hard' },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
    retry: 'soft',
  },
  lost_card: { code: 'lost_card', message: 'Your card was declined.', retry: 'hard' },
  stolen_card: { code: 'stolen_card', message: 'Your card was declined.', retry: 'hard' },
};

const CARD_BEHAVIOURS: Record<string, keyof typeof SANDBOX_CARD_DECLINES> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
};

/** The behaviour class of a card number: a key of `SANDBOX_CARD_DECLINES`, or `approve`. */
export function cardBehaviour(digits: string): string {
  return CARD_BEHAVIOURS[digits] ?? 'approve';
}

/** ACH return codes and the reasons Nacha gives them (the domain's table). */
export const ACH_RETURN_REASONS: Readonly<Record<string, string>> = ACH_RETURN_MEANINGS;

const BANK_BEHAVIOURS: Record<string, string> = {
  '000123456789': 'settle',
  '000111111113': 'R02',
  '000111111116': 'R03',
  '000222222227': 'R01',
  '000333333335': 'R10',
  '000444444441': 'R09',
  '000555555551': 'R04',
  '000666666661': 'R16',
  '000777777771': 'R07',
  '000888888881': 'R29',
  '000000000009': 'stay_pending',
};

/** The behaviour of a bank account: `settle`, an R code it returns with, or `stay_pending`. */
export function bankBehaviour(routingNumber: string, accountNumber: string): string {
  if (routingNumber !== SANDBOX_ROUTING_NUMBER) return 'settle';
  return BANK_BEHAVIOURS[accountNumber] ?? 'settle';
}

/** BINs whose funding the sandbox knows (the test cards'); other BINs of a known brand are credit cards. */
const SANDBOX_BINS: Record<string, { brand: CardBrand; funding: CardFunding }> = {
  '400005': { brand: 'visa', funding: 'debit' },
  '520082': { brand: 'mastercard', funding: 'debit' },
  '510510': { brand: 'mastercard', funding: 'prepaid' },
};

/** Brand and funding of a 6 to 8 digit BIN, or null for a number of no known brand. */
export function sandboxBin(bin: string): { brand: CardBrand; funding: CardFunding } | null {
  if (!/^\d{6,8}$/.test(bin)) return null;
  const known = SANDBOX_BINS[bin.slice(0, 6)];
  if (known) return known;
  const brand = cardBrandOf(bin);
  return brand === 'unknown' ? null : { brand, funding: 'credit' };
}

/** The UTC calendar date of an instant, `YYYY-MM-DD`. */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The date `days` business days (Monday to Friday) after `instant`'s date. */
export function addBusinessDays(instant: Date, days: number): string {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return isoDate(day);
}

/** The date after `instant`'s: a card sale settles in the daily settlement that closes its day. */
export function nextDay(instant: Date): string {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1));
  return isoDate(day);
}
