import { afterAll, beforeAll, expect } from 'vitest';

/**
 * Runs this file's tests with the process (the "browser") in `zone`, so a date shown in the browser's zone instead of
 * the merchant's reads differently and fails. Node reads TZ again when it changes; the check makes sure it did.
 */
export function runInTimeZone(zone: string) {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

/** The merchant's zone in these tests, far from the process's (Asia/Tokyo, UTC+9): UTC-8 until March 8th, 2026. */
export const MERCHANT_ZONE = 'America/Los_Angeles';
export const BROWSER_ZONE = 'Asia/Tokyo';
