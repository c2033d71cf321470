import { describe, expect, it } from 'vitest';
import { formatFullName, userStatus } from './user';

describe('formatFullName', () => {
  it('joins first and last name', () => {
    expect(formatFullName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(formatFullName({ first_name: 'Ada', last_name: null })).toBe('Ada');
    expect(formatFullName({ first_name: '', last_name: 'Lovelace' })).toBe('Lovelace');
  });
});

describe('userStatus', () => {
  it('is Pending before anything else', () => {
    expect(userStatus({ is_pending: true, is_active: true })).toBe('Pending');
    expect(userStatus({ is_pending: true, is_active: false })).toBe('Pending');
  });

  it('is Active or Inactive otherwise', () => {
    expect(userStatus({ is_pending: false, is_active: true })).toBe('Active');
    expect(userStatus({ is_pending: false, is_active: false })).toBe('Inactive');
  });
});
