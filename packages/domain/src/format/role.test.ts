import { describe, expect, it } from 'vitest';
import { roleDisplayName } from './role';
import { toTitleCase } from './text';

describe('roleDisplayName', () => {
  it('shows Admin, Staff and capitalised role names', () => {
    expect(roleDisplayName('admin')).toBe('Admin');
    expect(roleDisplayName('staff')).toBe('Staff');
    expect(roleDisplayName('super_admin')).toBe('Super Admin');
    expect(roleDisplayName('collections lead')).toBe('Collections Lead');
  });
});

describe('toTitleCase', () => {
  it('keeps the rest of each word as written', () => {
    expect(toTitleCase('VP sales')).toBe('VP Sales');
    expect(toTitleCase('payment-failed')).toBe('Payment Failed');
    expect(toTitleCase('')).toBe('');
  });
});
