import type { merchantSchema } from '@paydesk/domain/merchants/merchants.contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isoTimestamp, type JsonField } from './list-query';
import { merchants, organizations } from './schema/identity';
import { paymentCodes } from './schema/payment-codes';

/**
 * A merchant with its organisation's name and payment code: what the API shows of a merchant. Join `organizations`
 * and left-join `payment_codes` on `paymentCodeOfMerchant` to use it.
 */
export const merchantWithOrganization = {
  id: merchants.id,
  organization_id: merchants.organization_id,
  organization_name: organizations.name,
  name: merchants.name,
  logo: merchants.logo,
  in_legacy_app: merchants.in_legacy_app,
  check_custom_roles: merchants.check_custom_roles,
  allow_group_message: merchants.allow_group_message,
  is_integrated: merchants.is_integrated,
  timezone: merchants.timezone,
  created: merchants.created,
  upc: paymentCodes.code,
};

/** A merchant has at most one code (payment_codes_merchant_idx): a left join, not a subquery per merchant. */
export const paymentCodeOfMerchant = eq(paymentCodes.merchant_id, merchants.id);

/** A merchant as the contract writes it. */
export type MerchantJson = z.input<typeof merchantSchema>;

/**
 * The contract's merchant as JSON fields (`jsonPageColumns`, `json_build_object`) over a merchant's columns: a page
 * of merchants, or `merchantWithOrganization` in a query that joins what it needs.
 */
export function merchantJsonFields(merchant: Record<keyof MerchantJson, JsonField>) {
  return {
    id: merchant.id,
    organization_id: merchant.organization_id,
    organization_name: merchant.organization_name,
    name: merchant.name,
    logo: merchant.logo,
    in_legacy_app: merchant.in_legacy_app,
    check_custom_roles: merchant.check_custom_roles,
    allow_group_message: merchant.allow_group_message,
    is_integrated: merchant.is_integrated,
    timezone: merchant.timezone,
    upc: merchant.upc,
    created: isoTimestamp(merchant.created),
  } satisfies Record<keyof MerchantJson, JsonField>;
}
