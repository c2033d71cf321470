import { describe, expect, it } from 'vitest';
import { isRoutingNumber, toFieldErrors } from '../validation/rules';
import { locationInputSchema, locationPatchSchema } from './locations.contract';
import { merchantAccountInputSchema } from './merchant-accounts.contract';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}) => (result.error ? toFieldErrors(result.error) : {});

describe('routing numbers', () => {
  it('accepts nine digits whose ABA checksum holds', () => {
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('011000015')).toBe(true);
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('02100002')).toBe(false);
    expect(isRoutingNumber('02100002a')).toBe(false);
  });
});

describe('location input', () => {
  const valid = {
    name: ' Main St ',
    address_line1: '120 Main St',
    city: 'Hartford',
    state: 'CT',
    postal_code: '06103',
    phone: '(860) 555-0142',
    timezone: 'America/New_York',
  };

  it('trims, keeps the phone E.164 and fills the optional fields', () => {
    expect(locationInputSchema.parse(valid)).toEqual({
      ...valid,
      name: 'Main St',
      address_line2: '',
      phone: '+18605550142',
    });
    expect(locationInputSchema.parse({ ...valid, phone: null }).phone).toBeNull();
  });

  it('refuses states and zones off the lists, and a bad postal code', () => {
    const result = locationInputSchema.safeParse({
      ...valid,
      state: 'ON',
      timezone: 'Europe/Paris',
      postal_code: 'A_1',
    });
    expect(errorsOf(result)).toEqual({
      state: ['Choose a state from the list'],
      timezone: ['Choose a time zone from the list'],
      postal_code: ['Invalid postal code'],
    });
  });

  it('lets a patch name only what changes', () => {
    expect(locationPatchSchema.parse({ city: 'Stamford' })).toEqual({ city: 'Stamford' });
  });
});

describe('merchant account input', () => {
  const valid = {
    location_id: '7d1b0f3e-5c43-4a53-9c0f-0d5b7c7f3f10',
    name: 'Cards',
    kind: 'card',
    processor_merchant_id: 'SBX-1',
    deposit_routing_number: '021000021',
    deposit_account_number: '000123456789',
    rate_bps: 295,
  };

  it('fills the defaults: sandbox, active, no fee, no per-transaction charge', () => {
    expect(merchantAccountInputSchema.parse(valid)).toMatchObject({
      processor: 'sandbox',
      status: 'active',
      per_transaction_cents: 0,
      convenience_fee_enabled: false,
      convenience_fee_cents: null,
    });
  });

  it('bounds the rate to 0–10000 basis points and needs the fee when it is on', () => {
    expect(errorsOf(merchantAccountInputSchema.safeParse({ ...valid, rate_bps: 10_001 }))).toEqual({
      rate_bps: ['Must be at most 100%'],
    });
    expect(errorsOf(merchantAccountInputSchema.safeParse({ ...valid, rate_bps: 2.5 }))).toEqual({
      rate_bps: ['Must be a whole number of basis points'],
    });
    expect(errorsOf(merchantAccountInputSchema.safeParse({ ...valid, convenience_fee_enabled: true }))).toEqual({
      convenience_fee_cents: ['Required'],
    });
    expect(
      merchantAccountInputSchema.safeParse({ ...valid, convenience_fee_enabled: true, convenience_fee_cents: 0 })
        .success,
    ).toBe(true);
  });
});
