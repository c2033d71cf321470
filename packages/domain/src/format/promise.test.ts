import { describe, expect, it } from 'vitest';
import { promiseStatusDisplay } from './promise';

describe('promiseStatusDisplay', () => {
  it('maps the spec statuses', () => {
    expect(promiseStatusDisplay('PROMISE_CONFIRMED')).toBe('Confirmed');
    expect(promiseStatusDisplay('SCHEDULED')).toBe('Confirmed');
    expect(promiseStatusDisplay('PROMISED')).toBe('Unconfirmed');
  });

  it('title-cases any other status', () => {
    expect(promiseStatusDisplay('BROKEN')).toBe('Broken');
    expect(promiseStatusDisplay('PARTIALLY_KEPT')).toBe('Partially Kept');
  });
});
