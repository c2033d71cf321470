/** What an audit entry is about: each part of a merchant's setup that its people can change. */
export const AUDIT_KINDS = [
  'merchant',
  'location',
  'merchant_account',
  'owner',
  'tag',
  'integration',
  'user',
  'role',
  'message_template',
  'messaging_settings',
  'sending_number',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  merchant: 'Merchant settings',
  location: 'Location',
  merchant_account: 'Merchant account',
  owner: 'Owner',
  tag: 'Tag',
  integration: 'Integration',
  user: 'User',
  role: 'Role',
  message_template: 'Message template',
  messaging_settings: 'Messaging settings',
  sending_number: 'Sending number',
};

/** What happened to it. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'invited',
  'enabled',
  'disabled',
  'connected',
  'disconnected',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Shown instead of a secret's value in an entry's before and after. */
export const MASKED_SECRET = '••••';

/**
 * Field names whose values never reach the audit log. An SSN or bank account number may be recorded by its last
 * four (`ssn_last4`, `account_last4`), which these do not match.
 */
export const SECRET_FIELD_PATTERN =
  /(password|secret|token|ssn(?!_last4)|credential|api_key|account_number|routing_number|cvv|card_number)/i;
