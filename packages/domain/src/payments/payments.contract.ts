// Payment methods, taking a payment, a payment with its receipt, refunds, moves and misc payments (issue 18; SPEC §3
// Payment method and Refund, §4 receipt modal, §7, §8, §9). Money on the wire is integer cents (decision 0003).
//
// Rules the server applies beyond these schemas:
// - Taking a payment (`take`, `misc`): the payment amount (sum of sources, fee excluded) at least $1.00 →
//   400 `payment.minimum`; outside the user's custom-role minimum/maximum → 400 `payment_amount.too_small` /
//   `payment_amount.too_large` unless the user may bypass thresholds (`canBypassPaymentThreshold`); `waive_fee`
//   without `canWaiveConvenienceFee` → 403; more than the amount due → 400 `payment.exceeds_amount_due`; nothing due →
//   409 `account.already_paid`; account inactive → 409 `account.inactive`; do-not-contact → 409
//   `account.do_not_contact`; integrated merchant without a current invoice → 409 `account.current_invoice_required`;
//   a method that is not a customer's of the account (or removed) → 404; no active merchant account of the method's
//   kind at the account's location → 409 `merchant_account.missing`. A decline is not an error: the answer is 201 with
//   status FAILED and `failure_message` (and sources already charged voided or refunded, which the message says).
// - The convenience fee (`convenienceFeeFor` in ./fees) is the account's fee, charged on the last source that may
//   bear one (a CREDIT card or a bank account; never a DEBIT or prepaid card), unless waived.
// - Misc payments (`misc`): the same rules but no account (so no amount-due, state or invoice checks); `location` and
//   `customer` must be the merchant's (404); without a customer only new entries (`token`) may pay, and nothing is
//   saved; the fee is the location's merchant account's (`convenience_fee_enabled`) for the fee-bearing source.
// - Refunds (`refund`, `refundTransaction`; `is_payment_refund_allowed` or the role equivalent): never more in total
//   than is left to refund on a source (409 `refund.exceeds_captured`), only to the payment's own methods (400 on
//   the source), `total` the sum of the sources (400), refused for a payment that is not PAID or PARTIALLY_REFUNDED
//   (409 `refund.not_refundable`); a bank debit that has not settled is voided instead, whole only (409
//   `refund.void_whole_source`); the fee comes back last on its source. A processor decline answers 200 with the
//   reversal `declined` and its message, and puts nothing back on the ledger. The same Idempotency-Key answers the
//   payment as it is, without a second refund.
// - Moving (`move`; the refund permission, as it takes money off an account): to another account of the merchant
//   (404 otherwise), not inactive (409 `account.inactive`), that owes at least what the payment still pays off (400
//   `payment.exceeds_amount_due`); a misc payment or one with nothing left on its account is a 400 on `payment`.

