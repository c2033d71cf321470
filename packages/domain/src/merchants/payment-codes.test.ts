import { describe, expect, it } from 'vitest';
import { completePaymentCode, isValidPaymentCode, paymentCodeCheckDigit } from './payment-codes';

describe('payment codes', () => {
  it('computes the UPC-A check digit', () => {
    // A well-known UPC-A: 036000291452.
    expect(paymentCodeCheckDigit('03600029145')).toBe(2);
    expect(completePaymentCode('03600029145')).toBe('036000291452');
  });

  it('accepts only 12 digits with a valid check digit', () => {
    expect(isValidPaymentCode('036000291452')).toBe(true);
    expect(isValidPaymentCode('036000291453')).toBe(false);
    expect(isValidPaymentCode('03600029145')).toBe(false);
    expect(isValidPaymentCode('03600029145a')).toBe(false);
    expect(isValidPaymentCode('')).toBe(false);
  });
});
