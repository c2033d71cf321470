// Zod 4 rules for SPEC §5, shared by Mantine forms (through @mantine/form's schemaResolver) and Fastify routes
// (through toFieldErrors). Every builder makes a required field (missing, null or blank → `Required`) and reports
// exactly one of the messages in ./messages; wrap a builder in optionalField() to let it be empty.
// validNumberField() is the exception: the spec lets it be empty.
//
// Text checks after `Required` pass on a blank value instead of using zod's `abort`, because an aborting issue
// anywhere in an object stops every object-level refinement (such as passwordConfirmation) from running.

import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, PHONE_COUNTRIES, PHONE_INPUT_MAX_LENGTH, PROMISE_MIN_LEAD_MINUTES } from '../constants';
import { isCalendarDate, isDateInRange, parseInstant, toCalendarDate } from '../dates/calendar';
import { centsFromDollars, parseCentsFromDollars } from '../format/money';
import {
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPE_INVALID,
  DATE_INVALID,
  DATE_OUT_OF_RANGE,
  DATE_NOT_PAST,
  DECIMAL_INVALID,
  EMAIL_INVALID,
  NUMBER_INVALID,
  NUMERIC_INVALID,
  PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_INVALID,
  POSTAL_CODE_INVALID,
  PROMISE_TOO_SOON,
  REQUIRED,
  ROUTING_NUMBER_INVALID,
  ACCOUNT_NUMBER_INVALID,
  URL_INVALID,
  amountMaxMessage,
  amountMaxMonthlyVolumeMessage,
  amountMinMessage,
  dateAfterMessage,
  dateBeforeMessage,
  decimalPlacesMessage,
  digitsMessage,
  lengthEqualMessage,
  lessThanMessage,
  longerThanMessage,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
  percentMaxMessage,
  percentMinMessage,
} from './messages';

/** A fixed moment, or a function read at validation time (so a schema built once never holds a stale "now"). */
export type ClockInput = Date | string | number | (() => Date | string | number);

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function isBlank(value: unknown): boolean {
  return isMissing(value) || (typeof value === 'string' && value.trim() === '');
}

/** A string whose absence reads `Required`; other wrong types keep zod's own message. */
function textInput() {
  return z.string({ error: (issue) => (isMissing(issue.input) ? REQUIRED : undefined) });
}

/** Trimmed, non-empty text. */
export function requiredString() {
  return textInput().trim().min(1, REQUIRED);
}

/** A check for text after requiredString(): blank text is left to `Required`, so it shows that message alone. */
function unlessBlank(predicate: (text: string) => boolean): (text: string) => boolean {
  return (text) => text === '' || predicate(text);
}

/** Lets a field be absent, null or blank (output undefined); anything else must pass `schema`. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}

// ---------------------------------------------------------------------------------------------------------------
// Identity fields

export function emailField() {
  return requiredString().refine(
    unlessBlank((text) => z.regexes.email.test(text)),
    EMAIL_INVALID,
  );
}

const PASSWORD_MIN_LENGTH = 8;

/** At least 8 characters with a lowercase, an uppercase, a digit and a special character (not a letter, digit or space). */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password)
  );
}

/** Not trimmed: spaces are part of a password. */
export function passwordField() {
  return textInput().min(1, REQUIRED).refine(unlessBlank(isStrongPassword), PASSWORD_RULE);
}

export type PasswordConfirmationKeys = { password?: string; confirm?: string };

/**
 * Adds `Passwords do not match` on the confirm field of an object schema (keys default to `password` and
 * `confirm_password`). It runs whenever both fields are strings, even if other fields failed, unless the confirm
 * field already has its own message (e.g. `Required`).
 */
export function passwordConfirmation<T extends z.ZodObject>(schema: T, keys: PasswordConfirmationKeys = {}): T {
  const passwordKey = keys.password ?? 'password';
  const confirmKey = keys.confirm ?? 'confirm_password';
  const readPair = (value: unknown): [unknown, unknown] => {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return [record[passwordKey], record[confirmKey]];
  };
  return schema.refine(
    (values) => {
      const [password, confirm] = readPair(values);
      return password === confirm;
    },
    {
      error: PASSWORDS_DO_NOT_MATCH,
      path: [confirmKey],
      when: (payload) => {
        const [password, confirm] = readPair(payload.value);
        const confirmHasIssue = payload.issues.some((issue) => issue.path?.[0] === confirmKey);
        return typeof password === 'string' && typeof confirm === 'string' && !confirmHasIssue;
      },
    },
  );
}

/** E.164 (`+12125550123`) for a valid US or Canadian number, else null. National input is read as North American. */
export function normalizePhoneNumber(text: string): string | null {
  const phone = parsePhoneNumberFromString(text.trim(), 'US');
  if (!phone?.isValid() || !phone.country) return null;
  return (PHONE_COUNTRIES as readonly string[]).includes(phone.country) ? phone.number : null;
}

