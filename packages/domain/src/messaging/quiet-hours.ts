// Quiet hours (issue 21 item 4): automated and bulk texts go out only between 8 am and 9 pm in the customer's local
// time, or a narrower window the merchant sets, or the customer's state's own rule. Pure: the clock is an argument.

import { REGION_TIME_ZONES, regionOfPhone } from './area-codes';

/** A sending window in local minutes after midnight: [start, end). */
export type SendWindow = { start: number; end: number };

export const DEFAULT_SEND_WINDOW: SendWindow = { start: 8 * 60, end: 21 * 60 };

/**
 * States whose law sets a narrower window than the default (configuration, not code: add a row to change it).
 * Florida, Maryland, Oklahoma and Washington limit telephone solicitation to 8 am–8 pm (Oklahoma 8 am–9 pm).
 */
export const STATE_SEND_WINDOWS: Readonly<Record<string, SendWindow>> = {
  FL: { start: 8 * 60, end: 20 * 60 },
  MD: { start: 8 * 60, end: 20 * 60 },
  OK: { start: 8 * 60, end: 21 * 60 },
  WA: { start: 8 * 60, end: 20 * 60 },
};

/** The narrowest of the windows given (the latest start, the earliest end). */
export function narrowestWindow(...windows: Array<SendWindow | null | undefined>): SendWindow {
  let result = DEFAULT_SEND_WINDOW;
  for (const window of windows) {
    if (!window) continue;
    result = { start: Math.max(result.start, window.start), end: Math.min(result.end, window.end) };
  }
  return result;
}

export type RecipientPlace = {
  /** The customer's address's state, when one is known. */
  addressState?: string | null;
  /** The customer's E.164 number. */
  phone: string;
  /** The merchant's IANA time zone: the last resort. */
  merchantTimeZone: string;
};

/** The customer's time zone and state: from the address, else the phone's area code, else the merchant's zone. */
export function localPlaceOf(place: RecipientPlace): { timeZone: string; state: string | null } {
  const state = place.addressState?.toUpperCase() || regionOfPhone(place.phone);
  const timeZone = (state && REGION_TIME_ZONES[state]) || place.merchantTimeZone;
  return { timeZone, state: state ?? null };
}

/** Minutes after local midnight of `instant` in `timeZone`. */
export function localMinutesOf(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * When an automated text to this customer may go: `now` inside the window, else the window's next opening (to
 * the minute; a job that wakes early checks again). `merchantWindow` is the merchant's narrower window, if set.
 */
export function nextSendTime(now: Date, place: RecipientPlace, merchantWindow?: SendWindow | null): Date {
  const { timeZone, state } = localPlaceOf(place);
  const window = narrowestWindow(merchantWindow, state ? STATE_SEND_WINDOWS[state] : null);
  const minutes = localMinutesOf(now, timeZone);
  if (minutes >= window.start && minutes < window.end) return now;
  const wait = minutes < window.start ? window.start - minutes : 24 * 60 - minutes + window.start;
  const next = new Date(now.getTime() + wait * 60_000);
  next.setUTCSeconds(0, 0);
  return next;
}

/** Whether `now` is inside the customer's window (the composer warns outside it; a person's reply still goes). */
export function isInsideSendWindow(now: Date, place: RecipientPlace, merchantWindow?: SendWindow | null): boolean {
  return nextSendTime(now, place, merchantWindow).getTime() === now.getTime();
}

/** A window end as people read it: 480 → "8:00 AM", 1260 → "9:00 PM". */
export function formatMinuteOfDay(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}
