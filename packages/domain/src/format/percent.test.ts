import { describe, expect, it } from 'vitest';
import { formatBasisPoints } from './percent';

describe('formatBasisPoints', () => {
  it('divides by 100 and shows a percent with two decimals', () => {
    expect(formatBasisPoints(275)).toBe('2.75%');
    expect(formatBasisPoints(250)).toBe('2.50%');
    expect(formatBasisPoints(5)).toBe('0.05%');
    expect(formatBasisPoints(0)).toBe('0.00%');
    expect(formatBasisPoints(10000)).toBe('100.00%');
  });
});
