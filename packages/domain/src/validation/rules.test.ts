import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  NON_FIELD_ERRORS,
  amountField,
  amountMax,
  amountMaxMonthlyVolume,
  amountMin,
  centsField,
  checkAttachment,
  dateAfter,
  dateBefore,
  dateField,
  decimal,
  digits,
  emailField,
  isStrongPassword,
  lengthEqual,
  lessThan,
  longerThan,
  maxLength,
  maxValue,
  minValue,
  normalizePhoneNumber,
  numberField,
  numeric,
  optionalField,
  passwordConfirmation,
  passwordField,
  percentField,
  percentMax,
  percentMin,
  phoneField,
  postalCodeField,
  presentOrFutureDate,
  promiseTimeField,
  requiredString,
  toFieldErrors,
  urlField,
  validNumberField,
} from './rules';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function outputOf(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

describe('requiredString', () => {
  it.each([undefined, null, '', '   '])('reads Required for %j', (value) => {
    expect(messagesOf(requiredString(), value)).toEqual(['Required']);
  });

  it('trims a value', () => {
    expect(outputOf(requiredString(), '  Ada ')).toBe('Ada');
  });
});

describe('optionalField', () => {
  const schema = z.object({ email: optionalField(emailField()) });

  it('lets a field be absent, null or blank', () => {
    expect(outputOf(schema, {})).toEqual({});
    expect(outputOf(schema, { email: '' })).toEqual({ email: undefined });
    expect(outputOf(schema, { email: '  ' })).toEqual({ email: undefined });
    expect(outputOf(schema, { email: null })).toEqual({ email: undefined });
  });

  it('still checks a value that is there', () => {
    expect(messagesOf(schema, { email: 'nope' })).toEqual(['Email is not valid']);
  });
});

describe('emailField', () => {
  it('accepts an address', () => {
    expect(outputOf(emailField(), ' ada@example.com ')).toBe('ada@example.com');
  });

  it.each(['ada', 'ada@', 'ada@example', 'a b@example.com'])('rejects %j', (value) => {
    expect(messagesOf(emailField(), value)).toEqual(['Email is not valid']);
  });

  it('says Required, not invalid, when empty', () => {
    expect(messagesOf(emailField(), '')).toEqual(['Required']);
  });
});

describe('passwordField', () => {
  const rule =
    'Must be at least 8 characters long and contain each of the following: one lowercase, one uppercase, one number, one special character';

  it('accepts 8 characters with every class', () => {
    expect(outputOf(passwordField(), 'Abcdef1!')).toBe('Abcdef1!');
    expect(isStrongPassword('Abcdef1!')).toBe(true);
  });

  it.each([
    ['too short', 'Abcde1!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no uppercase', 'abcdef1!'],
    ['no number', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
    ['only a space as special', 'Abcdef1 '],
  ])('rejects a password with %s', (_reason, value) => {
    expect(messagesOf(passwordField(), value)).toEqual([rule]);
  });

  it('says Required when empty', () => {
    expect(messagesOf(passwordField(), '')).toEqual(['Required']);
  });
});

describe('passwordConfirmation', () => {
  const schema = passwordConfirmation(
    z.object({ password: passwordField(), confirm_password: requiredString(), name: requiredString() }),
  );

  it('puts the mismatch on the confirm field', () => {
    const result = schema.safeParse({ password: 'Abcdef1!', confirm_password: 'Abcdef1?', name: 'x' });
    expect(result.success).toBe(false);
    expect(result.error && toFieldErrors(result.error)).toEqual({ confirm_password: ['Passwords do not match'] });
  });

  it('passes matching passwords', () => {
    expect(schema.safeParse({ password: 'Abcdef1!', confirm_password: 'Abcdef1!', name: 'x' }).success).toBe(true);
  });

  it('still reports the mismatch when another field fails', () => {
    const result = schema.safeParse({ password: 'Abcdef1!', confirm_password: 'other', name: '' });
    expect(result.error && toFieldErrors(result.error)).toEqual({
      name: ['Required'],
      confirm_password: ['Passwords do not match'],
    });
  });

  it('shows only Required on an empty confirm field', () => {
    const result = schema.safeParse({ password: 'Abcdef1!', confirm_password: '', name: 'x' });
    expect(result.error && toFieldErrors(result.error)).toEqual({ confirm_password: ['Required'] });
  });

  it('takes other field names', () => {
    const custom = passwordConfirmation(z.object({ new_password: z.string(), repeat: z.string() }), {
      password: 'new_password',
      confirm: 'repeat',
    });
    const result = custom.safeParse({ new_password: 'a', repeat: 'b' });
    expect(result.error && toFieldErrors(result.error)).toEqual({ repeat: ['Passwords do not match'] });
  });
});

describe('phoneField', () => {
  it('normalises US and Canadian numbers to E.164', () => {
    expect(outputOf(phoneField(), '(212) 456-7890')).toBe('+12124567890');
    expect(outputOf(phoneField(), '604-456-7890')).toBe('+16044567890');
    expect(outputOf(phoneField(), '+16044567890')).toBe('+16044567890');
    expect(normalizePhoneNumber('2124567890')).toBe('+12124567890');
  });

  it.each([
    ['another country', '+44 20 7946 0958'],
    ['an impossible area code', '(123) 456-7890'],
    ['too few digits', '555-1234'],
    ['more than 14 characters', '+1 (212) 456-7890'],
    ['letters', 'call me'],
  ])('rejects %s', (_reason, value) => {
    expect(messagesOf(phoneField(), value)).toEqual(['Phone number is not valid']);
  });

  it('says Required when empty', () => {
    expect(messagesOf(phoneField(), '')).toEqual(['Required']);
  });
});

describe('postalCodeField', () => {
  it.each(['12345', '12345-6789', 'K1A 0B1', 'A', 'ABCDEFGHIJKL'])('accepts %j', (value) => {
    expect(messagesOf(postalCodeField(), value)).toEqual([]);
  });

  it.each(['ABCDEFGHIJKLM', '-1234', '1234-', '12_345', '123#5'])('rejects %j', (value) => {
    expect(messagesOf(postalCodeField(), value)).toEqual(['Invalid postal code']);
  });
});

describe('urlField', () => {
  it.each([
    'https://example.com',
    'http://shop.example.com/path?q=1',
    'http://localhost:3000/logo.png',
    'http://localhost',
    'http://127.0.0.1:8080/logo.png',
    'http://192.168.1.20/logo.svg',
    'http://[::1]:3000/logo.png',
    'https://cdn.example.com:8443/brand/logo.png',
  ])('accepts %j', (value) => {
    expect(messagesOf(urlField(), value)).toEqual([]);
  });

  it.each([
    'example',
    'ftp://example.com',
    'https://',
    'not a url',
    'https://logo',
    'http://exa mple.com/logo.png',
    'javascript:alert(1)',
    'http://999.1.1.1/logo.png',
  ])('rejects %j', (value) => {
    expect(messagesOf(urlField(), value)).toEqual(['Must be a valid URL']);
  });
});

describe('dateField', () => {
  it('accepts a real YYYY-MM-DD day', () => {
    expect(outputOf(dateField(), '2024-02-29')).toBe('2024-02-29');
  });

  it.each(['2023-02-29', '2024-13-01', '2024-04-31', '2024-1-05', '01/05/2024', '2024-01-05T00:00:00Z'])(
    'rejects %j',
    (value) => {
      expect(messagesOf(dateField(), value)).toEqual(['Date is not valid']);
    },
  );

  it('accepts days from 1900 to 2100 and names the range for any other real day', () => {
    expect(outputOf(dateField(), '1900-01-01')).toBe('1900-01-01');
    expect(outputOf(dateField(), '2100-12-31')).toBe('2100-12-31');
    for (const value of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(messagesOf(dateField(), value), value).toEqual(['Must be between 01/01/1900 and 12/31/2100']);
    }
    expect(messagesOf(presentOrFutureDate('2024-01-01'), '2101-01-01')).toEqual([
      'Must be between 01/01/1900 and 12/31/2100',
    ]);
  });

  it('compares with a given date, exclusively', () => {
    expect(messagesOf(dateAfter('2024-03-01'), '2024-03-02')).toEqual([]);
    expect(messagesOf(dateAfter('2024-03-01'), '2024-03-01')).toEqual(['Must be after 03/01/2024']);
    expect(messagesOf(dateBefore('2024-03-01'), '2024-02-29')).toEqual([]);
    expect(messagesOf(dateBefore('2024-03-01'), '2024-03-01')).toEqual(['Must be before 03/01/2024']);
  });

  it('reports only Date is not valid for a bad date under a bound', () => {
    expect(messagesOf(dateAfter('2024-03-01'), '2024-02-30')).toEqual(['Date is not valid']);
  });
});

describe('presentOrFutureDate', () => {
  it('allows today and later by calendar day', () => {
    const schema = presentOrFutureDate('2024-06-15');
    expect(messagesOf(schema, '2024-06-15')).toEqual([]);
    expect(messagesOf(schema, '2025-01-01')).toEqual([]);
    expect(messagesOf(schema, '2024-06-14')).toEqual(["Must be today's date or later"]);
  });

  it('reads a clock function at validation time', () => {
    let today = '2024-06-15';
    const schema = presentOrFutureDate(() => today);
    expect(messagesOf(schema, '2024-06-16')).toEqual([]);
    today = '2024-06-17';
    expect(messagesOf(schema, '2024-06-16')).toEqual(["Must be today's date or later"]);
  });

  it('compares a Date as its calendar day, whatever the hour', () => {
    const lateToday = new Date(2024, 5, 15, 23, 59);
    expect(messagesOf(presentOrFutureDate(lateToday), '2024-06-15')).toEqual([]);
  });
});

describe('promiseTimeField', () => {
  const now = new Date('2024-06-15T12:00:00Z');

  it('accepts a time 30 minutes or more ahead and returns a Date', () => {
    expect(outputOf(promiseTimeField(now), '2024-06-15T12:30:00Z')).toEqual(new Date('2024-06-15T12:30:00Z'));
    expect(outputOf(promiseTimeField(now), now.getTime() + 3_600_000)).toEqual(new Date('2024-06-15T13:00:00Z'));
  });

  it('rejects a time under 30 minutes ahead', () => {
    expect(messagesOf(promiseTimeField(now), '2024-06-15T12:29:59Z')).toEqual([
      'Promise time must be at least 30 minutes from now',
    ]);
    expect(messagesOf(promiseTimeField(now), new Date('2024-06-14T12:00:00Z'))).toEqual([
      'Promise time must be at least 30 minutes from now',
    ]);
  });

  it('separates missing and unreadable input', () => {
    expect(messagesOf(promiseTimeField(now), undefined)).toEqual(['Required']);
    expect(messagesOf(promiseTimeField(now), '')).toEqual(['Required']);
    expect(messagesOf(promiseTimeField(now), 'tomorrow')).toEqual(['Date is not valid']);
    expect(messagesOf(promiseTimeField(now), true)).toEqual(['Date is not valid']);
  });
});

describe('validNumberField', () => {
  it.each([undefined, null, '', '  '])('allows empty %j', (value) => {
    expect(outputOf(validNumberField(), value)).toBeUndefined();
  });

  it('reads numbers and numeric text', () => {
    expect(outputOf(validNumberField(), '12.5')).toBe(12.5);
    expect(outputOf(validNumberField(), 0)).toBe(0);
  });

  it.each(['-1', -0.01, 'abc', '1e5', '1,000', Number.NaN, true])('rejects %j', (value) => {
    expect(messagesOf(validNumberField(), value)).toEqual(['Must be a valid number']);
  });

  it('lets an object key be absent', () => {
    expect(outputOf(z.object({ n: validNumberField() }), {})).toEqual({ n: undefined });
  });
});

describe('centsField', () => {
  it('takes whole cents up to what an integer column holds', () => {
    expect(outputOf(centsField(), 0)).toBe(0);
    expect(outputOf(centsField(), 2_147_483_647)).toBe(2_147_483_647);
  });

  it('names the largest amount in dollars above it', () => {
    expect(messagesOf(centsField(), 2_147_483_648)).toEqual(['Must be at most $21,474,836.47']);
    expect(messagesOf(centsField(), 1e20)).toContain('Must be at most $21,474,836.47');
  });

  it.each([-1, '5', null, Number.NaN])('rejects %j as not a valid number', (value) => {
    expect(messagesOf(centsField(), value)).toEqual(['Must be a valid number']);
  });
});

describe('length rules', () => {
  it('lengthEqual', () => {
    expect(messagesOf(lengthEqual(9), '123456789')).toEqual([]);
    expect(messagesOf(lengthEqual(9), '12345678')).toEqual(['Must be equal to 9 characters']);
    expect(messagesOf(lengthEqual(9), '1234567890')).toEqual(['Must be equal to 9 characters']);
  });

  it('longerThan is strict', () => {
    expect(messagesOf(longerThan(3), 'abcd')).toEqual([]);
    expect(messagesOf(longerThan(3), 'abc')).toEqual(['Must be longer than 3 characters']);
  });

  it('lessThan is strict', () => {
    expect(messagesOf(lessThan(5), 'abcd')).toEqual([]);
    expect(messagesOf(lessThan(5), 'abcde')).toEqual(['Must be less than 5 characters']);
  });

  it('maxLength is inclusive', () => {
    expect(messagesOf(maxLength(5), 'abcde')).toEqual([]);
    expect(messagesOf(maxLength(5), 'abcdef')).toEqual(['Must be at most 5 characters']);
  });

  it('reads Required, not a length message, when empty', () => {
    expect(messagesOf(lengthEqual(9), '')).toEqual(['Required']);
  });
});

describe('amount rules', () => {
  it('outputs integer cents without float drift', () => {
    expect(outputOf(amountField(), '19.99')).toBe(1999);
    expect(outputOf(amountField(), 0.29)).toBe(29);
    expect(outputOf(amountField(), '1,234.5')).toBe(123450);
  });

  it('checks the minimum in cents', () => {
    expect(messagesOf(amountMin(1), '1.00')).toEqual([]);
    expect(messagesOf(amountMin(1), '0.99')).toEqual(['Must be at least $1']);
    expect(messagesOf(amountMin(1.5), 1.49)).toEqual(['Must be at least $1.50']);
  });

  it('checks the maximum in cents', () => {
    expect(messagesOf(amountMax(500), 500)).toEqual([]);
    expect(messagesOf(amountMax(500), '500.01')).toEqual(['Must be at most $500']);
  });

  it('checks the monthly volume', () => {
    expect(messagesOf(amountMaxMonthlyVolume(20000), '20000')).toEqual([]);
    expect(messagesOf(amountMaxMonthlyVolume(20000), '20000.01')).toEqual([
      'Must be at most the monthly volume of $20,000',
    ]);
  });

  it('checks bounds together', () => {
    const schema = amountField({ min: 1, max: 100 });
    expect(messagesOf(schema, '0.5')).toEqual(['Must be at least $1']);
    expect(messagesOf(schema, '101')).toEqual(['Must be at most $100']);
  });

  it('rejects non-amounts, negatives and fractions of a cent', () => {
    expect(messagesOf(amountField(), 'abc')).toEqual(['Must be a valid number']);
    expect(messagesOf(amountField(), '-1')).toEqual(['Must be a valid number']);
    expect(messagesOf(amountField(), '1.005')).toEqual(['Must have at most 2 decimal places']);
    expect(messagesOf(amountField(), '')).toEqual(['Required']);
    expect(messagesOf(amountField(), undefined)).toEqual(['Required']);
  });
});

describe('percent and value rules', () => {
  it('percent bounds are inclusive', () => {
    expect(messagesOf(percentField({ min: 0, max: 100 }), '100')).toEqual([]);
    expect(messagesOf(percentMin(0), '-0.5')).toEqual(['Must be at least 0%']);
    expect(messagesOf(percentMax(100), 100.01)).toEqual(['Must be at most 100%']);
    expect(outputOf(percentMax(100), '2.75')).toBe(2.75);
  });

  it('min and max value are inclusive', () => {
    expect(messagesOf(minValue(1), 1)).toEqual([]);
    expect(messagesOf(minValue(1), '0')).toEqual(['Must be at least 1']);
    expect(messagesOf(maxValue(28), 28)).toEqual([]);
    expect(messagesOf(maxValue(28), '29')).toEqual(['Must be at most 28']);
    expect(messagesOf(numberField(), 'x')).toEqual(['Must be a valid number']);
  });
});

describe('decimal, digits and numeric', () => {
  it('decimal', () => {
    expect(messagesOf(decimal(), '-12.345')).toEqual([]);
    expect(messagesOf(decimal(), '12.')).toEqual(['Must be a decimal number']);
    expect(messagesOf(decimal(), '1a')).toEqual(['Must be a decimal number']);
    expect(messagesOf(decimal(2), '12.34')).toEqual([]);
    expect(messagesOf(decimal(2), '12.345')).toEqual(['Must have at most 2 decimal places']);
  });

  it('digits keeps leading zeros', () => {
    expect(outputOf(digits(9), '011000015')).toBe('011000015');
    expect(messagesOf(digits(9), '01100001')).toEqual(['Must be exactly 9 digits']);
    expect(messagesOf(digits(4), '12a4')).toEqual(['Must be exactly 4 digits']);
  });

  it('numeric', () => {
    expect(messagesOf(numeric(), '0042')).toEqual([]);
    expect(messagesOf(numeric(), '4.2')).toEqual(['Must contain only numbers']);
  });
});

describe('checkAttachment', () => {
  it('allows images and PDFs of 1 MB or less', () => {
    expect(checkAttachment({ size: 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(checkAttachment({ size: 10, type: 'application/pdf' })).toBeNull();
  });

  it('refuses larger files and other types', () => {
    expect(checkAttachment({ size: 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('File must be less than 1mb in size');
    expect(checkAttachment({ size: 10, type: 'text/plain' })).toBe('File must be an image or a PDF');
  });
});

describe('toFieldErrors', () => {
  const schema = z
    .object({
      name: requiredString(),
      address: z.object({ postal_code: postalCodeField() }),
      phones: z.array(phoneField()),
    })
    .refine(() => false, 'Whole form is wrong');

  it('keys messages by dotted path and root issues as non_field_errors', () => {
    const result = z
      .object({
        name: requiredString(),
        address: z.object({ postal_code: postalCodeField() }),
        phones: z.array(phoneField()),
      })
      .safeParse({ name: '', address: { postal_code: '-' }, phones: ['(212) 456-7890', 'x'] });
    expect(result.error && toFieldErrors(result.error)).toEqual({
      name: ['Required'],
      'address.postal_code': ['Invalid postal code'],
      'phones.1': ['Phone number is not valid'],
    });
    const root = schema.safeParse({ name: 'a', address: { postal_code: '1' }, phones: [] });
    expect(root.error && toFieldErrors(root.error)).toEqual({ [NON_FIELD_ERRORS]: ['Whole form is wrong'] });
    expect(NON_FIELD_ERRORS).toBe('non_field_errors');
  });

  it('lists a repeated message once', () => {
    expect(
      toFieldErrors({
        issues: [
          { path: ['a'], message: 'x' },
          { path: ['a'], message: 'x' },
          { path: ['a'], message: 'y' },
        ],
      }),
    ).toEqual({ a: ['x', 'y'] });
  });
});

describe('blank text', () => {
  it.each([
    ['emailField', emailField()],
    ['phoneField', phoneField()],
    ['postalCodeField', postalCodeField()],
    ['urlField', urlField()],
    ['dateField', dateField()],
    ['dateAfter', dateAfter('2024-01-01')],
    ['presentOrFutureDate', presentOrFutureDate('2024-01-01')],
    ['lengthEqual', lengthEqual(3)],
    ['longerThan', longerThan(3)],
    ['lessThan', lessThan(3)],
    ['maxLength', maxLength(3)],
    ['decimal', decimal(2)],
    ['digits', digits(3)],
    ['numeric', numeric()],
  ])('%s shows Required alone', (_name, schema) => {
    expect(messagesOf(schema, '  ')).toEqual(['Required']);
    expect(messagesOf(schema, undefined)).toEqual(['Required']);
  });
});
