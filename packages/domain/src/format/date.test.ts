import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime } from './date';

describe('formatDate', () => {
  it('shows MM/DD/YYYY', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('03/05/2024');
    expect(formatDate('2024-03-05T15:00:00Z', { timeZone: 'UTC' })).toBe('03/05/2024');
    expect(formatDate(Date.UTC(2024, 11, 31, 12), { timeZone: 'UTC' })).toBe('12/31/2024');
  });

  it('keeps a bare YYYY-MM-DD on its calendar day in any zone', () => {
    expect(formatDate('2024-03-01')).toBe('03/01/2024');
    expect(formatDate('2024-03-01', { timeZone: 'America/Los_Angeles' })).toBe('03/01/2024');
    expect(formatDate('2024-03-01', { timeZone: 'Pacific/Kiritimati' })).toBe('03/01/2024');
  });

  it('converts an instant to the requested zone', () => {
    expect(formatDate('2024-03-01T03:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('02/29/2024');
  });

  it.each([null, undefined, '', 'not a date', '2023-02-29', Number.NaN])('is empty for %j', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds a 12-hour time', () => {
    expect(formatDateTime('2025-03-05T14:07:00Z', { timeZone: 'UTC' })).toBe('03/05/2025 2:07 PM');
    expect(formatDateTime('2025-03-05T00:05:00Z', { timeZone: 'UTC' })).toBe('03/05/2025 12:05 AM');
    expect(formatDateTime('2025-03-05T14:07:00Z', { timeZone: 'America/New_York' })).toBe('03/05/2025 9:07 AM');
  });

  it('shows a bare date without a time, and nothing for empty values', () => {
    expect(formatDateTime('2025-03-05')).toBe('03/05/2025');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatCalendarDate', () => {
  it('shows a calendar day as written, whatever the runtime zone', () => {
    expect(formatCalendarDate('2024-03-01')).toBe('03/01/2024');
    expect(formatCalendarDate(' 2024-12-31 ')).toBe('12/31/2024');
  });

  it.each([null, undefined, '', '2023-02-29', '2024-03-01T03:00:00Z'])(
    'is empty for %j (not a calendar day)',
    (value) => {
      expect(formatCalendarDate(value)).toBe('');
    },
  );
});
