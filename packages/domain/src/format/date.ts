// Date display of SPEC §9: MM/DD/YYYY.

import { CALENDAR_DATE_PATTERN, getInstantParts, isCalendarDate, parseInstant } from '../dates/calendar';

export type DateValue = Date | string | number | null | undefined;

export type DateFormatOptions = {
  /** IANA zone for instants, e.g. a merchant's zone on the server; the runtime's zone when absent. */
  timeZone?: string;
};

function toInstant(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  return parseInstant(value);
}

/**
 * `MM/DD/YYYY`, or '' for an empty or unreadable value. A bare `YYYY-MM-DD` is that calendar day as written, never
 * shifted through UTC.
 */
export function formatDate(value: DateValue, options: DateFormatOptions = {}): string {
  if (typeof value === 'string') {
    const bare = CALENDAR_DATE_PATTERN.exec(value.trim());
    if (bare) return isCalendarDate(value.trim()) ? `${bare[2]}/${bare[3]}/${bare[1]}` : '';
  }
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day } = getInstantParts(instant, options.timeZone);
  return `${month}/${day}/${year}`;
}

/**
 * A calendar day (`YYYY-MM-DD`: a due date, a birth date, which no time zone moves) as `MM/DD/YYYY`; '' for anything
 * else. An instant (a `created`) is not a calendar day: it goes through `formatDate` with the merchant's zone.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return isCalendarDate(text) ? formatDate(text) : '';
}

/** `MM/DD/YYYY h:mm AM`, e.g. `03/05/2025 2:07 PM`, or '' for an empty or unreadable value. */
export function formatDateTime(value: DateValue, options: DateFormatOptions = {}): string {
  if (typeof value === 'string' && CALENDAR_DATE_PATTERN.test(value.trim())) return formatDate(value, options);
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day, hour, minute, dayPeriod } = getInstantParts(instant, options.timeZone);
  return `${month}/${day}/${year} ${hour}:${minute} ${dayPeriod}`;
}
