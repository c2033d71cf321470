// The sandbox processor's tokeniser: checks a card or bank account as a processor would (the shared entry rules of
// card-entry.ts) and keeps a single-use token with only what may be shown of it. Served by
// `POST /sandbox/gateway/tokens/` and called directly by tests and the demo seed.

import { randomBytes } from 'node:crypto';
import {
  cardBrandOf,
  cardDigits,
  cardNumberMessage,
  cardNumberProblem,
  isBankAccountNumber,
  isCvcValid,
  isExpiryValid,
  isRoutingNumber,
} from '@paydesk/domain/payments/card-entry';
import { ACCOUNT_NUMBER_INVALID, ROUTING_NUMBER_INVALID } from '@paydesk/domain/validation/messages';
import type { Db } from '../../db/client';
import { sandboxGatewayTokens } from '../../db/schema/sandbox-gateway';
import type { CardBrand, CardFunding } from './gateway-provider';
import { bankBehaviour, cardBehaviour, sandboxBin } from './sandbox-gateway-behaviour';

export const SANDBOX_TOKEN_TTL_MS = 60 * 60 * 1000;
export const CARD_EXPIRY_INVALID = 'Expiration date is invalid.';
export const CARD_CVC_INVALID = 'Security code is invalid.';
export const ACCOUNT_HOLDER_REQUIRED = 'Account holder is required.';

export type CardEntry = { number: string; exp_month: number; exp_year: number; cvc: string };
export type BankEntry = { routing_number: string; account_number: string; account_holder: string };
export type TokenizeInput = { card: CardEntry } | { bank: BankEntry };

export type EntryProblem = { field: string; code: string; message: string };

export type Tokenized = {
  status: 'tokenized';
  token: string;
  brand: CardBrand | null;
  funding: CardFunding | null;
  bin: string | null;
  last4: string;
};
export type TokenizeResult = Tokenized | { status: 'invalid'; problems: EntryProblem[] };

function cardProblems(card: CardEntry, today: Date): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const numberProblem = cardNumberProblem(card.number);
  if (numberProblem) {
    const code = numberProblem === 'luhn' ? 'card_number.invalid' : numberProblem;
    problems.push({ field: 'card.number', code, message: cardNumberMessage(numberProblem) });
  }
  if (!isExpiryValid(card.exp_month, card.exp_year, today)) {
    problems.push({ field: 'card.exp_month', code: 'card_expiry.invalid', message: CARD_EXPIRY_INVALID });
  }
  if (!isCvcValid(card.cvc, cardBrandOf(cardDigits(card.number)))) {
    problems.push({ field: 'card.cvc', code: 'card_cvc.invalid', message: CARD_CVC_INVALID });
  }
  return problems;
}

function bankProblems(bank: BankEntry): EntryProblem[] {
  const problems: EntryProblem[] = [];
  if (!isRoutingNumber(bank.routing_number)) {
    problems.push({ field: 'bank.routing_number', code: 'routing_number.invalid', message: ROUTING_NUMBER_INVALID });
  }
  if (!isBankAccountNumber(bank.account_number)) {
    problems.push({ field: 'bank.account_number', code: 'account_number.invalid', message: ACCOUNT_NUMBER_INVALID });
  }
  if (!bank.account_holder.trim()) {
    problems.push({ field: 'bank.account_holder', code: 'account_holder.required', message: ACCOUNT_HOLDER_REQUIRED });
  }
  return problems;
}

/** Checks the entry and keeps a single-use token (`stok_…`); the number and CVC are dropped here. */
export async function tokenizeEntry(db: Db, input: TokenizeInput, now: Date): Promise<TokenizeResult> {
  const token = `stok_${randomBytes(12).toString('hex')}`;
  const expires_at = new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS);
  if ('card' in input) {
    const problems = cardProblems(input.card, now);
    if (problems.length > 0) return { status: 'invalid', problems };
    const digits = cardDigits(input.card.number);
    const bin = digits.slice(0, 6);
    const known = sandboxBin(bin) ?? { brand: 'unknown' as const, funding: 'unknown' as const };
    const last4 = digits.slice(-4);
    const exp_year = input.card.exp_year < 100 ? 2000 + input.card.exp_year : input.card.exp_year;
    await db.insert(sandboxGatewayTokens).values({
      token,
      kind: 'card',
      brand: known.brand,
      funding: known.funding,
      bin,
      last4,
      exp_month: input.card.exp_month,
      exp_year,
      behaviour: cardBehaviour(digits),
      expires_at,
    });
    return { status: 'tokenized', token, brand: known.brand, funding: known.funding, bin, last4 };
  }
  const problems = bankProblems(input.bank);
  if (problems.length > 0) return { status: 'invalid', problems };
  const last4 = input.bank.account_number.slice(-4);
  await db.insert(sandboxGatewayTokens).values({
    token,
    kind: 'bank',
    last4,
    routing_number: input.bank.routing_number,
    account_holder: input.bank.account_holder.trim(),
    behaviour: bankBehaviour(input.bank.routing_number, input.bank.account_number),
    expires_at,
  });
  return { status: 'tokenized', token, brand: null, funding: null, bin: null, last4 };
}