/** US or Canadian number typed in at most 14 characters (`(212) 555-0123`); the output is E.164. */
export function phoneField() {
  return requiredString()
    .refine(
      unlessBlank((text) => text.length <= PHONE_INPUT_MAX_LENGTH && normalizePhoneNumber(text) !== null),
      PHONE_INVALID,
    )
    .overwrite((text) => (text.length <= PHONE_INPUT_MAX_LENGTH ? (normalizePhoneNumber(text) ?? text) : text));
}

const POSTAL_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?$/;

/** 1–12 letters, digits, dashes and spaces, starting and ending with a letter or digit. */
export function postalCodeField() {
  return requiredString().refine(
    unlessBlank((text) => POSTAL_CODE_PATTERN.test(text)),
    POSTAL_CODE_INVALID,
  );
}

function innerPattern(pattern: RegExp): string {
  return pattern.source.replace(/^\^/, '').replace(/\$$/, '');
}

/** A host a URL can name: a domain name with a dot (`cdn.example.com`), `localhost`, an IPv4 or an IPv6 address. */
const URL_HOST = new RegExp(
  `^(?:localhost|${innerPattern(z.regexes.domain)}|${innerPattern(z.regexes.ipv4)}|\\[${innerPattern(z.regexes.ipv6)}\\])$`,
);
const HTTP_URL = z.url({ protocol: /^https?$/, hostname: URL_HOST });

/** Whether text is an absolute http(s) URL; its host may be a domain, localhost or an IP address, with any port. */
export function isHttpUrl(text: string): boolean {
  return !/\s/.test(text) && HTTP_URL.safeParse(text).success;
}

/**
 * An http(s) URL (`https://example.com/pay`, `http://localhost:3000/logo.png`, `http://10.0.0.5:8080/`); a scheme
 * is required.
 */
