// Role requirements of SPEC §6, named once for the API guards, the web guards and the capabilities.
//
// A requirement is `{ roles?, customRoles? }`, each a list of which the user must hold any one:
// - `customRoles` is checked only when the merchant has check_custom_roles on;
// - `roles` is always checked.
// How the spec's wording maps to it (with the claims of ./claims):
// - "With custom roles: super_admin, admin or is_x. Otherwise: super_admin, admin or staff" →
//   roles [super_admin, admin, staff], customRoles [super_admin, admin, is_x]. A custom-role user holds `staff`
//   plus flags, so with custom roles on they need is_x; with it off any base role passes.
// - "super_admin, admin or is_x" (one list, both modes) → roles [super_admin, admin, is_x]. Flags are only ever held
//   with custom roles on, so with it off this means super_admin or admin.
// - a flag alone ("is_merchant_payment_report_allowed") → customRoles [is_x]: it restricts only merchants with
//   custom roles; elsewhere the route has no role requirement (super_admin and admin hold every flag).

import type { BaseRole, PermissionFlag } from './roles';

type RoleName = BaseRole | PermissionFlag;

export type RoleRequirement = {
  roles?: readonly RoleName[];
  customRoles?: readonly RoleName[];
};

export type AccessContext = {
  roles: readonly string[];
  merchant: { check_custom_roles: boolean };
};

const ANY_BASE_ROLE = ['super_admin', 'admin', 'staff'] as const;

export const ACCESS_REQUIREMENTS = {
  customerUpdate: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_customer_update_allowed'],
  },
  /**
   * Editing or deleting a customer note: with custom roles is_note_update_allowed (or super_admin, admin); else any
   * base role. Only for the note's author, unless the user also meets noteOfOthers (`mayChangeNote`).
   */
  noteUpdate: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_note_update_allowed'],
  },
  /** Editing or deleting another user's note (or one without an author): the merchant's administrators. */
  noteOfOthers: { roles: ['super_admin', 'admin'] },
  /** Taking payments and saving payment methods: the spec shows no rule, so any base role (custom roles hold staff). */
  paymentTake: { roles: ANY_BASE_ROLE },
  /**
   * Refunds, voids and moves of payments: with custom roles super_admin, admin or is_payment_refund_allowed; else
   * any base role ("is_payment_refund_allowed or the role equivalent").
   */
  paymentRefund: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_payment_refund_allowed'],
  },
  /** Taking a payment outside the custom role's minimum and maximum amounts. */
  paymentThresholdBypass: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_payment_threshold_allowed'],
  },
  /** Waiving an account's convenience fee on a payment. */
  paymentWaiveFee: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_payment_waive_fee_allowed'],
  },
  paymentReport: { customRoles: ['is_merchant_payment_report_allowed'] },
  sweepReport: { customRoles: ['is_merchant_sweep_report_allowed'] },
  actionReport: { roles: ANY_BASE_ROLE },
  userSettings: { roles: ['super_admin', 'admin', 'is_user_update_allowed'] },
  /** Changing a merchant (its general settings): the spec shows no rule, so its administrators. */
  merchantSettings: { roles: ['super_admin', 'admin'] },
  roleSettings: { roles: ['super_admin', 'admin'] },
  /**
   * Reading and changing a merchant's business details and owners (onboarding): the spec shows no rule, and owners'
   * private data (date of birth, home address, personal email and phone) is for its administrators only.
   */
  onboardingSettings: { roles: ['super_admin', 'admin'] },
  tagSettings: { roles: ['super_admin', 'admin'] },
  integrationSettings: { roles: ['super_admin'] },
  passtimeSettings: { roles: ['admin', 'super_admin', 'is_merchant_passtime_allowed'] },
  ituranSettings: { roles: ['admin', 'super_admin', 'is_merchant_ituran_allowed'] },
  /**
   * Device commands and failed actions: either device provider's requirement (the spec shows no rule for the
   * failed-actions screen); each action is then checked against its own provider's.
   */
  deviceActions: { roles: ['admin', 'super_admin', 'is_merchant_passtime_allowed', 'is_merchant_ituran_allowed'] },
  interchangeQualificationReport: { roles: ['super_admin'] },
  templateUpdate: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_template_update_allowed'],
  },
  freeTypeChat: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_customer_free_text_allowed'],
  },
  massMessage: {
    roles: ANY_BASE_ROLE,
    customRoles: ['super_admin', 'admin', 'is_customer_campaign_allowed'],
  },
} as const satisfies Record<string, RoleRequirement>;

export type AccessRequirementName = keyof typeof ACCESS_REQUIREMENTS;

function holdsAny(held: readonly string[], required: readonly string[]): boolean {
  return required.some((role) => held.includes(role));
}

/** The custom-roles half of a requirement (SPEC §2 guard 2); true when it does not apply. */
export function meetsCustomRoles(requirement: RoleRequirement, context: AccessContext): boolean {
  if (!requirement.customRoles || !context.merchant.check_custom_roles) return true;
  return holdsAny(context.roles, requirement.customRoles);
}

/** The roles half of a requirement (SPEC §2 guard 3); true when it lists none. */
export function meetsRoles(requirement: RoleRequirement, context: AccessContext): boolean {
  if (!requirement.roles) return true;
  return holdsAny(context.roles, requirement.roles);
}

export function meetsRequirement(requirement: RoleRequirement, context: AccessContext): boolean {
  return meetsCustomRoles(requirement, context) && meetsRoles(requirement, context);
}

/**
 * Whether a user may edit or delete a note: with noteUpdate, their own notes; administrators (noteOfOthers) every
 * note, those without an author (imports, the system) included.
 */
export function mayChangeNote(
  note: { author: { id: string } | null },
  user: { id: string },
  context: AccessContext,
): boolean {
  if (!meetsRequirement(ACCESS_REQUIREMENTS.noteUpdate, context)) return false;
  return note.author?.id === user.id || meetsRequirement(ACCESS_REQUIREMENTS.noteOfOthers, context);
}
