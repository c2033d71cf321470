import { describe, expect, it } from 'vitest';
import { formatPaymentMethodLabel } from './payment-method';

describe('formatPaymentMethodLabel', () => {
  it('shows the nickname and the last 8 characters of the masked card number', () => {
    expect(formatPaymentMethodLabel({ nickname: 'Work Visa', masked_card_number: 'XXXXXXXXXXXX4242' })).toBe(
      'Work Visa XXXX4242',
    );
  });

  it('uses the masked account number when there is no card number', () => {
    expect(
      formatPaymentMethodLabel({ nickname: 'Checking', masked_card_number: null, masked_account_number: '*****6789' }),
    ).toBe('Checking ****6789');
  });

  it('keeps a short masked number whole', () => {
    expect(formatPaymentMethodLabel({ nickname: 'Card', masked_card_number: '**4242' })).toBe('Card **4242');
  });

  it('shows only the masked tail without a nickname, and only the nickname without a number', () => {
    expect(formatPaymentMethodLabel({ nickname: '  ', masked_card_number: 'XXXXXXXXXXXX1111' })).toBe('XXXX1111');
    expect(formatPaymentMethodLabel({ nickname: 'Cash' })).toBe('Cash');
    expect(formatPaymentMethodLabel({})).toBe('');
  });
});
