import { describe, expect, it } from 'vitest';
import { canComposeMassMessage, canFreeTypeChat, canSaveTemplatesFromMassModal } from './capabilities';
import { buildClaimsRoles } from './claims';
import type { BaseRole, PermissionFlag } from './roles';

const customOn = { check_custom_roles: true, allow_group_message: true };
const customOff = { check_custom_roles: false, allow_group_message: true };

function base(role: BaseRole, merchant: { check_custom_roles: boolean }): string[] {
  return buildClaimsRoles({ kind: 'base', role }, merchant);
}

function custom(permissions: PermissionFlag[]): string[] {
  return buildClaimsRoles({ kind: 'custom', permissions }, customOn);
}

describe('canFreeTypeChat', () => {
  it('with custom roles: super_admin, admin or is_customer_free_text_allowed', () => {
    expect(canFreeTypeChat({ roles: base('super_admin', customOn), merchant: customOn })).toBe(true);
    expect(canFreeTypeChat({ roles: base('admin', customOn), merchant: customOn })).toBe(true);
    expect(canFreeTypeChat({ roles: custom(['is_customer_free_text_allowed']), merchant: customOn })).toBe(true);
    expect(canFreeTypeChat({ roles: custom(['is_customer_campaign_allowed']), merchant: customOn })).toBe(false);
    expect(canFreeTypeChat({ roles: base('staff', customOn), merchant: customOn })).toBe(false);
    expect(canFreeTypeChat({ roles: ['admin'], merchant: customOn })).toBe(true);
    expect(canFreeTypeChat({ roles: ['super_admin'], merchant: customOn })).toBe(true);
  });

  it('otherwise: super_admin, admin or staff', () => {
    expect(canFreeTypeChat({ roles: ['staff'], merchant: customOff })).toBe(true);
    expect(canFreeTypeChat({ roles: ['admin'], merchant: customOff })).toBe(true);
    expect(canFreeTypeChat({ roles: ['super_admin'], merchant: customOff })).toBe(true);
    expect(canFreeTypeChat({ roles: [], merchant: customOff })).toBe(false);
  });
});

describe('canComposeMassMessage', () => {
  it('with custom roles: super_admin, admin or is_customer_campaign_allowed', () => {
    expect(canComposeMassMessage({ roles: custom(['is_customer_campaign_allowed']), merchant: customOn })).toBe(true);
    expect(canComposeMassMessage({ roles: custom(['is_customer_free_text_allowed']), merchant: customOn })).toBe(false);
    expect(canComposeMassMessage({ roles: base('admin', customOn), merchant: customOn })).toBe(true);
    expect(canComposeMassMessage({ roles: ['admin'], merchant: customOn })).toBe(true);
    expect(canComposeMassMessage({ roles: ['super_admin'], merchant: customOn })).toBe(true);
    expect(canComposeMassMessage({ roles: ['staff'], merchant: customOn })).toBe(false);
  });

  it('otherwise: super_admin, admin or staff', () => {
    expect(canComposeMassMessage({ roles: ['staff'], merchant: customOff })).toBe(true);
    expect(canComposeMassMessage({ roles: [], merchant: customOff })).toBe(false);
  });

  it('needs the merchant to allow group messages', () => {
    expect(canComposeMassMessage({ roles: ['admin'], merchant: { ...customOff, allow_group_message: false } })).toBe(
      false,
    );
    expect(canComposeMassMessage({ roles: ['admin'], merchant: { check_custom_roles: false } })).toBe(false);
  });
});

describe('canSaveTemplatesFromMassModal', () => {
  it('with custom roles: super_admin, admin or is_template_update_allowed', () => {
    expect(canSaveTemplatesFromMassModal({ roles: custom(['is_template_update_allowed']), merchant: customOn })).toBe(
      true,
    );
    expect(canSaveTemplatesFromMassModal({ roles: custom([]), merchant: customOn })).toBe(false);
    expect(canSaveTemplatesFromMassModal({ roles: base('super_admin', customOn), merchant: customOn })).toBe(true);
    expect(canSaveTemplatesFromMassModal({ roles: ['admin'], merchant: customOn })).toBe(true);
    expect(canSaveTemplatesFromMassModal({ roles: ['super_admin'], merchant: customOn })).toBe(true);
    expect(canSaveTemplatesFromMassModal({ roles: ['staff'], merchant: customOn })).toBe(false);
  });

  it('otherwise: super_admin, admin or staff', () => {
    expect(canSaveTemplatesFromMassModal({ roles: ['staff'], merchant: customOff })).toBe(true);
    expect(canSaveTemplatesFromMassModal({ roles: [], merchant: customOff })).toBe(false);
  });
});
