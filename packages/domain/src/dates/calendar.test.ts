import { describe, expect, it } from 'vitest';
import { addCalendarDays, isCalendarDate, parseInstant, toCalendarDate, zonedTimeToInstant } from './calendar';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2023-12-31', '2000-02-29'])('accepts %s', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each(['2023-02-29', '1900-02-29', '2024-00-10', '2024-06-31', '2024-06-00', '2024-6-1', ' 2024-06-01', ''])(
    'rejects %j',
    (text) => {
      expect(isCalendarDate(text)).toBe(false);
    },
  );
});

describe('toCalendarDate', () => {
  it('gives the day in the requested zone', () => {
    const instant = new Date('2024-03-01T03:00:00Z');
    expect(toCalendarDate(instant, 'UTC')).toBe('2024-03-01');
    expect(toCalendarDate(instant, 'America/Los_Angeles')).toBe('2024-02-29');
  });
});

describe('parseInstant', () => {
  it('reads dates, epoch ms and ISO text', () => {
    expect(parseInstant('2024-03-01T12:00:00Z')?.toISOString()).toBe('2024-03-01T12:00:00.000Z');
    expect(parseInstant('2024-03-01T12:00:00-05:00')?.toISOString()).toBe('2024-03-01T17:00:00.000Z');
    expect(parseInstant(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseInstant(new Date(5))?.getTime()).toBe(5);
  });

  it('returns null for what is not a moment', () => {
    expect(parseInstant('soon')).toBeNull();
    expect(parseInstant(Number.NaN)).toBeNull();
    expect(parseInstant(new Date('x'))).toBeNull();
  });
});

describe('addCalendarDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('zonedTimeToInstant', () => {
  it('reads a wall-clock day and time in a time zone, across daylight saving', () => {
    expect(zonedTimeToInstant('2026-07-01', '09:30', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:30:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-01', '00:15', 'America/New_York')?.toISOString()).toBe(
      '2026-12-01T05:15:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-01', '23:59', 'UTC')?.toISOString()).toBe('2026-12-01T23:59:00.000Z');
    expect(zonedTimeToInstant('2026-12-01', '12:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-12-01T06:30:00.000Z');
  });

  it('is null for a day or time that is not valid', () => {
    expect(zonedTimeToInstant('2026-02-30', '09:00', 'UTC')).toBeNull();
    expect(zonedTimeToInstant('2026-02-03', '24:00', 'UTC')).toBeNull();
    expect(zonedTimeToInstant('2026-02-03', '9:00', 'UTC')).toBeNull();
  });
});
