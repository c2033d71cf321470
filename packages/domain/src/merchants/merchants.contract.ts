import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { AUTHENTICATED, SUPER_USER, merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { REQUIRED } from '../validation/messages';
import { urlField } from '../validation/rules';
import { PAYMENT_CODE_INVALID, isValidPaymentCode } from './payment-codes';

export const merchantSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  organization_name: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  in_legacy_app: z.boolean(),
  check_custom_roles: z.boolean(),
  allow_group_message: z.boolean(),
  is_integrated: z.boolean(),
  /** The IANA time zone its dates are shown in (MM/DD/YYYY on its calendar). */
  timezone: z.string(),
  /** The payment code printed on its customers' payment slips (./payment-codes.ts); null when it has none. */
  upc: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
});

const name = z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(200);

export const merchantFieldsSchema = z.object({
  name,
  logo: urlField().nullable().optional(),
  in_legacy_app: z.boolean().optional(),
  check_custom_roles: z.boolean().optional(),
  allow_group_message: z.boolean().optional(),
  is_integrated: z.boolean().optional(),
});

export const merchantPatchSchema = merchantFieldsSchema.partial();

/** Merchant settings only a platform super user may change; others may send them unchanged. */
export const PLATFORM_MERCHANT_SETTINGS = ['is_integrated', 'in_legacy_app', 'check_custom_roles'] as const;
export const PLATFORM_SETTING_ONLY = 'Only a platform super user may change this';

export const createMerchantSchema = merchantFieldsSchema.extend({
  organization_id: z.uuid().optional(),
  organization_name: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(200).optional(),
  /** A code from `GET /merchants/available_upc/`; blank or absent gives none. */
  upc: z
    .string()
    .trim()
    .refine((code) => code === '' || isValidPaymentCode(code), PAYMENT_CODE_INVALID)
    .optional(),
});

/** The search is trimmed by the server; blank means every merchant. */
/** The keys `ordering` accepts on the merchants list. */
export const MERCHANT_SORT_KEYS = ['name', 'created'] as const;

export const merchantListQuery = paginationQuery
  .extend({ search: z.string().optional() })
  .extend(orderingQuery(MERCHANT_SORT_KEYS, 'name').shape);

export const merchantIdParams = z.object({ id: z.string() });

export type Merchant = z.infer<typeof merchantSchema>;
export type MerchantInput = z.input<typeof merchantFieldsSchema>;
export type MerchantCreateInput = z.input<typeof createMerchantSchema>;

const tags = ['merchants'];

export const merchantEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/',
    summary: 'Merchants the user may act for (all, for super users)',
    tags,
    access: AUTHENTICATED,
    query: merchantListQuery,
    status: 200,
    response: pageSchema(merchantSchema),
    errors: [400, 401],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/',
    summary: 'Create a merchant (super users)',
    tags,
    access: SUPER_USER,
    body: createMerchantSchema,
    status: 201,
    response: merchantSchema,
    errors: [400, 401, 403],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/',
    summary: 'A merchant',
    tags,
    access: merchantAccess(),
    params: merchantIdParams,
    status: 200,
    response: merchantSchema,
    errors: [401, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/',
    summary: 'Replace a merchant’s settings',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.merchantSettings),
    params: merchantIdParams,
    body: merchantFieldsSchema,
    status: 200,
    response: merchantSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/',
    summary: 'Change some of a merchant’s settings',
    tags,
    access: merchantAccess(ACCESS_REQUIREMENTS.merchantSettings),
    params: merchantIdParams,
    body: merchantPatchSchema,
    status: 200,
    response: merchantSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/',
    summary: 'Delete a merchant (super users)',
    tags,
    access: SUPER_USER,
    params: merchantIdParams,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
