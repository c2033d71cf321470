// The form messages of SPEC §5, worded exactly as the spec words them (no trailing periods). Where the spec names a
// rule without its words (longer/less than, monthly volume, percent, decimal, digits, numeric, min/max value,
// before/after a date, attachment type) the wording below is ours, in the same "Must be …" style.

import { formatDate } from '../format/date';
import { formatDollars } from '../format/money';

export const REQUIRED = 'Required';
export const EMAIL_INVALID = 'Email is not valid';
export const PASSWORD_RULE =
  'Must be at least 8 characters long and contain each of the following: one lowercase, one uppercase, one number, one special character';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PHONE_INVALID = 'Phone number is not valid';
export const POSTAL_CODE_INVALID = 'Invalid postal code';
// Not in the spec: a US ZIP code (a customer's mailing address).
export const ZIP_INVALID = 'Must be a ZIP code: 12345 or 12345-6789';
export const DATE_INVALID = 'Date is not valid';
export const DATE_NOT_PAST = "Must be today's date or later";
// Not in the spec: a real day outside the years dates are accepted for (dates/calendar.ts).
export const DATE_OUT_OF_RANGE = 'Must be between 01/01/1900 and 12/31/2100';
export const PROMISE_TOO_SOON = 'Promise time must be at least 30 minutes from now';
export const URL_INVALID = 'Must be a valid URL';
export const NUMBER_INVALID = 'Must be a valid number';
// Not in the spec: input PostgreSQL cannot store or read (a NUL character in text, a malformed value).
export const NUL_CHARACTER_INVALID = 'Must not contain a NUL character';
export const VALUE_INVALID = 'Must be a valid value';
export const DECIMAL_INVALID = 'Must be a decimal number';
export const NUMERIC_INVALID = 'Must contain only numbers';
export const TEMPLATE_NAME_EXISTS = 'Existing template name';

// Chat and mass message (SPEC §5).
export const ATTACHMENT_TOO_LARGE = 'File must be less than 1mb in size';
export const ATTACHMENT_TYPE_INVALID = 'File must be an image or a PDF';

export function unknownCustomersMessage(count: number): string {
  return `Unable to find ${count} customer(s)`;
}

export function lengthEqualMessage(length: number): string {
  return `Must be equal to ${length} characters`;
}

/** For a length strictly greater than `length`. */
export function longerThanMessage(length: number): string {
  return `Must be longer than ${length} characters`;
}

/** For a length strictly smaller than `length`. */
export function lessThanMessage(length: number): string {
  return `Must be less than ${length} characters`;
}

/** For a length of at most `length`. */
export function maxLengthMessage(length: number): string {
  return `Must be at most ${length} characters`;
}

/** Dollars print as `$1`, `$1.50`, `$1,000` (no `.00` on whole amounts). */
export function amountMinMessage(dollars: number): string {
  return `Must be at least ${formatDollars(dollars)}`;
}

export function amountMaxMessage(dollars: number): string {
  return `Must be at most ${formatDollars(dollars)}`;
}

export function amountMaxMonthlyVolumeMessage(monthlyVolumeDollars: number): string {
  return `Must be at most the monthly volume of ${formatDollars(monthlyVolumeDollars)}`;
}

export function percentMinMessage(percent: number): string {
  return `Must be at least ${percent}%`;
}

export function percentMaxMessage(percent: number): string {
  return `Must be at most ${percent}%`;
}

export function decimalPlacesMessage(places: number): string {
  return `Must have at most ${places} decimal places`;
}

export function digitsMessage(count: number): string {
  return `Must be exactly ${count} digits`;
}

export function minValueMessage(min: number): string {
  return `Must be at least ${min}`;
}

export function maxValueMessage(max: number): string {
  return `Must be at most ${max}`;
}

/** The date (YYYY-MM-DD or a Date) is shown as MM/DD/YYYY. */
export function dateAfterMessage(date: string | Date): string {
  return `Must be after ${formatDate(date)}`;
}

export function dateBeforeMessage(date: string | Date): string {
  return `Must be before ${formatDate(date)}`;
}

// Bank accounts (ours: the spec names no rule).
export const ROUTING_NUMBER_INVALID = 'Routing number is not valid';
export const ACCOUNT_NUMBER_INVALID = 'Account number is not valid';
