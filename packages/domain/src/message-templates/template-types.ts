// Message template types of SPEC §3: the two a merchant makes (SCHEDULED, UNSCHEDULED) and the system types, each
// with its display name. System types are seeded for every merchant and sent by the product's own events.

export const SYSTEM_TEMPLATE_TYPES = [
  'AUTOPAY',
  'AUTOPAY_DISABLED',
  'AUTOPAY_MERCHANT',
  'AUTOPAY_DISABLED_MERCHANT',
  'PAYMENT_FAILED',
  'PAYMENT_PROMISE',
  'PAYMENT_PROMISE_CONFIRMED',
  'PAYMENT_SCHEDULED',
  'PAYMENTREQUEST',
  'THANKS',
  'WELCOME',
  'UNCONFIRMED_PROMISE',
] as const;

export const TEMPLATE_TYPES = ['SCHEDULED', 'UNSCHEDULED', ...SYSTEM_TEMPLATE_TYPES] as const;

export type SystemTemplateType = (typeof SYSTEM_TEMPLATE_TYPES)[number];
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** SPEC §3's table, word for word; SCHEDULED and UNSCHEDULED are not in it and read as below. */
export const TEMPLATE_TYPE_DISPLAY_NAMES = {
  SCHEDULED: 'Scheduled',
  UNSCHEDULED: 'Unscheduled',
  AUTOPAY: 'Autopay',
  AUTOPAY_DISABLED: 'Autopay Disabled',
  AUTOPAY_MERCHANT: 'Autopay By Merchant',
  AUTOPAY_DISABLED_MERCHANT: 'Autopay Disabled By Merchant',
  PAYMENT_FAILED: 'Payment Failed',
  PAYMENT_PROMISE: 'Confirm Payment',
  PAYMENT_PROMISE_CONFIRMED: 'Payment Arrangement Confirmation',
  PAYMENT_SCHEDULED: 'Payment Scheduled',
  PAYMENTREQUEST: 'Payment Request',
  THANKS: 'Thank You',
  WELCOME: 'Welcome',
  UNCONFIRMED_PROMISE: 'Unconfirmed Promise Reminder',
} as const satisfies Record<TemplateType, string>;

/**
 * A "special" (auto-generated, system) type: the product sends it on its own event, so it keeps its type whatever
 * the timing (SPEC §4) and must stay active.
 */
export function isSystemTemplateType(type: string): type is SystemTemplateType {
  return (SYSTEM_TEMPLATE_TYPES as readonly string[]).includes(type);
}

export function templateTypeDisplayName(type: string): string {
  return (TEMPLATE_TYPE_DISPLAY_NAMES as Record<string, string>)[type] ?? type;
}

export const SYSTEM_TEMPLATE_MUST_STAY_ACTIVE = 'Auto-generated templates must remain active.';
