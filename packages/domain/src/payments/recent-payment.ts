// SPEC §5: "The most recent payment for a customer account is found among the first 50 transactions. Only those with
// status PAID or REFUND created today count, earliest first. None gives an empty result." Read literally: of the
// first 50 transactions as the API lists them (newest first), today's PAID payments and refunds, and of those the
// earliest. "Today" is the merchant's calendar day.

import { toCalendarDate } from '../dates/calendar';
import { RECENT_PAYMENT_LOOKUP, type TransactionRowStatus } from './payments';

type TransactionLike = { status: TransactionRowStatus; created: string };

export function findMostRecentPayment<T extends TransactionLike>(
  transactions: readonly T[],
  now: Date,
  timeZone: string,
): T | null {
  const today = toCalendarDate(now, timeZone);
  const candidates = transactions
    .slice(0, RECENT_PAYMENT_LOOKUP)
    .filter(
      (transaction) =>
        (transaction.status === 'PAID' || transaction.status === 'REFUND') &&
        toCalendarDate(new Date(transaction.created), timeZone) === today,
    )
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  return candidates[0] ?? null;
}
