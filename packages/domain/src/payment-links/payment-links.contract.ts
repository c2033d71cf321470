// Payment links and the customer pay page (issue 19 item 6; SPEC §7 "create account payment link", decision 0022).
//
// Rules the server applies beyond these schemas:
// - Issuing (`create`; the payment-taking requirement): the customer must be on the account (404); an inactive or
//   do-not-contact account is 409 `account.inactive` / `account.do_not_contact`, one with nothing due 409
//   `account.already_paid`. Issuing voids every earlier link of the account that was not used (superseded). With
//   `send_email`, the link is emailed to the customer (400 on `send_email` when they have no email address). Links
//   per account are rate limited (429 `throttled`).
// - The link is `{app}/pay/{token}`: 32 random bytes, base64url; only a sha256 of the token is stored. It expires
//   after PAYMENT_LINK_LIFETIME_HOURS and is void once paid or superseded.
// - The public pay routes are rate limited per address (429). An unknown token is 404 `not_found` (with PAY_LINK_INVALID_MESSAGE); an expired,
//   used or superseded one is 410 `pay_link.expired` / `pay_link.used` / `pay_link.superseded`.
// - Paying (`pay`): an `Idempotency-Key` header (400 `idempotency_key.missing` / `too_long`); the payment goes
//   through the payments module's take-payment path with origin `pay_link` (the same amount, state, fee and
//   merchant-account rules and their codes). While one request pays with the link, another is 409
//   `pay_link.in_use`; the same key again after it finished answers the same payment. A decline answers 201 with
//   status FAILED and leaves the link usable; a PAID or PENDING payment uses it up and emails the receipt to the
//   customer when they have an email address.

import { z } from 'zod';
import { PUBLIC, merchantAccess } from '../access/endpoint-access';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { defineEndpoint } from '../api/endpoint';
import { TRANSACTION_STATUSES } from '../payments/payments';

/** How long a payment link works after it is issued. */
export const PAYMENT_LINK_LIFETIME_HOURS = 24;

/** The detail of the 404 for a token that names no link. */
export const PAY_LINK_INVALID_MESSAGE =
  'This payment link is not valid. Check the address, or ask the business for a new link.';

/** The pay page's path on the app (the token follows). */
export const PAY_PAGE_PATH = '/pay/';

const uuid = z.uuid({ error: 'Not a valid id' });

export const createPaymentLinkSchema = z.object({
  customer_id: uuid,
  /** Also email the link to the customer. */
  send_email: z.boolean().default(false),
});

export const paymentLinkSchema = z.object({
  payment_link: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
  /** Whether it was queued to the customer's email. */
  emailed: z.boolean(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** What the pay page shows, and nothing more (no address, no other accounts, no history). */
export const payPageSchema = z.object({
  merchant: z.object({ name: z.string(), logo: z.string().nullable() }),
  customer: z.object({ first_name: z.string() }),
  /** Cents. */
  amount_due: z.number().int(),
  /** YYYY-MM-DD, shown MM/DD/YYYY. */
  due_date: z.string().nullable(),
  /**
   * The fee rule: `convenience_fee` cents are added to a payment by credit card or bank account, never to a debit or
   * prepaid card (`mayBearConvenienceFee` in payments/fees).
   */
  convenience_fee: z.number().int(),
  /** Which payment kinds the merchant takes here (an active merchant account at the account's location). */
  accepts: z.object({ card: z.boolean(), bank: z.boolean() }),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PayPage = z.infer<typeof payPageSchema>;

export { bankAuthorizationText } from './pay-page';

export const payWithLinkSchema = z.object({
  /** A single-use token from the processor's tokeniser (sandbox: `POST /sandbox/gateway/tokens/`). */
  token: z.string().trim().min(1, { error: 'This field is required.' }).max(255),
  /** Cents to the amount due, the fee excluded. */
  amount: z
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number of cents' })
    .min(1, { error: 'Must be more than $0.00' })
    .max(100_000_000, { error: 'Must be at most $1,000,000.00' }),
  /** For a bank account: the authorisation text shown (`bankAuthorizationText`). */
  authorization: z.string().trim().min(1).max(5000).optional(),
});

/** The receipt on the pay page. */
export const payReceiptSchema = z.object({
  id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  convenience_fee: z.number().int(),
  total_amount: z.number().int(),
  method_label: z.string(),
  processor_reference: z.string().nullable(),
  failure_message: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  merchant_name: z.string(),
  time_zone: z.string(),
  receipt_emailed: z.boolean(),
});
export type PayReceipt = z.infer<typeof payReceiptSchema>;

const tokenParams = z.object({ token: z.string() });

export const paymentLinkEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/accounts/:accountId/payment_link/',
    summary: "Issue a single-use payment link for an account's customer (voids the account's earlier links)",
    tags: ['payments'],
    access: merchantAccess(ACCESS_REQUIREMENTS.paymentTake),
    params: z.object({ id: z.string(), accountId: z.string() }),
    body: createPaymentLinkSchema,
    status: 201,
    response: paymentLinkSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/pay/:token/',
    summary: 'The pay page of a payment link: merchant, first name, amount due, due date and fee rule',
    tags: ['pay'],
    access: PUBLIC,
    params: tokenParams,
    status: 200,
    response: payPageSchema,
    errors: [404, 410, 429],
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/pay/:token/payments/',
    summary: 'Pay with a payment link (a tokenised card or bank account; needs an Idempotency-Key)',
    tags: ['pay'],
    access: PUBLIC,
    params: tokenParams,
    body: payWithLinkSchema,
    status: 201,
    response: payReceiptSchema,
    errors: [400, 404, 409, 410, 429],
  }),
};
