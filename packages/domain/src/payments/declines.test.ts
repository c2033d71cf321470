import { describe, expect, it } from 'vitest';
import { declineClassOf, METHOD_FLAGGING_DECLINE_CODES } from './declines';

describe('declineClassOf', () => {
  it('retries insufficient funds and processing errors, nothing else', () => {
    expect(declineClassOf('insufficient_funds')).toBe('soft');
    expect(declineClassOf('processing_error')).toBe('soft');
    expect(declineClassOf('card_declined')).toBe('hard');
    expect(declineClassOf('stolen_card')).toBe('hard');
    expect(declineClassOf(null)).toBe('hard');
  });

  it('flags the method for lost, stolen and expired cards but not for a wrong security code', () => {
    expect(METHOD_FLAGGING_DECLINE_CODES.has('lost_card')).toBe(true);
    expect(METHOD_FLAGGING_DECLINE_CODES.has('expired_card')).toBe(true);
    expect(METHOD_FLAGGING_DECLINE_CODES.has('incorrect_cvc')).toBe(false);
  });
});
