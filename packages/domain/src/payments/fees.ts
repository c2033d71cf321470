// The convenience fee of a payment (issue 18 item 4), computed the same way by the server and the take-payment form.

import type { PaymentOrigin, PaymentType } from './payments';

export type FeeSource = { payment_type: PaymentType; funding?: string | null; amount: number };

/** Card-network rules: no convenience fee on a debit or prepaid card. Credit cards and bank accounts may bear one. */
export function mayBearConvenienceFee(source: Pick<FeeSource, 'payment_type' | 'funding'>): boolean {
  if (source.payment_type === 'DEBIT') return false;
  if (source.funding === 'debit' || source.funding === 'prepaid') return false;
  return true;
}

/**
 * Card-network rules on recurring payments: an autopay charge bears no convenience fee. This is not a waiver (no
 * waiver is recorded); the account's fee simply does not apply to that origin.
 */
export function originBearsConvenienceFee(origin: PaymentOrigin): boolean {
  return origin !== 'autopay';
}

/**
 * Which source bears the fee and how much: the account's fee on the last source that may bear one, or none when the
 * fee is waived, zero, or no source may bear it. Answers the index into `sources` (or null) and the fee in cents.
 */
export function convenienceFeeFor(
  sources: readonly Pick<FeeSource, 'payment_type' | 'funding'>[],
  accountFeeCents: number,
  waived: boolean,
): { sourceIndex: number | null; feeCents: number } {
  if (waived || accountFeeCents <= 0) return { sourceIndex: null, feeCents: 0 };
  for (let index = sources.length - 1; index >= 0; index -= 1) {
    const source = sources[index];
    if (source && mayBearConvenienceFee(source)) return { sourceIndex: index, feeCents: accountFeeCents };
  }
  return { sourceIndex: null, feeCents: 0 };
}