export function urlField() {
  return requiredString().refine(unlessBlank(isHttpUrl), URL_INVALID);
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

function readClock(clock: ClockInput | undefined): Date | string | number {
  if (clock === undefined) return new Date();
  return typeof clock === 'function' ? clock() : clock;
}

/** A calendar day for comparisons: a `YYYY-MM-DD` string as written, any other moment as its local day. */
function toDay(value: Date | string | number): string {
  if (typeof value === 'string' && isCalendarDate(value)) return value;
  const instant = parseInstant(value);
  if (!instant) throw new RangeError(`Not a date: ${String(value)}`);
  return toCalendarDate(instant);
}

/**
 * The checks of every date input: `Date is not valid` unless a strict `YYYY-MM-DD` naming a real day, then the range
 * (1900-2100, `isDateInRange`). Blank text passes (`Required` is the caller's).
 */
export function checkCalendarDate<T extends z.ZodType<string | null | undefined>>(schema: T) {
  return schema
    .refine((text) => !text || isCalendarDate(text), DATE_INVALID)
    .refine((text) => !text || !isCalendarDate(text) || isDateInRange(text), DATE_OUT_OF_RANGE);
}

/** Strict `YYYY-MM-DD` naming a real day from 1900 to 2100; the output stays that string. */
export function dateField() {
  return checkCalendarDate(requiredString());
}

/** A check on a day that passed `dateField`'s checks; anything else is left to their messages. */
export function ifDateInRange(predicate: (day: string) => boolean): (text: string) => boolean {
  return (text) => !isDateInRange(text) || predicate(text);
}

/** A date strictly after `date` (a `YYYY-MM-DD` or a moment, compared by calendar day). */
export function dateAfter(date: Date | string) {
  const min = toDay(date);
  return dateField().refine(
    ifDateInRange((day) => day > min),
    dateAfterMessage(min),
  );
}

/** A date strictly before `date`. */
export function dateBefore(date: Date | string) {
  const max = toDay(date);
  return dateField().refine(
    ifDateInRange((day) => day < max),
    dateBeforeMessage(max),
  );
}

/**
 * Today or later, by calendar day. `today` defaults to the runtime's local day at validation time; the API passes
 * the merchant's day (`YYYY-MM-DD`) or a function returning it.
 */
export function presentOrFutureDate(today?: ClockInput) {
  return dateField().refine(
    ifDateInRange((day) => day >= toDay(readClock(today))),
    DATE_NOT_PAST,
  );
}

/**
 * An instant at least 30 minutes after `now` (default: the clock at validation time). Accepts a Date, epoch ms or
 * an ISO 8601 string (no offset = runtime local time); the output is a Date.
 */
export function promiseTimeField(now?: ClockInput) {
  return z
    .union([z.string(), z.number(), z.date()], {
      error: (issue) => (isMissing(issue.input) ? REQUIRED : DATE_INVALID),
    })
    .transform((value, ctx) => {
      if (isBlank(value)) {
        ctx.issues.push({ code: 'custom', message: REQUIRED, input: value });
        return z.NEVER;
      }
      const instant = parseInstant(value);
      if (!instant) {
        ctx.issues.push({ code: 'custom', message: DATE_INVALID, input: value });
        return z.NEVER;
      }
      const reference = parseInstant(readClock(now));
      if (!reference) throw new RangeError('promiseTimeField: now is not a valid moment');
      if (instant.getTime() - reference.getTime() < PROMISE_MIN_LEAD_MINUTES * 60_000) {
        ctx.issues.push({ code: 'custom', message: PROMISE_TOO_SOON, input: value });
        return z.NEVER;
      }
      return instant;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Lengths

/** Exactly `length` characters. */
export function lengthEqual(length: number) {
  return requiredString().refine(
    unlessBlank((text) => text.length === length),
    lengthEqualMessage(length),
  );
}

/** More than `length` characters. */
export function longerThan(length: number) {
  return requiredString().refine(
    unlessBlank((text) => text.length > length),
    longerThanMessage(length),
  );
}

/** Fewer than `length` characters. */
export function lessThan(length: number) {
  return requiredString().refine(
    unlessBlank((text) => text.length < length),
    lessThanMessage(length),
  );
}

/** At most `length` characters. */
export function maxLength(length: number) {
  return requiredString().refine(
    unlessBlank((text) => text.length <= length),
    maxLengthMessage(length),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers and amounts

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** The largest value of a PostgreSQL `integer` column; integer fields stored in one are bounded by it. */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/**
 * Integer cents as sent on the wire (a JSON number), from 0 to what an `integer` column holds; the message for a
 * larger amount names it in dollars.
 */
export function centsField() {
  return z
    .number({ error: NUMBER_INVALID })
    .int({ error: 'Must be a whole number of cents' })
    .min(0, { error: NUMBER_INVALID })
    .max(INTEGER_COLUMN_MAX, { error: amountMaxMessage(INTEGER_COLUMN_MAX / 100) });
}

/** A finite number from a number or plain decimal text (no exponent, no separators), else null. */
export function parseNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return NUMBER_TEXT.test(text) ? Number(text) : null;
}

/** A number or numeric text; absence reads `Required`, anything else not a number `Must be a valid number`. */
function numberInput() {
  return z.union([z.number(), z.string()], {
    error: (issue) => (isMissing(issue.input) ? REQUIRED : NUMBER_INVALID),
  });
}

type NumberBounds = { min?: number; max?: number };

function boundedNumber(bounds: NumberBounds, messages: { min: (n: number) => string; max: (n: number) => string }) {
  return numberInput().transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: REQUIRED, input: value });
      return z.NEVER;
    }
    const number = parseNumber(value);
    if (number === null) {
      ctx.issues.push({ code: 'custom', message: NUMBER_INVALID, input: value });
      return z.NEVER;
    }
    if (bounds.min !== undefined && number < bounds.min) {
      ctx.issues.push({ code: 'custom', message: messages.min(bounds.min), input: value });
    } else if (bounds.max !== undefined && number > bounds.max) {
      ctx.issues.push({ code: 'custom', message: messages.max(bounds.max), input: value });
    }
    return number;
  });
}

/** Empty (output undefined) or a non-negative number. */
export function validNumberField() {
  return z
    .union([z.number(), z.string(), z.null()], { error: NUMBER_INVALID })
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return undefined;
      const number = parseNumber(value as string | number);
      if (number === null || number < 0) {
        ctx.issues.push({ code: 'custom', message: NUMBER_INVALID, input: value });
        return z.NEVER;
      }
      return number;
    });
}

/** A number within optional inclusive bounds: `Must be at least N` / `Must be at most N`. */
export function numberField(bounds: NumberBounds = {}) {
  return boundedNumber(bounds, { min: minValueMessage, max: maxValueMessage });
}

export function minValue(min: number) {
  return numberField({ min });
}

export function maxValue(max: number) {
  return numberField({ max });
}

/** A percent (`2.75` means 2.75%) within optional inclusive bounds. */
export function percentField(bounds: NumberBounds = {}) {
  return boundedNumber(bounds, { min: percentMinMessage, max: percentMaxMessage });
}

export function percentMin(min: number) {
  return percentField({ min });
}

export function percentMax(max: number) {
  return percentField({ max });
}

/** All bounds in dollars, inclusive. */
export type AmountBounds = { min?: number; max?: number; maxMonthlyVolume?: number };

