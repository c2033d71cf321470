// A customer's history in words: every kind, field and value the API records (internal codes such as `sms`,
// `staff_affirmed` or ids) as people read them on the History tab.

import type { CustomerEvent } from '@paydesk/domain/customers/customers.contract';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';
import { formatCalendarDate, formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';

const KIND_TITLES: Record<string, string> = {
  'customer.created': 'Customer created',
  'customer.updated': 'Customer changed',
  'customer.removed': 'Customer removed',
  'account.created': 'Account created',
  'account.updated': 'Account changed',
  'co_borrower.added': 'Co-borrower added',
  'co_borrower.removed': 'Co-borrower removed',
  'note.added': 'Note added',
  'note.edited': 'Note edited',
  'note.deleted': 'Note deleted',
  'consent.changed': 'Opt-in changed',
  'integration.synced': 'Updated from FreshBooks',
  'payment.taken': 'Payment taken',
  'payment.failed': 'Payment failed',
  'payment.refunded': 'Payment refunded',
  'payment.voided': 'Payment voided',
  'payment.refund_declined': 'Refund declined by the processor',
  'payment.moved_out': 'Payment moved to another account',
  'payment.moved_in': 'Payment moved here from another account',
  'payment.returned': 'Bank payment returned',
  'scheduled_payment.created': 'Payment scheduled',
  'scheduled_payment.cancelled': 'Scheduled payment cancelled',
  'scheduled_payment.paid': 'Scheduled payment taken',
  'scheduled_payment.pending': 'Scheduled bank payment sent',
  'scheduled_payment.failed': 'Scheduled payment failed',
  'scheduled_payment.skipped': 'Scheduled payment skipped',
  'promise.created': 'Promise to pay recorded',
  'promise.confirmed': 'Promise to pay confirmed',
  'promise.unscheduled': 'Promise to pay no longer scheduled',
  'promise.kept': 'Promise to pay kept',
  'promise.partially_kept': 'Promise to pay partly kept',
  'promise.broken': 'Promise to pay broken',
  'message.not_sent': 'Automatic text not sent',
};

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  sms_phone_number: 'Phone number',
  date_of_birth: 'Date of birth',
  language: 'Language',
  location: 'Location',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  zip: 'ZIP code',
  external_id: 'Account number',
  amount_due_cents: 'Amount due',
  convenience_fee_cents: 'Convenience fee',
  due_date: 'Due date',
  autopay: 'Autopay',
  status: 'Status',
  tags: 'Tags',
  removed: 'Removed',
  name: 'Co-borrower',
  body: 'Note',
  method: 'How',
  affirmation: 'Words affirmed',
  amount_cents: 'Amount',
  total_cents: 'Total',
  fee_waived: 'Fee waived',
  date: 'Date',
  state: 'State',
  reason: 'Reason',
  processor: 'Processor said',
  return_code: 'Return code',
};

const CHANNELS: Record<string, string> = { sms: 'text messages', email: 'emails' };

const CONSENT_METHODS: Record<string, string> = {
  staff_affirmed: 'Affirmed by a user',
  import: 'CSV import',
  created: 'Chosen when the customer was created',
  sms_keyword: 'Texted a keyword',
  staff: "Confirmed by a user from the customer's reply",
};

const LANGUAGES: Record<string, string> = { 'en-US': 'English', 'es-US': 'Spanish', 'fr-CA': 'French (Canada)' };

/** Fields that only tie the event to a record (a note's or co-borrower's id): the event shows the record's words. */
function isInternalId(field: string): boolean {
  return field === 'id' || (field.endsWith('_id') && field !== 'external_id');
}

/** Opt-in fields the title of a consent event already says. */
const CONSENT_TITLE_FIELDS = new Set(['channel', 'opted_in']);

/** A history kind in words; kinds other features add read as their code, in sentence case. */
export function describeKind(kind: string): string {
  const known = KIND_TITLES[kind];
  if (known) return known;
  const words = kind.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An instant as the API records it (a promise's `scheduled_date`): ISO 8601 with a time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A changed value as people read it: cents as money, days as MM/DD/YYYY, moments as MM/DD/YYYY h:mm AM in the
 * merchant's zone, flags as Yes/No, codes as words.
 */
export function describeValue(field: string, value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // A payment's status (PAID, FAILED …) in sentence case; an account's status in the account's words.
  if (field === 'status' && typeof value === 'string' && /^[A-Z_]+$/.test(value)) {
    return value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');
  }
  if (field === 'status' && typeof value === 'string') {
    return value === 'do_not_contact' ? 'Do Not Contact' : accountStatusDisplay(value).label;
  }
  if (field === 'method' && typeof value === 'string') return CONSENT_METHODS[value] ?? value;
  if (field === 'language' && typeof value === 'string') return LANGUAGES[value] ?? value;
  if (field === 'sms_phone_number' && typeof value === 'string') return formatPhoneNumber(value);
  if (field === 'affirmation' && typeof value === 'string') return `“${value}”`;
  if (typeof value === 'number' && field.endsWith('_cents')) return formatMoney(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value, { timeZone }) || value;
  if (Array.isArray(value)) return value.map((item) => describeValue(field, item, timeZone)).join(', ') || '—';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    return JSON.stringify(value);
  }
  return String(value);
}

/** A field's label: the form's words where the form has the field. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_cents$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's title: its kind in words; a consent change says which opt-in went on or off. */
export function describeEventTitle(event: Pick<CustomerEvent, 'kind' | 'after'>): string {
  if (event.kind === 'consent.changed' && event.after) {
    const channel = CHANNELS[String(event.after.channel)];
    if (channel && typeof event.after.opted_in === 'boolean') {
      return event.after.opted_in ? `Opted in to ${channel}` : `Opted out of ${channel}`;
    }
  }
  return describeKind(event.kind);
}

export type ChangeLine = { field: string; label: string; text: string };

/**
 * Every field the event shows, as `label: before → after` (only the one side there is for additions and removals);
 * moments in `timeZone`, the merchant's.
 */
export function describeChanges(
  event: Pick<CustomerEvent, 'kind' | 'before' | 'after'>,
  timeZone: string | undefined,
): ChangeLine[] {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])].filter(
    (field) => !isInternalId(field) && !(event.kind === 'consent.changed' && CONSENT_TITLE_FIELDS.has(field)),
  );
  return fields.map((field) => {
    const hasBefore = event.before !== null && field in event.before;
    const hasAfter = event.after !== null && field in event.after;
    const before = describeValue(field, event.before?.[field], timeZone);
    const after = describeValue(field, event.after?.[field], timeZone);
    const text = hasBefore && hasAfter ? `${before} → ${after}` : hasBefore ? before : after;
    return { field, label: fieldLabel(field), text };
  });
}
