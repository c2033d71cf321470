import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone';

describe('formatPhoneNumber', () => {
  it('shows a stored E.164 number in national form', () => {
    expect(formatPhoneNumber('+12124567890')).toBe('(212) 456-7890');
    expect(formatPhoneNumber('+16044567890')).toBe('(604) 456-7890');
  });

  it('returns other input as it is', () => {
    expect(formatPhoneNumber('ext. 5')).toBe('ext. 5');
    expect(formatPhoneNumber(null)).toBe('');
  });
});
