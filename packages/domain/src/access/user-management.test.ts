import { describe, expect, it } from 'vitest';
import { mayDisableUser } from './user-management';

const manager = (roles: string[], isSuperUser = false) => ({ roles, isSuperUser });
const user = (role: string | null, is_super_user = false) => ({ role, is_super_user });

describe('mayDisableUser', () => {
  it('lets only super users disable a super user', () => {
    expect(mayDisableUser(manager(['super_admin']), user('super_admin', true))).toBe(false);
    expect(mayDisableUser(manager(['super_admin'], true), user('super_admin', true))).toBe(true);
  });

  it('needs super_admin for a super admin and admin for an admin', () => {
    expect(mayDisableUser(manager(['admin']), user('super_admin'))).toBe(false);
    expect(mayDisableUser(manager(['super_admin']), user('super_admin'))).toBe(true);
    expect(mayDisableUser(manager(['staff', 'is_user_update_allowed']), user('admin'))).toBe(false);
    expect(mayDisableUser(manager(['admin']), user('admin'))).toBe(true);
  });

  it('lets any user manager disable staff, custom roles and users without a role', () => {
    for (const role of ['staff', 'custom', null]) {
      expect(mayDisableUser(manager(['staff', 'is_user_update_allowed']), user(role))).toBe(true);
    }
  });
});
