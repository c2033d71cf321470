// Merge fields of message templates (issue 20): `{{first_name}}` in a body, rendered by this one pure function for
// the editor's preview, the render endpoints and every sender. Money reads as USD, dates as MM/DD/YYYY; values are
// HTML-escaped in email bodies and plain in text; a field with no value renders as nothing without leaving a double
// space or a space before punctuation.

import { formatDate } from '../format/date';
import { formatMoney } from '../format/money';
import { PAY_PAGE_PATH } from '../payment-links/payment-links.contract';

export const MERGE_FIELDS = [
  { name: 'first_name', label: 'Customer first name' },
  { name: 'last_name', label: 'Customer last name' },
  { name: 'external_id', label: 'Account external ID' },
  { name: 'amount_due', label: 'Amount due' },
  { name: 'due_date', label: 'Due date' },
  { name: 'days_past_due', label: 'Days past due' },
  { name: 'convenience_fee', label: 'Convenience fee' },
  { name: 'merchant_name', label: 'Merchant name' },
  { name: 'merchant_phone', label: 'Merchant phone' },
  { name: 'payment_link', label: 'Payment link' },
  { name: 'promise_date', label: 'Promise date' },
  { name: 'promise_amount', label: 'Promise amount' },
  { name: 'last_payment_amount', label: 'Last payment amount' },
  { name: 'last_payment_date', label: 'Last payment date' },
  { name: 'autopay_day', label: 'Autopay day' },
] as const;

export type MergeFieldName = (typeof MERGE_FIELDS)[number]['name'];

const FIELD_NAMES: ReadonlySet<string> = new Set(MERGE_FIELDS.map((field) => field.name));

/** `{{ name }}`: letters, digits and underscores, spaces allowed inside the braces. */
const FIELD_PATTERN = /\{\{\s*([A-Za-z0-9_]*)\s*\}\}/g;

/** How a field is written in a body: `{{first_name}}`. */
export function mergeFieldToken(name: MergeFieldName): string {
  return `{{${name}}}`;
}

export function isMergeFieldName(name: string): name is MergeFieldName {
  return FIELD_NAMES.has(name);
}

/** The names in a body that are not merge fields, each once, in order of appearance. */
export function findUnknownMergeFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(FIELD_PATTERN)) {
    const name = match[1] ?? '';
    if (!isMergeFieldName(name)) unknown.add(name);
  }
  return [...unknown];
}

export function unknownMergeFieldMessage(names: readonly string[]): string {
  const listed = names.map((name) => `{{${name}}}`).join(', ');
  return names.length === 1 ? `Unknown merge field ${listed}` : `Unknown merge fields ${listed}`;
}

/** Whether a body uses a field (e.g. so a payment link is created only when the text asks for one). */
export function usesMergeField(body: string, name: MergeFieldName): boolean {
  for (const match of body.matchAll(FIELD_PATTERN)) if (match[1] === name) return true;
  return false;
}

/**
 * The data a body is rendered with. Money in integer cents, calendar days as `YYYY-MM-DD`; anything absent renders
 * as nothing. `payment_link` is a ready link: callers that create one on demand use `renderTemplateBodyWithLink`.
 */
export type MergeValues = {
  first_name?: string | null;
  last_name?: string | null;
  external_id?: string | null;
  amount_due_cents?: number | null;
  due_date?: string | null;
  days_past_due?: number | null;
  convenience_fee_cents?: number | null;
  merchant_name?: string | null;
  merchant_phone?: string | null;
  payment_link?: string | null;
  promise_date?: string | null;
  promise_amount_cents?: number | null;
  last_payment_amount_cents?: number | null;
  last_payment_date?: string | null;
  autopay_day?: number | null;
};

export type BodyType = 'TEXT' | 'EMAIL';

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatMoney(cents));
const day = (value: string | null | undefined) => formatDate(value ?? null);
const plain = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Each field's text for a set of values (unescaped). */
export function mergeFieldTexts(values: MergeValues): Record<MergeFieldName, string> {
  return {
    first_name: plain(values.first_name),
    last_name: plain(values.last_name),
    external_id: plain(values.external_id),
    amount_due: money(values.amount_due_cents),
    due_date: day(values.due_date),
    days_past_due: plain(values.days_past_due),
    convenience_fee: money(values.convenience_fee_cents),
    merchant_name: plain(values.merchant_name),
    merchant_phone: plain(values.merchant_phone),
    payment_link: plain(values.payment_link),
    promise_date: day(values.promise_date),
    promise_amount: money(values.promise_amount_cents),
    last_payment_amount: money(values.last_payment_amount_cents),
    last_payment_date: day(values.last_payment_date),
    autopay_day: plain(values.autopay_day),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const CLOSING_PUNCTUATION = /^[,.;:!?)\]]/;

