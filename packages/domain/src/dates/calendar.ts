// Calendar dates (`YYYY-MM-DD`, a day with no time zone) and instants (a point in time), kept apart so that a bare
// date is never shifted by a UTC conversion.

import { isValid, parseISO } from 'date-fns';

export const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a strict `YYYY-MM-DD` that names a real day (no 2023-02-29, no 2024-13-01). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE_PATTERN.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC keeps it free of local clock changes.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** The days a date field accepts: a birth date or due date outside them is a typing mistake (or year 0000). */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-12-31';

/** A real calendar day (see `isCalendarDate`) from 1900 to 2100: every date input is checked with it. */
export function isDateInRange(text: string): boolean {
  return isCalendarDate(text) && text >= EARLIEST_DATE && text <= LATEST_DATE;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function getPartFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    partFormatters.set(key, formatter);
  }
  return formatter;
}

export type InstantParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  dayPeriod: string;
};

/** The wall-clock parts of an instant in a time zone (the runtime's own zone when none is given). */
export function getInstantParts(instant: Date, timeZone?: string): InstantParts {
  const parts: Record<string, string> = {};
  for (const part of getPartFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: (parts.year ?? '').padStart(4, '0'),
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    dayPeriod: parts.dayPeriod ?? '',
  };
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone (default: the runtime's zone). */
export function toCalendarDate(instant: Date, timeZone?: string): string {
  const { year, month, day } = getInstantParts(instant, timeZone);
  return `${year}-${month}-${day}`;
}

/**
 * Reads an instant from a Date, epoch milliseconds or an ISO 8601 string (`T` or space between date and time; no
 * offset means the runtime's local time). Returns null when it is not a valid instant.
 */
export function parseInstant(value: Date | string | number): Date | null {
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else date = parseISO(value.trim());
  return isValid(date) ? date : null;
}

/** The calendar date (`YYYY-MM-DD`) `days` days after `date` (before it when negative). */
export function addCalendarDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

/**
 * The instant of a wall-clock day and time (`YYYY-MM-DD`, `HH:mm`) in a time zone (default: the runtime's zone), or
 * null when either is not valid. A time skipped by a clock change lands an hour later, as the zone's offset says.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone?: string): Date | null {
  if (!isCalendarDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = getInstantParts(new Date(instant), timeZone);
    const hour = (Number(parts.hour) % 12) + (parts.dayPeriod.toUpperCase() === 'PM' ? 12 : 0);
    return (
      Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hour, Number(parts.minute)) - instant
    );
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}
