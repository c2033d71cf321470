import type { SessionMerchant } from '../../lib/session-state';

/** A merchant as the API returns it (docs/api/identity.md). */
export type Merchant = SessionMerchant;

/** The flags a merchant form edits, in the order the screens show them. */
export const MERCHANT_FLAGS = ['in_legacy_app', 'check_custom_roles', 'allow_group_message', 'is_integrated'] as const;
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

/** The editable part of a merchant: the body of PUT /merchants/:id/. */
export type MerchantInput = Pick<Merchant, 'name' | 'logo' | MerchantFlag>;

/** POST /merchants/: an existing organisation by id, or a new one by name. */
export type MerchantCreateInput = MerchantInput & { organization_id?: string; organization_name?: string };

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
