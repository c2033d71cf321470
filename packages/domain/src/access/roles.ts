// The role vocabulary of SPEC §3 and §6.

export const BASE_ROLES = ['super_admin', 'admin', 'staff'] as const;
export type BaseRole = (typeof BASE_ROLES)[number];

/** The 13 permission flags of a custom role, in SPEC §3 order. */
export const PERMISSION_FLAGS = [
  'is_customer_campaign_allowed',
  'is_customer_free_text_allowed',
  'is_customer_update_allowed',
  'is_merchant_passtime_allowed',
  'is_merchant_ituran_allowed',
  'is_merchant_payment_report_allowed',
  'is_merchant_sweep_report_allowed',
  'is_note_update_allowed',
  'is_payment_refund_allowed',
  'is_payment_threshold_allowed',
  'is_payment_waive_fee_allowed',
  'is_template_update_allowed',
  'is_user_update_allowed',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** The access-claims group that marks a platform super user. */
export const SUPER_GROUP = 'super';

export function isBaseRole(value: string): value is BaseRole {
  return (BASE_ROLES as readonly string[]).includes(value);
}

export function isPermissionFlag(value: string): value is PermissionFlag {
  return (PERMISSION_FLAGS as readonly string[]).includes(value);
}
