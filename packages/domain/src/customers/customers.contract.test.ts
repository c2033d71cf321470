import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import { toFieldErrors } from '../validation/rules';
import {
  accountPatchSchema,
  addCoBorrowerSchema,
  breaksAutopayCap,
  consentAffirmationText,
  consentChangeSchema,
  OPT_IN_BY_CONSENT_ONLY,
  createCustomerBodySchema,
  createCustomerSchema,
  customerPatchSchema,
  dateOfBirthField,
} from './customers.contract';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success || !result.error ? {} : toFieldErrors(result.error);

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  location_id: 'loc',
  account: { external_id: 'A-1', amount_due_cents: 1000 },
};

describe('customer contracts', () => {
  it('fills defaults and normalises the phone number to E.164', () => {
    const parsed = createCustomerSchema.parse({ ...valid, sms_phone_number: '(212) 555-0123', email: '' });
    expect(parsed).toMatchObject({
      sms_phone_number: '+12125550123',
      email: '',
      language: 'en-US',
      text_opt_in: false,
      account: { autopay: false, convenience_fee_cents: 0, status: 'active', tag_ids: [] },
    });
  });

  it('takes an optional mailing address: states of the SPEC list in any case, ZIP or ZIP+4', () => {
    expect(customerPatchSchema.parse({ address_line1: ' 1 Main St ', state: 'dc', zip: '20001 ', city: '' })).toEqual({
      address_line1: '1 Main St',
      state: 'DC',
      zip: '20001',
      city: '',
    });
    expect(customerPatchSchema.parse({ state: 'PR', zip: '00901-1234' })).toEqual({ state: 'PR', zip: '00901-1234' });
    expect(customerPatchSchema.parse({ state: null, zip: null })).toEqual({ state: null, zip: null });
    expect(errorsOf(customerPatchSchema.safeParse({ state: 'ON', zip: '9410' }))).toEqual({
      state: ['Choose a state from the list'],
      zip: ['Must be a ZIP code: 12345 or 12345-6789'],
    });
    expect(errorsOf(createCustomerSchema.safeParse({ ...valid, state: 'GU', zip: 'ABCDE' }))).toEqual({
      state: ['Choose a state from the list'],
      zip: ['Must be a ZIP code: 12345 or 12345-6789'],
    });
  });

  it('puts the catalogue messages on their fields', () => {
    expect(errorsOf(createCustomerSchema.safeParse({ ...valid, account: { external_id: 'A' } }))).toEqual({
      'account.amount_due_cents': [ERROR_CATALOGUE['account.amount_due_required']],
    });
    expect(errorsOf(accountPatchSchema.safeParse({ convenience_fee_cents: -1 }))).toEqual({
      convenience_fee_cents: [ERROR_CATALOGUE['account.negative_convenience_fee']],
    });
    expect(errorsOf(accountPatchSchema.safeParse({ autopay: true, due_date: '2030-05-31' }))).toEqual({
      due_date: [ERROR_CATALOGUE['account.due_date.autopay_cap']],
    });
    expect(dateOfBirthField('2026-11-22').safeParse('2026-11-23').error?.issues[0]?.message).toBe(
      ERROR_CATALOGUE['customer.dob_in_future'],
    );
    expect(dateOfBirthField('2026-11-22').safeParse('2026-11-22').success).toBe(true);
  });

  it('asks for the affirmed words and a phone or email before an opt-in', () => {
    expect(errorsOf(createCustomerSchema.safeParse({ ...valid, text_opt_in: true, email_opt_in: true }))).toEqual({
      affirmation: ['Required'],
      sms_phone_number: ['Required'],
      email: ['Required'],
    });
    expect(
      errorsOf(
        createCustomerBodySchema.safeParse({
          ...valid,
          email: 'a@example.com',
          text_opt_in: true,
          email_opt_in: true,
          text_opt_in_affirmation: consentAffirmationText('sms', true),
        }),
      ),
    ).toEqual({ sms_phone_number: ['Required'], email_opt_in_affirmation: ['Required'] });
    expect(errorsOf(customerPatchSchema.safeParse({ text_opt_in: false }))).toEqual({
      text_opt_in: [OPT_IN_BY_CONSENT_ONLY],
    });
    expect(errorsOf(consentChangeSchema.safeParse({ channel: 'sms', opted_in: false, affirmation: ' ' }))).toEqual({
      affirmation: ['Required'],
    });
    expect(consentAffirmationText('email', true)).toMatch(/express permission to receive emails/);
  });

  it('checks optional fields only when given, and co-borrowers need one of customer_id or customer', () => {
    expect(customerPatchSchema.parse({ email: null, sms_phone_number: '', date_of_birth: '' })).toEqual({
      email: null,
      sms_phone_number: '',
      date_of_birth: '',
    });
    expect(errorsOf(customerPatchSchema.safeParse({ sms_phone_number: '555', date_of_birth: '2020-02-30' }))).toEqual({
      sms_phone_number: ['Phone number is not valid'],
      date_of_birth: ['Date is not valid'],
    });
    expect(errorsOf(addCoBorrowerSchema.safeParse({}))).toEqual({ customer_id: ['Required'] });
    expect(addCoBorrowerSchema.safeParse({ customer: { first_name: 'B', last_name: 'C' } }).success).toBe(true);
    expect(breaksAutopayCap(true, '2030-01-28')).toBe(false);
    expect(breaksAutopayCap(false, '2030-01-31')).toBe(false);
  });
});