/**
 * Renders a body: each known field replaced by its value (HTML-escaped for EMAIL), unknown fields left as written
 * (saving refuses them). An empty value takes one neighbouring space with it: `Hi {{first_name}}, …` → `Hi, …`,
 * `{{first_name}} {{last_name}}` with no first name → the last name alone.
 */
export function renderTemplateBody(body: string, values: MergeValues, bodyType: BodyType): string {
  const texts = mergeFieldTexts(values);
  let output = '';
  let cursor = 0;
  for (const match of body.matchAll(FIELD_PATTERN)) {
    const name = match[1] ?? '';
    const start = match.index;
    output += body.slice(cursor, start);
    cursor = start + match[0].length;
    if (!isMergeFieldName(name)) {
      output += match[0];
      continue;
    }
    const text = texts[name];
    if (text !== '') {
      output += bodyType === 'EMAIL' ? escapeHtml(text) : text;
      continue;
    }
    const rest = body.slice(cursor);
    const spaceBefore = / $/.test(output);
    const atLineStart = output === '' || output.endsWith('\n');
    if (
      spaceBefore &&
      (rest.startsWith(' ') || CLOSING_PUNCTUATION.test(rest) || rest === '' || rest.startsWith('\n'))
    ) {
      output = output.slice(0, -1);
    } else if (atLineStart && rest.startsWith(' ')) {
      cursor += 1;
    }
  }
  return output + body.slice(cursor);
}

/** Creates a payment link for the message being rendered; called at most once, and only when the body uses one. */
export type CreatePaymentLink = () => Promise<string>;

/**
 * As `renderTemplateBody`, with `{{payment_link}}` filled by `createPaymentLink` when the body uses it and the caller
 * gives one (a fresh link per message, from the payment-links capability). Without it the link renders as
 * `values.payment_link`, or nothing.
 */
export async function renderTemplateBodyWithLink(
  body: string,
  values: MergeValues,
  bodyType: BodyType,
  createPaymentLink?: CreatePaymentLink,
): Promise<string> {
  if (createPaymentLink && usesMergeField(body, 'payment_link')) {
    return renderTemplateBody(body, { ...values, payment_link: await createPaymentLink() }, bodyType);
  }
  return renderTemplateBody(body, values, bodyType);
}

/**
 * The token of the link a preview shows for `{{payment_link}}`: as long as a real token (43 characters), so the
 * preview's length and SMS segments are a real message's, and plainly not one (no link has it; the pay page answers
 * it as unknown). A preview never issues a real link: a new link voids the account's previous one.
 */
export const PREVIEW_PAY_TOKEN = 'sample-link-for-preview-only-not-for-paying';

/** `{{payment_link}}` as previews read it, on the app's address (`https://app.example.com`). */
export function previewPaymentLink(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}${PAY_PAGE_PATH}${PREVIEW_PAY_TOKEN}`;
}

/** Values for a preview when the merchant has no customer yet (random_render); the link is `previewPaymentLink`. */
export const SAMPLE_MERGE_VALUES: MergeValues = {
  first_name: 'Jordan',
  last_name: 'Smith',
  external_id: 'ACCT-1001',
  amount_due_cents: 25_000,
  due_date: '2026-12-15',
  days_past_due: 3,
  convenience_fee_cents: 295,
  merchant_name: 'Sample Merchant',
  merchant_phone: '(555) 010-0199',
  promise_date: '2026-12-20',
  promise_amount_cents: 10_000,
  last_payment_amount_cents: 5_000,
  last_payment_date: '2026-11-15',
  autopay_day: 15,
};

/** Words that mark an opt-out line in a text (`Reply STOP to opt out`). */
const OPT_OUT_PATTERN = /\b(stop|unsubscribe|opt[\s-]?out)\b/i;

export function hasOptOutLine(body: string): boolean {
  return OPT_OUT_PATTERN.test(body);
}
