import { describe, expect, it } from 'vitest';
import { BASE_ROLES, PERMISSION_FLAGS, SUPER_GROUP, isBaseRole, isPermissionFlag } from './roles';

describe('role vocabulary', () => {
  it('lists the base roles', () => {
    expect(BASE_ROLES).toEqual(['super_admin', 'admin', 'staff']);
    expect(isBaseRole('staff')).toBe(true);
    expect(isBaseRole('owner')).toBe(false);
  });

  it('lists the 13 permission flags in SPEC §3 order', () => {
    expect(PERMISSION_FLAGS).toEqual([
      'is_customer_campaign_allowed',
      'is_customer_free_text_allowed',
      'is_customer_update_allowed',
      'is_merchant_passtime_allowed',
      'is_merchant_ituran_allowed',
      'is_merchant_payment_report_allowed',
      'is_merchant_sweep_report_allowed',
      'is_note_update_allowed',
      'is_payment_refund_allowed',
      'is_payment_threshold_allowed',
      'is_payment_waive_fee_allowed',
      'is_template_update_allowed',
      'is_user_update_allowed',
    ]);
    expect(isPermissionFlag('is_note_update_allowed')).toBe(true);
    expect(isPermissionFlag('admin')).toBe(false);
  });

  it('names the super group', () => {
    expect(SUPER_GROUP).toBe('super');
  });
});
