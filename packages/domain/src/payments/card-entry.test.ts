import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  cardDigits,
  cardNumberMessage,
  cardNumberProblem,
  isBankAccountNumber,
  isCvcValid,
  isExpiryValid,
  isRoutingNumber,
  maskAccountNumber,
  maskCardNumber,
  passesLuhn,
} from './card-entry';

describe('card numbers (issue 18 test numbers)', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000 0000 0000 0002', 'visa'],
    ['4000 0000 0000 9995', 'visa'],
    ['4000 0000 0000 0069', 'visa'],
    ['4000 0000 0000 0127', 'visa'],
    ['4000 0000 0000 0119', 'visa'],
    ['4000 0000 0000 9987', 'visa'],
    ['4000 0000 0000 9979', 'visa'],
    ['4000 0566 5566 5556', 'visa'],
    ['3782 822463 10005', 'amex'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['2223 0031 2200 3222', 'mastercard'],
    ['6011 1111 1111 1117', 'discover'],
    ['3056 9300 0902 0004', 'diners'],
    ['3566 0020 2036 0505', 'jcb'],
    ['6200 0000 0000 0005', 'unionpay'],
  ])('%s is a valid %s number', (number, brand) => {
    expect(cardNumberProblem(number)).toBeNull();
    expect(cardBrandOf(cardDigits(number))).toBe(brand);
  });

  it('refuses 4242 4242 4242 4241 with "Card number is invalid." (Luhn)', () => {
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe('luhn');
    expect(cardNumberMessage('luhn')).toBe('Card number is invalid.');
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424242')).toBe(true);
  });

  it('answers the SPEC codes for too short, too long and unknown brands', () => {
    expect(cardNumberProblem('4242 4242 4242 42')).toBe('card_number.too_short');
    expect(cardNumberMessage('card_number.too_short')).toBe('card_number must be at least 15 characters.');
    expect(cardNumberProblem('4242 4242 4242 4242 4')).toBe('card_number.too_long');
    expect(cardNumberMessage('card_number.too_long')).toBe('card_number can be at most 16 characters.');
    expect(cardNumberProblem('9999 9999 9999 9995')).toBe('card_type.invalid');
    expect(cardNumberProblem('4242-4242-abcd-4242')).toBe('card_type.invalid');
    expect(cardNumberMessage('card_type.invalid')).toBe('Invalid card type.');
  });

  it('wants 15 digits for American Express and 16 for the others', () => {
    expect(cardNumberProblem('378282246310005')).toBeNull();
    expect(cardNumberProblem('424242424242424')).toBe('luhn');
    expect(cardNumberProblem('3782822463100050')).toBe('luhn');
  });
});

describe('expiry and CVC', () => {
  const today = new Date('2026-11-25T12:00:00Z');

  it('accepts the current month and later, not a past month or a year beyond 20 ahead', () => {
    expect(isExpiryValid(11, 2026, today)).toBe(true);
    expect(isExpiryValid(11, 26, today)).toBe(true);
    expect(isExpiryValid(10, 2026, today)).toBe(false);
    expect(isExpiryValid(12, 2046, today)).toBe(true);
    expect(isExpiryValid(1, 2047, today)).toBe(false);
    expect(isExpiryValid(13, 2027, today)).toBe(false);
    expect(isExpiryValid(0, 2027, today)).toBe(false);
  });

  it('wants 4 CVC digits for American Express and 3 for the others', () => {
    expect(isCvcValid('1234', 'amex')).toBe(true);
    expect(isCvcValid('123', 'amex')).toBe(false);
    expect(isCvcValid('123', 'visa')).toBe(true);
    expect(isCvcValid('1234', 'visa')).toBe(false);
    expect(isCvcValid('12a', 'visa')).toBe(false);
  });
});

describe('bank accounts (issue 18 test accounts)', () => {
  it('accepts the sandbox routing number 110000000 and refuses a bad ABA checksum', () => {
    expect(isRoutingNumber('110000000')).toBe(true);
    expect(isRoutingNumber('011000015')).toBe(true);
    expect(isRoutingNumber('110000001')).toBe(false);
    expect(isRoutingNumber('11000000')).toBe(false);
  });

  it.each(['000123456789', '000111111113', '000111111116', '000222222227', '000333333335', '000000000009'])(
    'accepts the test account %s',
    (account) => {
      expect(isBankAccountNumber(account)).toBe(true);
    },
  );

  it('refuses account numbers under 4 or over 17 digits, or with letters', () => {
    expect(isBankAccountNumber('123')).toBe(false);
    expect(isBankAccountNumber('123456789012345678')).toBe(false);
    expect(isBankAccountNumber('12345a')).toBe(false);
  });
});

describe('masks', () => {
  it('shows only the last 4', () => {
    expect(maskCardNumber(16, '4242')).toBe('XXXXXXXXXXXX4242');
    expect(maskCardNumber(15, '0005')).toBe('XXXXXXXXXXX0005');
    expect(maskAccountNumber('6789')).toBe('XXXXX6789');
  });
});
