import { describe, expect, it } from 'vitest';
import {
  mayDisableAccount,
  mayDisableUserAt,
  mayGrantRole,
  mayManageUserAt,
  rankOn,
  SUPER_USER_RANK,
  type GrantedRole,
} from './user-management';

let next = 0;
const standing = (roles: Record<string, GrantedRole>, isSuperUser = false) => ({
  id: `user-${(next += 1)}`,
  isSuperUser,
  roles,
});
const M = 'merchant-m';
const N = 'merchant-n';
const O = 'merchant-o';

describe('mayManageUserAt', () => {
  it('lets only super users manage a super user', () => {
    const superUser = standing({ [M]: 'super_admin' }, true);
    expect(mayManageUserAt(standing({ [M]: 'super_admin' }), superUser, M)).toBe(false);
    expect(mayManageUserAt(standing({}, true), superUser, M)).toBe(true);
    expect(mayManageUserAt(standing({}, true), standing({ [N]: 'staff' }), M)).toBe(false);
  });

  it('needs super_admin for a super admin and admin for an admin', () => {
    expect(mayManageUserAt(standing({ [M]: 'admin' }), standing({ [M]: 'super_admin' }), M)).toBe(false);
    expect(mayManageUserAt(standing({ [M]: 'super_admin' }), standing({ [M]: 'super_admin' }), M)).toBe(true);
    expect(mayManageUserAt(standing({ [M]: 'custom' }), standing({ [M]: 'admin' }), M)).toBe(false);
    expect(mayManageUserAt(standing({ [M]: 'admin' }), standing({ [M]: 'admin' }), M)).toBe(true);
  });

  it('lets any user manager manage staff and custom roles', () => {
    for (const role of ['staff', 'custom'] as const) {
      expect(mayManageUserAt(standing({ [M]: 'custom' }), standing({ [M]: role }), M)).toBe(true);
    }
  });

  it('refuses a target without a role on the merchant, and the actor themselves', () => {
    expect(mayManageUserAt(standing({ [M]: 'custom' }), standing({ [N]: 'admin' }), M)).toBe(false);
    expect(mayManageUserAt(standing({ [M]: 'admin' }), standing({ [N]: 'staff' }), M)).toBe(false);
    const admin = standing({ [M]: 'admin' });
    expect(mayManageUserAt(admin, admin, M)).toBe(false);
  });

  it('refuses when the target outranks the actor on any other merchant they both work at', () => {
    const actor = standing({ [M]: 'admin', [N]: 'staff' });
    expect(mayManageUserAt(actor, standing({ [M]: 'staff', [N]: 'admin' }), M)).toBe(false);
    expect(mayManageUserAt(actor, standing({ [M]: 'staff', [N]: 'staff' }), M)).toBe(true);
    // Where only the target works, its rank is not the actor's to judge.
    expect(mayManageUserAt(actor, standing({ [M]: 'staff', [O]: 'super_admin' }), M)).toBe(true);
  });

  it('lets a super user manage anyone but other super users everywhere', () => {
    expect(mayManageUserAt(standing({}, true), standing({ [M]: 'super_admin' }), M)).toBe(true);
  });
});

describe('mayDisableUserAt', () => {
  it('lets users disable themselves where they work (SPEC §4), and others by the rank rules', () => {
    const admin = standing({ [M]: 'admin' });
    expect(mayDisableUserAt(admin, admin, M)).toBe(true);
    expect(mayDisableUserAt(admin, admin, N)).toBe(false);
    expect(mayDisableUserAt(admin, standing({ [M]: 'super_admin' }), M)).toBe(false);
    expect(mayDisableUserAt(admin, standing({ [M]: 'staff' }), M)).toBe(true);
  });
});

describe('mayDisableAccount', () => {
  it('needs the actor to work at every merchant the target works at, ranking at least the same there', () => {
    const actor = standing({ [M]: 'admin', [N]: 'admin' });
    expect(mayDisableAccount(actor, standing({ [M]: 'staff', [N]: 'admin' }))).toBe(true);
    expect(mayDisableAccount(actor, standing({ [M]: 'staff', [O]: 'staff' }))).toBe(false);
    expect(mayDisableAccount(actor, standing({ [M]: 'staff', [N]: 'super_admin' }))).toBe(false);
    expect(mayDisableAccount(actor, standing({}))).toBe(false);
  });

  it('lets super users disable any account, and nobody else disable a super user', () => {
    const superUser = standing({}, true);
    expect(mayDisableAccount(superUser, standing({ [M]: 'super_admin', [O]: 'admin' }))).toBe(true);
    expect(mayDisableAccount(superUser, standing({}, true))).toBe(true);
    expect(mayDisableAccount(superUser, superUser)).toBe(true);
    expect(mayDisableAccount(standing({ [M]: 'super_admin' }), standing({ [M]: 'staff' }, true))).toBe(false);
  });
});

describe('mayGrantRole', () => {
  const admin = { rank: 2, roles: ['admin', 'is_user_update_allowed', 'is_payment_refund_allowed'] };
  const manager = { rank: 1, roles: ['staff', 'is_user_update_allowed'] };

  it('gives base roles up to the grantor’s rank', () => {
    expect(mayGrantRole(admin, { role: 'admin' })).toBe(true);
    expect(mayGrantRole(admin, { role: 'super_admin' })).toBe(false);
    expect(mayGrantRole(manager, { role: 'staff' })).toBe(true);
    expect(mayGrantRole(manager, { role: 'admin' })).toBe(false);
    expect(mayGrantRole({ rank: 3, roles: ['super_admin'] }, { role: 'super_admin' })).toBe(true);
  });

  it('gives a custom role only when the grantor holds every flag it grants', () => {
    expect(mayGrantRole(manager, { role: 'custom', permissions: ['is_user_update_allowed'] })).toBe(true);
    expect(mayGrantRole(manager, { role: 'custom', permissions: [] })).toBe(true);
    expect(
      mayGrantRole(manager, { role: 'custom', permissions: ['is_user_update_allowed', 'is_payment_refund_allowed'] }),
    ).toBe(false);
    expect(mayGrantRole(admin, { role: 'custom', permissions: ['is_payment_refund_allowed'] })).toBe(true);
    expect(mayGrantRole({ rank: 0, roles: [] }, { role: 'custom', permissions: [] })).toBe(false);
  });

  it('lets a super user give anything', () => {
    const superUser = { rank: rankOn(standing({}, true), M), roles: [] };
    expect(superUser.rank).toBe(SUPER_USER_RANK);
    expect(mayGrantRole(superUser, { role: 'super_admin' })).toBe(true);
    expect(mayGrantRole(superUser, { role: 'custom', permissions: ['is_note_update_allowed'] })).toBe(true);
  });
});
