// The processor's tokeniser (issue 18): the full card number, CVC and bank account number go here and nowhere else.
// A plain fetch, not the API client (which logs and reports) nor a React Query mutation (whose cache keeps the
// variables); the caller drops the numbers from its form once the token is back.

import { ERROR_MESSAGES, type ErrorCode } from '@paydesk/domain/errors/error-codes';
import type { TokenizeRequest } from '@paydesk/domain/payments/method-entry';
import type { CardBrandName, CardFundingName } from '@paydesk/domain/payments/payments';

export const TOKENS_URL = '/sandbox/gateway/tokens/';

export type Tokenized = {
  token: string;
  brand: CardBrandName | null;
  funding: CardFundingName | null;
  bin: string | null;
  last4: string;
};

type TokenAnswer = Partial<Tokenized> & { code?: ErrorCode; detail?: string; [field: string]: unknown };

/** Exchanges a checked entry for a single-use token; a refusal throws an Error with the tokeniser's words. */
export async function tokenize(entry: TokenizeRequest): Promise<Tokenized> {
  const response = await fetch(TOKENS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(entry),
  });
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (response.ok && typeof answer.token === 'string') {
    return {
      token: answer.token,
      brand: answer.brand ?? null,
      funding: answer.funding ?? null,
      bin: answer.bin ?? null,
      last4: answer.last4 ?? '',
    };
  }
  if (answer.code && answer.code in ERROR_MESSAGES) throw new Error(ERROR_MESSAGES[answer.code]);
  if (typeof answer.detail === 'string' && answer.detail) throw new Error(answer.detail);
  const messages = Object.values(answer).flatMap((value) => (Array.isArray(value) ? value : []));
  throw new Error(messages.join(' ') || 'The processor refused this entry.');
}
