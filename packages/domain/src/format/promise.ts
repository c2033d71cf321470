import { toTitleCase } from './text';

/**
 * SPEC §3: PROMISE_CONFIRMED and SCHEDULED show as Confirmed, PROMISED as Unconfirmed. Any other status shows in
 * title case (`BROKEN` → `Broken`) rather than as a raw code.
 */
export function promiseStatusDisplay(status: string): string {
  switch (status) {
    case 'PROMISE_CONFIRMED':
    case 'SCHEDULED':
      return 'Confirmed';
    case 'PROMISED':
      return 'Unconfirmed';
    default:
      return toTitleCase(status.toLowerCase());
  }
}
