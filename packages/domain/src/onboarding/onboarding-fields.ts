// Field rules shared by the business details and the owners of a merchant (onboarding). Messages come from
// ../validation/messages and the SPEC §8 catalogue; the ones below are ours, in the same style.

import { z } from 'zod';
import { US_STATES } from '../constants';
import { toCalendarDate } from '../dates/calendar';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import { URL_INVALID, digitsMessage } from '../validation/messages';
import { dateField, ifDateInRange, isHttpUrl, requiredString } from '../validation/rules';

export const STATE_INVALID = 'Must be a valid state';
export const SSN_INVALID = ERROR_CATALOGUE.ssn_invalid_format;
export const DOB_IN_FUTURE = ERROR_CATALOGUE['customer.dob_in_future'];
export const OWNERSHIP_PERCENTAGE_INVALID = ERROR_CATALOGUE['owner.incorrect_percentage'];

const SSN_PATTERN = /^\d{9}$/;
const EIN_PATTERN = /^\d{9}$/;
const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map(([code]) => code));

/** A two-letter code of the SPEC §9 state list (US states, DC, PR), as `NY`. */
export function stateField() {
  return requiredString().refine((text) => text === '' || STATE_CODES.has(text), STATE_INVALID);
}

/** Nine digits, no dashes (SPEC §8 `ssn_invalid_format`). */
export function isSsn(text: string): boolean {
  return SSN_PATTERN.test(text);
}

export function ssnField() {
  return requiredString().refine((text) => text === '' || isSsn(text), SSN_INVALID);
}

/** On edit: blank keeps the stored SSN; anything else must be nine digits. */
export function optionalSsnField() {
  return z
    .string()
    .refine((text) => text.trim() === '' || isSsn(text.trim()), SSN_INVALID)
    .optional();
}

/** An Employer Identification Number: nine digits; blank keeps the stored one (required the first time). */
export function optionalEinField() {
  return z
    .string()
    .refine((text) => text.trim() === '' || EIN_PATTERN.test(text.trim()), digitsMessage(9))
    .optional();
}

/** A website: blank for none, else an http(s) URL. */
export function optionalUrlField() {
  return z
    .string()
    .refine((text) => text.trim() === '' || isHttpUrl(text.trim()), URL_INVALID)
    .optional();
}

/** A date of birth (`YYYY-MM-DD`) that is not in the future, by the runtime's local day at validation time. */
export function dateOfBirthField() {
  return dateField().refine(
    ifDateInRange((day) => day <= toCalendarDate(new Date())),
    DOB_IN_FUTURE,
  );
}

/** A whole percentage from 1 to 100 (SPEC §8 `owner.incorrect_percentage` otherwise). */
export function ownershipPercentageField() {
  return z
    .number({ error: OWNERSHIP_PERCENTAGE_INVALID })
    .int({ error: OWNERSHIP_PERCENTAGE_INVALID })
    .min(1, { error: OWNERSHIP_PERCENTAGE_INVALID })
    .max(100, { error: OWNERSHIP_PERCENTAGE_INVALID });
}
