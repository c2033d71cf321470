// Checking a card or bank account as it is typed (issue 18 item 2): the web app's card form and the sandbox
// tokeniser run the same rules, with the SPEC §8 codes and messages. The number itself goes only to the processor's
// tokeniser; nothing here keeps it.

import { ERROR_CATALOGUE } from '../errors/catalogue';
import { isRoutingNumber } from '../validation/rules';
import { CARD_NUMBER_MAX_LENGTH, CARD_NUMBER_MIN_LENGTH, type CardBrandName } from './payments';

export type CardNumberProblem = 'card_number.too_short' | 'card_number.too_long' | 'card_type.invalid' | 'luhn';

/** The card number's digits (spaces and dashes typed between groups dropped). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's leading digits (IIN ranges), or 'unknown'. */
export function cardBrandOf(digits: string): CardBrandName {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export const CARD_BRAND_LABELS: Record<CardBrandName, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The number's length for its brand: American Express has 15 digits, the others 16 (SPEC §9: 15 to 16). */
function expectedLength(brand: CardBrandName): number {
  return brand === 'amex' ? 15 : 16;
}

/**
 * What is wrong with a typed card number, or null: shorter than 15 digits `card_number.too_short`, longer than 16
 * `card_number.too_long`, not digits or of no brand Paydesk takes `card_type.invalid`, the wrong length for its brand
 * or a failed Luhn check `luhn` ("Card number is invalid.").
 */
export function cardNumberProblem(text: string): CardNumberProblem | null {
  const digits = cardDigits(text);
  if (!/^\d*$/.test(digits)) return 'card_type.invalid';
  if (digits.length < CARD_NUMBER_MIN_LENGTH) return 'card_number.too_short';
  if (digits.length > CARD_NUMBER_MAX_LENGTH) return 'card_number.too_long';
  const brand = cardBrandOf(digits);
  if (brand === 'unknown') return 'card_type.invalid';
  if (digits.length !== expectedLength(brand) || !passesLuhn(digits)) return 'luhn';
  return null;
}

export const CARD_NUMBER_INVALID = 'Card number is invalid.';

/** The message a form shows for a card number problem (the SPEC's where it has one). */
export function cardNumberMessage(problem: CardNumberProblem): string {
  return problem === 'luhn' ? CARD_NUMBER_INVALID : ERROR_CATALOGUE[problem];
}

/** A card expiry that has not passed (the card works through the last day of its month). */
export function isExpiryValid(month: number, year: number, today: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return fullYear * 12 + (month - 1) >= thisMonth && fullYear <= today.getUTCFullYear() + 20;
}

/** A CVC: 4 digits for American Express, 3 for the others. */
export function isCvcValid(cvc: string, brand: CardBrandName): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** A US bank account number: 4 to 17 digits. */
export function isBankAccountNumber(text: string): boolean {
  return /^\d{4,17}$/.test(text);
}

/** An ABA routing number: 9 digits with the ABA checksum. */
export { isRoutingNumber };

/** A card's masked number as stored and shown: X for every digit but the last 4 (`XXXXXXXXXXXX4242`). */
export function maskCardNumber(length: number, last4: string): string {
  return 'X'.repeat(Math.max(length - 4, 0)) + last4;
}

/** A bank account's masked number: `XXXXX` and the last 4. */
export function maskAccountNumber(last4: string): string {
  return `XXXXX${last4}`;
}
