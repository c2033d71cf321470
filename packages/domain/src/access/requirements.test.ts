import { describe, expect, it } from 'vitest';
import { meetsCustomRoles, meetsRequirement, meetsRoles } from './requirements';

const on = { check_custom_roles: true };
const off = { check_custom_roles: false };

describe('meetsRequirement', () => {
  const requirement = {
    roles: ['super_admin', 'admin', 'staff'],
    customRoles: ['admin', 'is_note_update_allowed'],
  } as const;

  it('checks custom roles only when the merchant has them on', () => {
    expect(meetsCustomRoles(requirement, { roles: ['staff'], merchant: off })).toBe(true);
    expect(meetsCustomRoles(requirement, { roles: ['staff'], merchant: on })).toBe(false);
    expect(meetsCustomRoles(requirement, { roles: ['staff', 'is_note_update_allowed'], merchant: on })).toBe(true);
  });

  it('always checks roles', () => {
    expect(meetsRoles(requirement, { roles: ['is_note_update_allowed'], merchant: off })).toBe(false);
    expect(meetsRoles(requirement, { roles: ['is_note_update_allowed'], merchant: on })).toBe(false);
    expect(meetsRoles({}, { roles: [], merchant: on })).toBe(true);
  });

  it('needs both halves', () => {
    expect(meetsRequirement(requirement, { roles: ['staff', 'is_note_update_allowed'], merchant: on })).toBe(true);
    expect(meetsRequirement(requirement, { roles: ['is_note_update_allowed'], merchant: on })).toBe(false);
    expect(meetsRequirement(requirement, { roles: ['staff'], merchant: on })).toBe(false);
    expect(meetsRequirement(requirement, { roles: ['staff'], merchant: off })).toBe(true);
  });
});
