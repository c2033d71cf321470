import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TOO_LARGE,
  DATE_INVALID,
  DATE_NOT_PAST,
  EMAIL_INVALID,
  NUMBER_INVALID,
  PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_INVALID,
  POSTAL_CODE_INVALID,
  PROMISE_TOO_SOON,
  REQUIRED,
  TEMPLATE_NAME_EXISTS,
  URL_INVALID,
  amountMaxMessage,
  amountMaxMonthlyVolumeMessage,
  amountMinMessage,
  dateAfterMessage,
  dateBeforeMessage,
  decimalPlacesMessage,
  digitsMessage,
  lengthEqualMessage,
  lessThanMessage,
  longerThanMessage,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
  percentMaxMessage,
  percentMinMessage,
  unknownCustomersMessage,
} from './messages';

describe('SPEC §5 messages', () => {
  it('words the fixed messages exactly as the spec', () => {
    expect(REQUIRED).toBe('Required');
    expect(EMAIL_INVALID).toBe('Email is not valid');
    expect(PASSWORD_RULE).toBe(
      'Must be at least 8 characters long and contain each of the following: one lowercase, one uppercase, one number, one special character',
    );
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PHONE_INVALID).toBe('Phone number is not valid');
    expect(POSTAL_CODE_INVALID).toBe('Invalid postal code');
    expect(DATE_INVALID).toBe('Date is not valid');
    expect(DATE_NOT_PAST).toBe("Must be today's date or later");
    expect(PROMISE_TOO_SOON).toBe('Promise time must be at least 30 minutes from now');
    expect(URL_INVALID).toBe('Must be a valid URL');
    expect(NUMBER_INVALID).toBe('Must be a valid number');
    expect(TEMPLATE_NAME_EXISTS).toBe('Existing template name');
    expect(ATTACHMENT_TOO_LARGE).toBe('File must be less than 1mb in size');
  });

  it('fills in the length', () => {
    expect(lengthEqualMessage(9)).toBe('Must be equal to 9 characters');
    expect(longerThanMessage(3)).toBe('Must be longer than 3 characters');
    expect(lessThanMessage(50)).toBe('Must be less than 50 characters');
    expect(maxLengthMessage(255)).toBe('Must be at most 255 characters');
  });

  it('prints dollars without .00 on whole amounts and with cents otherwise', () => {
    expect(amountMinMessage(1)).toBe('Must be at least $1');
    expect(amountMinMessage(1.5)).toBe('Must be at least $1.50');
    expect(amountMaxMessage(10000)).toBe('Must be at most $10,000');
    expect(amountMaxMessage(0.99)).toBe('Must be at most $0.99');
    expect(amountMaxMonthlyVolumeMessage(25000)).toBe('Must be at most the monthly volume of $25,000');
  });

  it('fills in the other parameterised messages', () => {
    expect(percentMinMessage(0)).toBe('Must be at least 0%');
    expect(percentMaxMessage(100)).toBe('Must be at most 100%');
    expect(decimalPlacesMessage(2)).toBe('Must have at most 2 decimal places');
    expect(digitsMessage(9)).toBe('Must be exactly 9 digits');
    expect(minValueMessage(-5)).toBe('Must be at least -5');
    expect(maxValueMessage(28)).toBe('Must be at most 28');
    expect(dateAfterMessage('2024-03-01')).toBe('Must be after 03/01/2024');
    expect(dateBeforeMessage('2024-12-31')).toBe('Must be before 12/31/2024');
    expect(unknownCustomersMessage(3)).toBe('Unable to find 3 customer(s)');
  });
});
