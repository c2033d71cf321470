import type { PermissionFlag } from '@paydesk/domain/access/roles';

/** Readable labels for the 13 permission flags of a custom role (SPEC §3), keyed by the spec's names. */
export const PERMISSION_LABELS = {
  is_customer_campaign_allowed: 'Send mass messages',
  is_customer_free_text_allowed: 'Type free-text chat messages',
  is_customer_update_allowed: 'Create, import and edit customers',
  is_merchant_passtime_allowed: 'Manage the PassTime integration',
  is_merchant_ituran_allowed: 'Manage the Ituran integration',
  is_merchant_payment_report_allowed: 'View payment reports and transaction search',
  is_merchant_sweep_report_allowed: 'View the sweep report',
  is_note_update_allowed: 'Add and edit notes',
  is_payment_refund_allowed: 'Refund payments',
  is_payment_threshold_allowed: 'Take payments outside the amount limits',
  is_payment_waive_fee_allowed: 'Waive convenience fees',
  is_template_update_allowed: 'Edit message templates',
  is_user_update_allowed: 'Manage users',
} as const satisfies Record<PermissionFlag, string>;
