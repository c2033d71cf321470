// Capabilities of SPEC §6 that are not routes. See ./requirements for how the spec's wording maps to requirements.

import { ACCESS_REQUIREMENTS, meetsRequirement } from './requirements';

export type CapabilityContext = {
  roles: readonly string[];
  merchant: { check_custom_roles: boolean; allow_group_message?: boolean };
};

/**
 * Typing a free chat message. With custom roles: super_admin, admin or is_customer_free_text_allowed; otherwise
 * any base role. A user without it must choose a template.
 */
export function canFreeTypeChat(context: CapabilityContext): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.freeTypeChat, context);
}

/**
 * Composing a mass message. With custom roles: super_admin, admin or is_customer_campaign_allowed; otherwise any
 * base role. The merchant must also allow group messages.
 */
export function canComposeMassMessage(context: CapabilityContext): boolean {
  return context.merchant.allow_group_message === true && meetsRequirement(ACCESS_REQUIREMENTS.massMessage, context);
}

/**
 * Saving a template from the mass-message modal: "is_template_update_allowed, or the super_admin, admin, staff
 * equivalent" — the same rule as the template pages (with custom roles: super_admin, admin or the flag; otherwise
 * any base role).
 */
export function canSaveTemplatesFromMassModal(context: CapabilityContext): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.templateUpdate, context);
}

/**
 * Taking a payment outside the custom role's minimum and maximum (SPEC §6 "is_payment_threshold_allowed or the role
 * equivalent"): with custom roles super_admin, admin or the flag; otherwise any base role (which has no limits).
 */
export function canBypassPaymentThreshold(context: CapabilityContext): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.paymentThresholdBypass, context);
}

/** Waiving the convenience fee: with custom roles super_admin, admin or is_payment_waive_fee_allowed; else any role. */
export function canWaiveConvenienceFee(context: CapabilityContext): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.paymentWaiveFee, context);
}

/** Refunding, voiding or moving a payment: with custom roles super_admin, admin or is_payment_refund_allowed. */
export function canRefundPayments(context: CapabilityContext): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.paymentRefund, context);
}
