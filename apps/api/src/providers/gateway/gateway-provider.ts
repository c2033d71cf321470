// The payment processor as Paydesk sees it (ARCHITECTURE "Gateway"): the embedded sandbox by default, Stripe when
// STRIPE_SECRET_KEY is set. Above this interface the code is the same for both.
//
// Rules every adapter keeps:
// - Every call that can move money takes an `idempotencyKey` derived from Paydesk's own row (a payment source's id,
//   a refund's id), never random: calling again with the same key is the same operation, and the processor answers
//   the first outcome again instead of charging twice.
// - A decline is an outcome, not an exception. A call whose result is unknown (timeout, connection reset, a 5xx) is
//   `indeterminate`: the caller records it and settles it later with `lookupCharge` / `lookupRefund` (or by calling
//   again with the same key), never with a new key.
// - Full card numbers and CVCs never pass through here: the browser sends them to the processor's tokeniser, and
//   Paydesk handles only the token and what the processor says about it (brand, funding, BIN, last 4).

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
export type CardFunding = 'credit' | 'debit' | 'prepaid' | 'unknown';
export type MethodKind = 'card' | 'bank';

/** Whether a declined call may succeed if tried again later (insufficient funds, processing error) or never will. */
export type RetryClass = 'soft' | 'hard';

export type Declined = {
  status: 'declined';
  /** The processor's decline code, normalised: card_declined, insufficient_funds, expired_card, incorrect_cvc,
   * processing_error, lost_card, stolen_card, invalid_token, already_refunded, not_voidable, amount_too_large … */
  code: string;
  /** For staff, in plain words ("Your card has insufficient funds."). */
  message: string;
  retry: RetryClass;
  /** The processor's id of the failed attempt, when it made one. */
  reference?: string | undefined;
};

/** Nothing is known: the call timed out or failed in transit. Settle it with a lookup by the same key. */
export type Indeterminate = { status: 'indeterminate'; message: string };

/** What a saved method is: a reusable reference at the processor and what may be shown of it. */
export type SavedMethod = {
  /** The processor's reusable id for this method (sandbox `spm_…`, Stripe `pm_…`); stored by Paydesk. */
  reference: string;
  kind: MethodKind;
  /** Cards only. */
  brand: CardBrand | null;
  funding: CardFunding | null;
  /** The first 6 to 8 digits of a card (null for banks, or when the processor does not say). */
  bin: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  /** Banks only: the ABA routing number (not secret) and the holder's name. */
  routing_number: string | null;
  account_holder: string | null;
};

export type SaveMethodOutcome = { status: 'saved'; method: SavedMethod } | Declined | Indeterminate;

/** A charge's outcome. Cards answer approved or declined at once; bank debits answer pending and settle later. */
export type ChargeOutcome =
  { status: 'approved'; reference: string } | { status: 'pending'; reference: string } | Declined | Indeterminate;

/** A refund's or a void's outcome. A refund of a bank debit is a credit that is pending until it settles. */
export type ReversalOutcome =
  { status: 'approved'; reference: string } | { status: 'pending'; reference: string } | Declined | Indeterminate;

/** Where a charge stands at the processor now (for bank debits, settlement; for lookups after `indeterminate`). */
export type ChargeState =
  | { status: 'approved'; reference: string }
  | { status: 'pending'; reference: string }
  | { status: 'settled'; reference: string; settled_at: string }
  | { status: 'returned'; reference: string; return_code: string; return_reason: string; returned_at: string }
  | { status: 'voided'; reference: string }
  | Declined;

export type ChargeRequest = {
  /** The saved method's `reference`. */
  method: string;
  amount_cents: number;
  /** The processor's merchant id (MID) of the merchant account that receives the money. */
  processor_merchant_id: string;
  /** Shown on statements and in the processor's dashboard. */
  description: string;
  idempotencyKey: string;
};

export type RefundRequest = {
  /** The charge's `reference`. */
  charge: string;
  amount_cents: number;
  idempotencyKey: string;
};

export type VoidRequest = { charge: string; idempotencyKey: string };

export type GatewayProvider = {
  name: 'sandbox' | 'stripe';
  /** Brand and funding of a card's BIN (its first 6 to 8 digits), or null when the processor does not know it. */
  lookupBin(bin: string): Promise<{ brand: CardBrand; funding: CardFunding } | null>;
  /**
   * Turns a single-use token from the processor's tokeniser into a reusable saved method. A token that is unknown,
   * already used or expired is declined (`invalid_token`, hard).
   */
  saveMethod(input: { token: string; idempotencyKey: string }): Promise<SaveMethodOutcome>;
  /** A sale on a card, or an ACH debit on a bank account (pending until it settles or returns). */
  charge(input: ChargeRequest): Promise<ChargeOutcome>;
  /** Returns part or all of a captured charge to its method; never more in total than was captured. */
  refund(input: RefundRequest): Promise<ReversalOutcome>;
  /** Cancels a charge that has not settled (a pending bank debit, a card sale before settlement). */
  void(input: VoidRequest): Promise<ReversalOutcome>;
  /** The charge made with this idempotency key, or null when the processor never received it. */
  lookupCharge(input: { idempotencyKey: string }): Promise<ChargeState | null | Indeterminate>;
  /** The refund or void made with this idempotency key, or null when the processor never received it. */
  lookupReversal(input: { idempotencyKey: string }): Promise<ReversalOutcome | null>;
  /** Where a charge stands now, by its reference (bank debits: pending, settled or returned with its R code). */
  getCharge(reference: string): Promise<ChargeState | Indeterminate>;
};
