import { describe, expect, it } from 'vitest';
import { centsFromDollars, dollarsFromCents, formatDollars, formatMoney, parseCentsFromDollars } from './money';

describe('formatMoney', () => {
  it('formats cents as USD', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(100)).toBe('$1.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(7)).toBe('$0.07');
  });
});

describe('formatDollars', () => {
  it('drops .00 only on whole amounts', () => {
    expect(formatDollars(1)).toBe('$1');
    expect(formatDollars(1.5)).toBe('$1.50');
    expect(formatDollars(25000)).toBe('$25,000');
  });
});

describe('centsFromDollars', () => {
  it('converts text without float drift', () => {
    expect(centsFromDollars('19.99')).toBe(1999);
    expect(centsFromDollars('0.29')).toBe(29);
    expect(centsFromDollars('1,234.5')).toBe(123450);
    expect(centsFromDollars('$5')).toBe(500);
    expect(centsFromDollars('.5')).toBe(50);
    expect(centsFromDollars('-12.34')).toBe(-1234);
  });

  it('converts numbers without float drift', () => {
    expect(centsFromDollars(19.99)).toBe(1999);
    expect(centsFromDollars(0.29)).toBe(29);
    expect(centsFromDollars(1.005)).toBe(101);
    expect(centsFromDollars(4.35)).toBe(435);
  });

  it('rounds a third decimal half away from zero', () => {
    expect(centsFromDollars('1.004')).toBe(100);
    expect(centsFromDollars('1.005')).toBe(101);
    expect(centsFromDollars('-1.005')).toBe(-101);
  });

  it('refuses text that is not an amount', () => {
    expect(parseCentsFromDollars('abc')).toBeNull();
    expect(parseCentsFromDollars('')).toBeNull();
    expect(parseCentsFromDollars('1.2.3')).toBeNull();
    expect(parseCentsFromDollars(Number.POSITIVE_INFINITY)).toBeNull();
    expect(() => centsFromDollars('ten')).toThrow(RangeError);
  });
});

describe('dollarsFromCents', () => {
  it('divides by 100', () => {
    expect(dollarsFromCents(1999)).toBe(19.99);
    expect(dollarsFromCents(-5)).toBe(-0.05);
  });
});
