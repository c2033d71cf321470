// The words of money (SPEC §3, §7, §9), shared by the API, the web app and the tests. Money is integer cents.

/** SPEC §3: a payment method's type. Cards are CREDIT or DEBIT (prepaid cards count as DEBIT); banks are `bank`. */
export const PAYMENT_TYPES = ['CREDIT', 'DEBIT', 'bank'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrandName = (typeof CARD_BRANDS)[number];
export const CARD_FUNDINGS = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFundingName = (typeof CARD_FUNDINGS)[number];

/** How a customer gave a bank debit authorisation (Nacha: kept with the exact text shown). */
export const BANK_AUTHORIZATION_METHODS = ['phone', 'in_person', 'web'] as const;
export type BankAuthorizationMethod = (typeof BANK_AUTHORIZATION_METHODS)[number];

/** SPEC §7 transaction statuses, as the API answers them. */
export const TRANSACTION_STATUSES = [
  'PENDING',
  'PAID',
  'FAILED',
  'RETURNED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'VOIDED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** How a job's run of a payment (a scheduled payment, an autopay) ended, from the payment it took. */
export type PaymentRunState = 'paid' | 'pending' | 'failed';

const RUN_STATE_OF_PAYMENT: Record<TransactionStatus, PaymentRunState> = {
  PAID: 'paid',
  PENDING: 'pending',
  FAILED: 'failed',
  RETURNED: 'failed',
  PARTIALLY_REFUNDED: 'paid',
  REFUNDED: 'paid',
  VOIDED: 'failed',
};

/** The run's state for the payment's status: money taken (even if refunded since), a bank debit on its way, or not. */
export function runStateOfPayment(status: TransactionStatus): PaymentRunState {
  return RUN_STATE_OF_PAYMENT[status];
}

/** An account's transactions list payments and what reversed them (SPEC §5 "status PAID or REFUND"). */
export const TRANSACTION_ROW_KINDS = ['payment', 'refund', 'void'] as const;
export type TransactionRowKind = (typeof TRANSACTION_ROW_KINDS)[number];
export const TRANSACTION_ROW_STATUSES = [...TRANSACTION_STATUSES, 'REFUND'] as const;
export type TransactionRowStatus = (typeof TRANSACTION_ROW_STATUSES)[number];

/**
 * One payment source's state at the processor. `created`: recorded, not yet sent; `indeterminate`: sent, outcome
 * unknown (settled by a lookup with the same idempotency key, never by a new charge).
 */
export const SOURCE_STATES = [
  'created',
  'approved',
  'pending',
  'settled',
  'declined',
  'indeterminate',
  'voided',
  'returned',
] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/** Where a payment came from: staff on an account, a misc/down payment, and (money over time) the jobs and pay page. */
export const PAYMENT_ORIGINS = ['staff', 'misc', 'scheduled', 'autopay', 'pay_link'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/** A refund's or void's state; a declined one puts nothing back on the ledger. */
export const REVERSAL_STATES = ['created', 'approved', 'pending', 'declined', 'indeterminate'] as const;
export type ReversalState = (typeof REVERSAL_STATES)[number];
export const REVERSAL_KINDS = ['refund', 'void'] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

/**
 * Ledger entry kinds. `amount_cents` is the entry's effect on what the customer owes on the account (signed): a
 * charge is negative, a fee positive and its waiver negative, a refund, void or return positive, a move out positive
 * and a move in negative, an adjustment either way; `opening` is an account's amount due when the ledger began.
 */
export const LEDGER_ENTRY_KINDS = [
  'opening',
  'adjustment',
  'charge',
  'fee',
  'fee_waiver',
  'refund',
  'void',
  'return',
  'move_out',
  'move_in',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** SPEC §9: the smallest payment, inclusive ($1.00 is accepted, $0.99 is `payment.minimum`). */
export const MINIMUM_PAYMENT_CENTS = 100;
/** SPEC §9: card number length. */
export const CARD_NUMBER_MIN_LENGTH = 15;
export const CARD_NUMBER_MAX_LENGTH = 16;
/** SPEC §5: the most recent payment is looked for among this many transactions. */
export const RECENT_PAYMENT_LOOKUP = 50;
