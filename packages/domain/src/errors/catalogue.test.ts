import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGE,
  ERROR_CATALOGUE,
  ERROR_HTTP_STATUS,
  isCatalogueCode,
  translateError,
} from './catalogue';

describe('error catalogue (SPEC §8)', () => {
  it('holds the 32 codes with their exact messages', () => {
    expect(Object.keys(ERROR_CATALOGUE)).toHaveLength(32);
    expect(ERROR_CATALOGUE.ssn_invalid_format).toBe('SSN must be 9 digits, no dashes (-).');
    expect(ERROR_CATALOGUE['account.due_date.autopay_cap']).toBe('Due date with Autopay must not exceed the 28th.');
    expect(ERROR_CATALOGUE['payment.minimum']).toBe('Payment must be larger than $1.00.');
    expect(ERROR_CATALOGUE['integrations.unresolvable_action']).toBe('This action must be manually resolved.');
  });

  it('gives every code an HTTP status', () => {
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('translates codes and passes other text through', () => {
    expect(isCatalogueCode('pin.mismatch')).toBe(true);
    expect(isCatalogueCode('toString')).toBe(false);
    expect(translateError('token.invalid')).toBe('Invalid Token.');
    expect(translateError('Something else')).toBe('Something else');
    expect(DEFAULT_ERROR_MESSAGE).toBe('Oops! Something Went Wrong....');
  });
});
