import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { NUMBER_INVALID, REQUIRED, maxLengthMessage, percentMaxMessage } from '../validation/messages';
import { bankAccountNumberField, centsField, requiredString, routingNumberField } from '../validation/rules';

export const MERCHANT_ACCOUNT_KINDS = ['card', 'ach'] as const;
export type MerchantAccountKind = (typeof MERCHANT_ACCOUNT_KINDS)[number];
export const MERCHANT_ACCOUNT_KIND_LABELS: Record<MerchantAccountKind, string> = { card: 'Card', ach: 'ACH (bank)' };

/** Payment processors a merchant account can settle through; only the sandbox for now. */
export const PROCESSORS = ['sandbox'] as const;
export const PROCESSOR_LABELS: Record<(typeof PROCESSORS)[number], string> = { sandbox: 'Sandbox' };

export const MERCHANT_ACCOUNT_STATUSES = ['active', 'inactive'] as const;

/** Basis points: 10000 is 100% (SPEC §9: shown as a percent after division by 100). */
export const MAX_RATE_BPS = 10_000;

export const CONVENIENCE_FEE_REQUIRED = REQUIRED;

export const merchantAccountSchema = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  location_name: z.string(),
  name: z.string(),
  kind: z.enum(MERCHANT_ACCOUNT_KINDS),
  processor: z.enum(PROCESSORS),
  processor_merchant_id: z.string(),
  deposit_routing_number: z.string(),
  /** Only the last four digits of the deposit account are kept. */
  deposit_account_last4: z.string(),
  rate_bps: z.number().int(),
  per_transaction_cents: z.number().int(),
  convenience_fee_enabled: z.boolean(),
  convenience_fee_cents: z.number().int().nullable(),
  status: z.enum(MERCHANT_ACCOUNT_STATUSES),
  created: z.iso.datetime({ offset: true }),
});

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input == null || issue.input === '' ? REQUIRED : 'Choose one of the options'),
  });

const text = (max: number) => requiredString().max(max, { error: maxLengthMessage(max) });

const merchantAccountFields = {
  location_id: requiredString(),
  name: text(100),
  kind: requiredChoice(MERCHANT_ACCOUNT_KINDS),
  processor: requiredChoice(PROCESSORS),
  processor_merchant_id: text(64),
  deposit_routing_number: routingNumberField(),
  /** The full number: accepted, its last four kept, never stored or answered. */
  deposit_account_number: bankAccountNumberField(),
  rate_bps: z
    .number({ error: (issue) => (issue.input == null ? REQUIRED : NUMBER_INVALID) })
    .int({ error: 'Must be a whole number of basis points' })
    .min(0, { error: NUMBER_INVALID })
    .max(MAX_RATE_BPS, { error: percentMaxMessage(MAX_RATE_BPS / 100) }),
  per_transaction_cents: centsField(),
  convenience_fee_enabled: z.boolean(),
  convenience_fee_cents: centsField().nullable(),
  status: requiredChoice(MERCHANT_ACCOUNT_STATUSES),
};

type FeeFields = { convenience_fee_enabled?: boolean; convenience_fee_cents?: number | null };

/** A convenience fee that is on needs its amount. */
export function checkConvenienceFee(account: FeeFields, ctx: z.RefinementCtx) {
  if (account.convenience_fee_enabled && account.convenience_fee_cents == null) {
    ctx.addIssue({ code: 'custom', path: ['convenience_fee_cents'], message: CONVENIENCE_FEE_REQUIRED });
  }
}

/** The body of POST and PUT. */
export const merchantAccountInputSchema = z
  .object({
    ...merchantAccountFields,
    processor: merchantAccountFields.processor.default('sandbox'),
    per_transaction_cents: merchantAccountFields.per_transaction_cents.default(0),
    convenience_fee_enabled: merchantAccountFields.convenience_fee_enabled.default(false),
    convenience_fee_cents: merchantAccountFields.convenience_fee_cents.default(null),
    status: merchantAccountFields.status.default('active'),
  })
  .superRefine(checkConvenienceFee);

/** PATCH: what it names changes; a new deposit account number replaces the kept last four. */
export const merchantAccountPatchSchema = z.object(merchantAccountFields).partial();

export type MerchantAccount = z.infer<typeof merchantAccountSchema>;
export type MerchantAccountInput = z.input<typeof merchantAccountInputSchema>;
export type ParsedMerchantAccountInput = z.output<typeof merchantAccountInputSchema>;
export type MerchantAccountPatch = z.output<typeof merchantAccountPatchSchema>;

/** The keys `ordering` accepts on a merchant's merchant accounts list. */
export const MERCHANT_ACCOUNT_SORT_KEYS = ['name', 'created'] as const;
export const merchantAccountListQuery = paginationQuery
  .extend({ location: z.string().optional() })
  .extend(orderingQuery(MERCHANT_ACCOUNT_SORT_KEYS, 'name').shape);

export const merchantAccountParams = z.object({ id: z.string(), merchantAccountId: z.string() });

const tags = ['merchant accounts'];
const read = merchantAccess();
const write = merchantAccess(ACCESS_REQUIREMENTS.merchantSettings);

export const merchantAccountEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/merchant_accounts/',
    summary: 'Merchant accounts of a merchant; `location` keeps those of one location',
    tags,
    access: read,
    params: z.object({ id: z.string() }),
    query: merchantAccountListQuery,
    status: 200,
    response: pageSchema(merchantAccountSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/merchant_accounts/',
    summary: 'Create a merchant account under one of the merchant’s locations',
    tags,
    access: write,
    params: z.object({ id: z.string() }),
    body: merchantAccountInputSchema,
    status: 201,
    response: merchantAccountSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/merchant_accounts/:merchantAccountId/',
    summary: 'A merchant account',
    tags,
    access: read,
    params: merchantAccountParams,
    status: 200,
    response: merchantAccountSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/merchant_accounts/:merchantAccountId/',
    summary: 'Replace a merchant account',
    tags,
    access: write,
    params: merchantAccountParams,
    body: merchantAccountInputSchema,
    status: 200,
    response: merchantAccountSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/merchant_accounts/:merchantAccountId/',
    summary: 'Change part of a merchant account',
    tags,
    access: write,
    params: merchantAccountParams,
    body: merchantAccountPatchSchema,
    status: 200,
    response: merchantAccountSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/merchant_accounts/:merchantAccountId/',
    summary: 'Delete a merchant account',
    tags,
    access: write,
    params: merchantAccountParams,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
