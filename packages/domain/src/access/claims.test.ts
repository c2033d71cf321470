import { describe, expect, it } from 'vitest';
import {
  buildClaimsRoles,
  findBaseRoles,
  findPermissionFlags,
  hasAnyRole,
  isSuperUser,
  isWithoutRoles,
} from './claims';
import { PERMISSION_FLAGS } from './roles';

const customOn = { check_custom_roles: true };
const customOff = { check_custom_roles: false };

describe('hasAnyRole', () => {
  it('passes when the claims hold any listed role', () => {
    expect(hasAnyRole({ roles: ['staff'] }, ['admin', 'staff'])).toBe(true);
    expect(hasAnyRole({ roles: ['staff', 'is_note_update_allowed'] }, ['is_note_update_allowed'])).toBe(true);
  });

  it('fails when none is held, and for an empty list', () => {
    expect(hasAnyRole({ roles: ['staff'] }, ['admin', 'super_admin'])).toBe(false);
    expect(hasAnyRole({ roles: ['staff'] }, [])).toBe(false);
    expect(hasAnyRole({ roles: [] }, ['staff'])).toBe(false);
  });
});

describe('isSuperUser', () => {
  it('is marked by the super group', () => {
    expect(isSuperUser({ groups: ['super'] })).toBe(true);
    expect(isSuperUser({ groups: ['support'] })).toBe(false);
  });
});

describe('isWithoutRoles', () => {
  it('holds for a user with no role who is not a super user', () => {
    expect(isWithoutRoles({ roles: [], groups: [] })).toBe(true);
    expect(isWithoutRoles({ roles: ['staff'], groups: [] })).toBe(false);
    expect(isWithoutRoles({ roles: [], groups: ['super'] })).toBe(false);
  });
});

describe('buildClaimsRoles', () => {
  it('holds only the base role without custom roles', () => {
    expect(buildClaimsRoles({ kind: 'base', role: 'admin' }, customOff)).toEqual(['admin']);
    expect(buildClaimsRoles({ kind: 'base', role: 'staff' }, customOff)).toEqual(['staff']);
    expect(buildClaimsRoles({ kind: 'custom', permissions: ['is_user_update_allowed'] }, customOff)).toEqual(['staff']);
  });

  it('gives a custom-role user staff plus the known flags their role grants', () => {
    expect(
      buildClaimsRoles(
        { kind: 'custom', permissions: ['is_user_update_allowed', 'made_up', 'is_note_update_allowed'] },
        customOn,
      ),
    ).toEqual(['staff', 'is_note_update_allowed', 'is_user_update_allowed']);
  });

  it('gives super_admin and admin every flag with custom roles, and staff none', () => {
    expect(buildClaimsRoles({ kind: 'base', role: 'super_admin' }, customOn)).toEqual([
      'super_admin',
      ...PERMISSION_FLAGS,
    ]);
    expect(buildClaimsRoles({ kind: 'base', role: 'admin' }, customOn)).toHaveLength(14);
    expect(buildClaimsRoles({ kind: 'base', role: 'staff' }, customOn)).toEqual(['staff']);
  });

  it('gives no roles without a grant', () => {
    expect(buildClaimsRoles(null, customOn)).toEqual([]);
  });

  it('splits claims back into base roles and flags', () => {
    const claims = { roles: ['staff', 'is_note_update_allowed'] };
    expect(findBaseRoles(claims)).toEqual(['staff']);
    expect(findPermissionFlags(claims)).toEqual(['is_note_update_allowed']);
  });
});