/**
 * A non-negative dollar amount typed as a number or text (`'19.99'`, `'1,234.50'`), at most two decimals, checked
 * against dollar bounds exactly in cents. The output is integer cents.
 */
export function amountField(bounds: AmountBounds = {}) {
  const toLimit = (dollars: number | undefined) => (dollars === undefined ? undefined : centsFromDollars(dollars));
  const minCents = toLimit(bounds.min);
  const maxCents = toLimit(bounds.max);
  const volumeCents = toLimit(bounds.maxMonthlyVolume);
  const findBoundMessage = (cents: number): string | null => {
    if (minCents !== undefined && cents < minCents) return amountMinMessage(bounds.min ?? 0);
    if (maxCents !== undefined && cents > maxCents) return amountMaxMessage(bounds.max ?? 0);
    if (volumeCents !== undefined && cents > volumeCents) {
      return amountMaxMonthlyVolumeMessage(bounds.maxMonthlyVolume ?? 0);
    }
    return null;
  };
  return numberInput().transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.issues.push({ code: 'custom', message: REQUIRED, input: value });
      return z.NEVER;
    }
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
    const cents = parseCentsFromDollars(text);
    if (cents === null || cents < 0) {
      ctx.issues.push({ code: 'custom', message: NUMBER_INVALID, input: value });
      return z.NEVER;
    }
    if (/\.\d{3,}$/.test(text)) {
      ctx.issues.push({ code: 'custom', message: decimalPlacesMessage(2), input: value });
      return z.NEVER;
    }
    const boundMessage = findBoundMessage(cents);
    if (boundMessage) ctx.issues.push({ code: 'custom', message: boundMessage, input: value });
    return cents;
  });
}

export function amountMin(dollars: number) {
  return amountField({ min: dollars });
}

export function amountMax(dollars: number) {
  return amountField({ max: dollars });
}

/** At most the merchant's monthly volume, in dollars. */
export function amountMaxMonthlyVolume(monthlyVolumeDollars: number) {
  return amountField({ maxMonthlyVolume: monthlyVolumeDollars });
}

const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** Decimal text such as `12`, `-0.5`, `12.50`; with `places`, at most that many decimals. The output stays text. */
export function decimal(places?: number) {
  const isDecimal = (text: string) => DECIMAL_TEXT.test(text);
  const schema = requiredString().refine(unlessBlank(isDecimal), DECIMAL_INVALID);
  if (places === undefined) return schema;
  return schema.refine(
    (text) => !isDecimal(text) || (text.split('.')[1] ?? '').length <= places,
    decimalPlacesMessage(places),
  );
}

/** Exactly `count` digits (0-9), e.g. a routing number; the output stays text so leading zeros survive. */
export function digits(count: number) {
  const pattern = new RegExp(`^\\d{${count}}$`);
  return requiredString().refine(
    unlessBlank((text) => pattern.test(text)),
    digitsMessage(count),
  );
}

/** Digits only (0-9). */
export function numeric() {
  return requiredString().refine(
    unlessBlank((text) => /^\d+$/.test(text)),
    NUMERIC_INVALID,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Bank accounts

/** Nine digits whose ABA checksum holds: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number) as number[];
  const at = (index: number) => d[index] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

/** A US bank routing (ABA) number; the output stays text so leading zeros survive. */
export function routingNumberField() {
  return requiredString().refine(unlessBlank(isRoutingNumber), ROUTING_NUMBER_INVALID);
}

/** A US bank account number: 4 to 17 digits. */
export function bankAccountNumberField() {
  return requiredString().refine(
    unlessBlank((text) => /^\d{4,17}$/.test(text)),
    ACCOUNT_NUMBER_INVALID,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Chat attachments (SPEC §5): images and PDF, 1 MB or smaller.

export function isAcceptedAttachmentType(mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return type.startsWith('image/') || type === 'application/pdf';
}

/** The message for an attachment that may not be sent, or null when it may. */
export function checkAttachment(file: { size: number; type: string }): string | null {
  if (!isAcceptedAttachmentType(file.type)) return ATTACHMENT_TYPE_INVALID;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TOO_LARGE;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Error shapes

export const NON_FIELD_ERRORS = 'non_field_errors';

export type ValidationIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

function toPathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? NON_FIELD_ERRORS : path.map((segment) => String(segment)).join('.');
}

/**
 * DRF-style 400 body: `{ 'address.postal_code': ['Invalid postal code'], non_field_errors: [...] }`. Takes a
 * ZodError or anything with zod-shaped issues; repeated messages on one path appear once.
 */
export function toFieldErrors(error: { readonly issues: readonly ValidationIssue[] }): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = toPathKey(issue.path);
    const messages = (fieldErrors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}
