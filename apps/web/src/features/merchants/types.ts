import type { MerchantInput } from '@paydesk/domain/merchants/merchants.contract';

/** The flags a merchant form edits, in the order the screens show them. */
export const MERCHANT_FLAGS = [
  'in_legacy_app',
  'check_custom_roles',
  'allow_group_message',
  'is_integrated',
] as const satisfies readonly (keyof MerchantInput)[];
export type MerchantFlag = (typeof MERCHANT_FLAGS)[number];

export const MERCHANT_FLAG_LABELS = {
  in_legacy_app: 'Legacy app',
  check_custom_roles: 'Custom roles',
  allow_group_message: 'Group messages',
  is_integrated: 'Integrated',
} as const satisfies Record<MerchantFlag, string>;

export const MERCHANT_FLAG_DESCRIPTIONS = {
  in_legacy_app: 'Users are sent to the transaction search after login.',
  check_custom_roles: 'Users hold one role, and custom roles decide what they may do.',
  allow_group_message: 'Staff may send mass text messages to customer groups.',
  is_integrated: 'Customers come from an integration; creating customers by hand is blocked.',
} as const satisfies Record<MerchantFlag, string>;
