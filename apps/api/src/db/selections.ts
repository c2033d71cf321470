import { sql } from 'drizzle-orm';
import { merchants, organizations } from './schema/identity';
import { paymentCodes } from './schema/payment-codes';

/** A merchant with its organisation's name: what the API shows of a merchant (join `organizations` to use it). */
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
  /** Its payment code (payment_codes_merchant_idx makes this one index lookup). */
  upc: sql<
    string | null
  >`(select ${paymentCodes.code} from ${paymentCodes} where ${paymentCodes.merchant_id} = ${merchants.id})`,
};