import { z } from 'zod';
import { merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { pageSchema, paginationQuery } from '../api/pagination';
import {
  BANK_AUTHORIZATION_METHODS,
  CARD_BRANDS,
  CARD_FUNDINGS,
  PAYMENT_ORIGINS,
  PAYMENT_TYPES,
  REVERSAL_KINDS,
  REVERSAL_STATES,
  SOURCE_STATES,
  TRANSACTION_ROW_KINDS,
  TRANSACTION_ROW_STATUSES,
  TRANSACTION_STATUSES,
} from './payments';

const uuid = z.uuid({ error: 'Not a valid id' });
const cents = z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number of cents' });
const positiveCents = cents.min(1, { error: 'Must be more than $0.00' }).max(100_000_000, {
  error: 'Must be at most $1,000,000.00',
});

// ---------------------------------------------------------------------------------------------------------------
// Payment methods

export const bankAuthorizationSchema = z.object({
  /** The exact words shown or read to the customer. */
  text: z.string().trim().min(1, { error: 'This field is required.' }).max(5000),
  method: z.enum(BANK_AUTHORIZATION_METHODS),
});

export const addPaymentMethodSchema = z.object({
  /** A single-use token from the processor's tokeniser (sandbox: `POST /sandbox/gateway/tokens/`). */
  token: z.string().trim().min(1, { error: 'This field is required.' }).max(255),
  nickname: z.string().trim().max(60, { error: 'Ensure this field has no more than 60 characters.' }).default(''),
  /** Required for a bank account (400 on `authorization` without it). */
  authorization: bankAuthorizationSchema.optional(),
});

export const paymentMethodSchema = z.object({
  id: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** The brand's display name for cards ("Visa"), null for banks. */
  card_type: z.string().nullable(),
  card_brand: z.enum(CARD_BRANDS).nullable(),
  funding: z.enum(CARD_FUNDINGS).nullable(),
  nickname: z.string(),
  masked_card_number: z.string().nullable(),
  masked_account_number: z.string().nullable(),
  /** SPEC §3: the nickname plus the last 8 characters of the masked number. */
  label: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  routing_number: z.string().nullable(),
  account_holder: z.string().nullable(),
  authorization: z
    .object({
      text: z.string(),
      method: z.enum(BANK_AUTHORIZATION_METHODS),
      authorized_by_name: z.string(),
      authorized_at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  created: z.iso.datetime({ offset: true }),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const binSchema = z.object({
  bin: z.string(),
  card_brand: z.enum(CARD_BRANDS),
  card_type: z.string(),
  funding: z.enum(CARD_FUNDINGS),
  payment_type: z.enum(PAYMENT_TYPES),
});

// ---------------------------------------------------------------------------------------------------------------
// Payments

/** One source of a payment: a saved method of the customer, or a fresh token (a new card or bank entry). */
export const paymentSourceInputSchema = z
  .object({
    payment_method: uuid.optional(),
    token: z.string().trim().min(1).max(255).optional(),
    /** With `token`: keep the method on the customer's payment-methods tab afterwards. */
    save: z.boolean().default(false),
    nickname: z.string().trim().max(60).default(''),
    /** With a bank `token`: the debit authorisation. */
    authorization: bankAuthorizationSchema.optional(),
    /** Cents going to the amount due, the fee excluded. */
    amount: positiveCents,
  })
  .refine((source) => (source.payment_method === undefined) !== (source.token === undefined), {
    error: 'Choose a saved payment method or enter a new one.',
    path: ['payment_method'],
  });

export const takePaymentSchema = z.object({
  /** The customer of the account who pays (primary or co-borrower); their methods may be used. */
  customer: uuid,
  sources: z.array(paymentSourceInputSchema).min(1, { error: 'Add a payment source.' }).max(4),
  waive_fee: z.boolean().default(false),
});

export const miscPaymentSchema = z.object({
  payer_name: z.string().trim().min(1, { error: 'This field is required.' }).max(120),
  description: z.string().trim().min(1, { error: 'This field is required.' }).max(500),
  customer: uuid.optional(),
  location: uuid,
  sources: z.array(paymentSourceInputSchema).min(1, { error: 'Add a payment source.' }).max(4),
  waive_fee: z.boolean().default(false),
});

export const paymentSourceSchema = z.object({
  id: z.string(),
  payment_method: z.string(),
  payment_method_label: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** Cents without the fee, the fee on this source, and their sum. */
  amount_without_fee: z.number().int(),
  convenience_fee: z.number().int(),
  total: z.number().int(),
  state: z.enum(SOURCE_STATES),
  /** What is left to refund on this source (its total less refunds and voids that were not declined). */
  refundable: z.number().int(),
  processor_reference: z.string().nullable(),
  decline_message: z.string().nullable(),
  return_code: z.string().nullable(),
});

export const paymentReversalSchema = z.object({
  id: z.string(),
  kind: z.enum(REVERSAL_KINDS),
  state: z.enum(REVERSAL_STATES),
  total: z.number().int(),
  reason: z.string().nullable(),
  failure_message: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  created_by_name: z.string(),
  sources: z.array(z.object({ payment_source: z.string(), amount: z.number().int(), state: z.enum(REVERSAL_STATES) })),
});

/** What the receipt modal shows (SPEC §4); dates are formatted by the client in `time_zone` (MM/DD/YYYY). */
export const receiptSchema = z.object({
  merchant_name: z.string(),
  merchant_phone: z.string().nullable(),
  location_name: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  account_external_id: z.string().nullable(),
  payer_name: z.string().nullable(),
  description: z.string().nullable(),
  time_zone: z.string(),
});

export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  origin: z.enum(PAYMENT_ORIGINS),
  account: z.string().nullable(),
  customer: z.string().nullable(),
  location: z.string(),
  /** Cents to the amount due, the fee, and their sum (SPEC `payment.total_amount`). */
  amount: z.number().int(),
  convenience_fee: z.number().int(),
  total_amount: z.number().int(),
  fee_waived: z.boolean(),
  refunded_amount: z.number().int(),
  refundable_amount: z.number().int(),
  failure_message: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  created_by_name: z.string(),
  sources: z.array(paymentSourceSchema),
  reversals: z.array(paymentReversalSchema),
  receipt: receiptSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

export const emailReceiptSchema = z.object({
  /** Defaults to the customer's email; required when the customer has none. */
  email: z.email({ error: 'Enter a valid email address.' }).optional(),
});

export const refundPaymentSchema = z.object({
  payment: uuid,
  /** Cents, the sum of `sources`' amounts. */
  total: positiveCents,
  sources: z.array(z.object({ payment_method: uuid, amount: cents.min(0, { error: 'Must not be negative' }) })).min(1),
  reason: z.string().trim().max(500).optional(),
});

export const refundTransactionSchema = z.object({
  transaction: uuid,
  reason: z.string().trim().max(500).optional(),
});

export const movePaymentSchema = z.object({
  payment: uuid,
  account: uuid,
  reason: z.string().trim().min(1, { error: 'This field is required.' }).max(500),
});

/**
 * One line of an account's transactions (SPEC §3 Transaction: status, created, id, payment.total_amount): a payment
 * (its status), or a refund or void of one (status REFUND or VOIDED), newest first. `amount` is the payment's total,
 * or what the refund or void gave back.
 */
export const accountTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_ROW_KINDS),
  status: z.enum(TRANSACTION_ROW_STATUSES),
  created: z.iso.datetime({ offset: true }),
  amount: z.number().int(),
  payment: z.object({
    id: z.string(),
    total_amount: z.number().int(),
    amount: z.number().int(),
    convenience_fee: z.number().int(),
    origin: z.enum(PAYMENT_ORIGINS),
    status: z.enum(TRANSACTION_STATUSES),
  }),
  /** The payment methods' labels (SPEC §3). */
  methods: z.array(z.string()),
  created_by_name: z.string(),
  failure_message: z.string().nullable(),
});
export type AccountTransaction = z.infer<typeof accountTransactionSchema>;

export const accountTransactionsQuery = paginationQuery;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['payments'];
const read = merchantAccess();
const take = merchantAccess(ACCESS_REQUIREMENTS.paymentTake);
const refund = merchantAccess(ACCESS_REQUIREMENTS.paymentRefund);

const customerParams = z.object({ id: z.string(), customerId: z.string() });
const methodParams = customerParams.extend({ methodId: z.string() });
const accountParams = z.object({ id: z.string(), accountId: z.string() });
const paymentParams = z.object({ id: z.string(), paymentId: z.string() });
const accountOfCustomerParams = customerParams.extend({ accountId: z.string() });

export const paymentEndpoints = {
  listMethods: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/payment_methods/',
    summary: "A customer's saved cards and bank accounts (masked), newest first",
    tags,
    access: read,
    params: customerParams,
    status: 200,
    response: z.object({ results: z.array(paymentMethodSchema) }),
    errors: [401, 403, 404],
  }),
  addMethod: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/customers/:customerId/payment_methods/',
    summary: "Save a processor token as one of the customer's payment methods (a bank account with its authorisation)",
    tags,
    access: take,
    params: customerParams,
    body: addPaymentMethodSchema,
    status: 201,
    response: paymentMethodSchema,
    errors: [400, 401, 403, 404],
  }),
  removeMethod: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/customers/:customerId/payment_methods/:methodId/',
    summary: 'Remove a saved payment method (past payments still name it)',
    tags,
    access: take,
    params: methodParams,
    status: 204,
    errors: [401, 403, 404, 409],
  }),
  bin: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/bins/:bin/',
    summary: "A card BIN's brand and funding (6 to 8 digits)",
    tags,
    access: read,
    params: z.object({ id: z.string(), bin: z.string() }),
    status: 200,
    response: binSchema,
    errors: [400, 401, 403, 404],
  }),
  take: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/accounts/:accountId/payments/',
    summary: 'Take a payment on an account from one or more sources (needs an Idempotency-Key)',
    tags,
    access: take,
    params: accountParams,
    body: takePaymentSchema,
    idempotent: true,
    status: 201,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/payments/:paymentId/',
    summary: 'A payment with its sources, refunds and receipt',
    tags,
    access: read,
    params: paymentParams,
    status: 200,
    response: paymentSchema,
    errors: [401, 403, 404],
  }),
  emailReceipt: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/payments/:paymentId/receipt/',
    summary: "Email the payment's receipt (to the customer's email unless another is given)",
    tags,
    access: read,
    params: paymentParams,
    body: emailReceiptSchema,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  accountTransactions: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/customers/:customerId/accounts/:accountId/transactions/',
    summary: "An account's payments, refunds and voids, newest first",
    tags,
    access: read,
    params: accountOfCustomerParams,
    query: accountTransactionsQuery,
    status: 200,
    response: pageSchema(accountTransactionSchema),
    errors: [400, 401, 403, 404],
  }),
  misc: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/misc_payments/',
    summary: 'Take a payment on no account: a down payment or a one-off charge (needs an Idempotency-Key)',
    tags,
    access: take,
    params: z.object({ id: z.string() }),
    body: miscPaymentSchema,
    idempotent: true,
    status: 201,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/refund_payment/',
    summary: "Refund part or all of a payment, per source, to the payment's own methods (needs an Idempotency-Key)",
    tags,
    access: refund,
    params: z.object({ id: z.string() }),
    body: refundPaymentSchema,
    idempotent: true,
    status: 200,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  refundTransaction: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/refund_transaction/',
    summary: 'Refund everything left on a payment (needs an Idempotency-Key)',
    tags,
    access: refund,
    params: z.object({ id: z.string() }),
    body: refundTransactionSchema,
    idempotent: true,
    status: 200,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/move_payment/',
    summary: 'Move a payment to another account of the merchant, with a reason (needs an Idempotency-Key)',
    tags,
    access: refund,
    params: z.object({ id: z.string() }),
    body: movePaymentSchema,
    idempotent: true,
    status: 200,
    response: paymentSchema,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
