import { describe, expect, it } from 'vitest';
import { changeRelation, describeTiming, fromDeltaDays, toDeltaDays, typeForTiming } from './timing';

describe('changeRelation (SPEC §4)', () => {
  it('forces days to 0 on the due date', () => {
    expect(changeRelation({ relation: 'before', days: 5, type: 'SCHEDULED' }, 'on')).toEqual({
      relation: 'on',
      days: 0,
      type: 'SCHEDULED',
    });
  });

  it('sets 1 day when choosing before or after with 0 days', () => {
    expect(changeRelation({ relation: 'on', days: 0, type: 'SCHEDULED' }, 'before').days).toBe(1);
    expect(changeRelation({ relation: 'on', days: 0, type: 'SCHEDULED' }, 'after').days).toBe(1);
  });

  it('keeps other days when choosing before or after', () => {
    expect(changeRelation({ relation: 'before', days: 3, type: 'SCHEDULED' }, 'after').days).toBe(3);
  });

  it('clears days with no automation and makes a merchant template UNSCHEDULED', () => {
    expect(changeRelation({ relation: 'before', days: 3, type: 'SCHEDULED' }, 'none')).toEqual({
      relation: 'none',
      days: null,
      type: 'UNSCHEDULED',
    });
  });

  it('makes a merchant template SCHEDULED with a relation', () => {
    expect(changeRelation({ relation: 'none', days: null, type: 'UNSCHEDULED' }, 'after').type).toBe('SCHEDULED');
  });

  it('leaves a special type as it is, with or without a relation', () => {
    expect(typeForTiming('WELCOME', 'none')).toBe('WELCOME');
    expect(typeForTiming('PAYMENT_FAILED', 'before')).toBe('PAYMENT_FAILED');
    expect(changeRelation({ relation: 'before', days: 2, type: 'THANKS' }, 'none').type).toBe('THANKS');
  });
});

describe('delta_days', () => {
  it('is days times the sign and the form shows the absolute value', () => {
    expect(toDeltaDays('before', 3)).toBe(3);
    expect(toDeltaDays('after', 3)).toBe(-3);
    expect(toDeltaDays('on', 7)).toBe(0);
    expect(toDeltaDays('none', 3)).toBeNull();
    expect(toDeltaDays('before', null)).toBeNull();
    expect(fromDeltaDays(-3)).toEqual({ relation: 'after', days: 3 });
    expect(fromDeltaDays(3)).toEqual({ relation: 'before', days: 3 });
    expect(fromDeltaDays(0)).toEqual({ relation: 'on', days: 0 });
    expect(fromDeltaDays(null)).toEqual({ relation: 'none', days: null });
  });

  it('reads in words', () => {
    expect(describeTiming(3)).toBe('3 days before due date');
    expect(describeTiming(-1)).toBe('1 day after due date');
    expect(describeTiming(0)).toBe('On due date');
    expect(describeTiming(null)).toBe('No automation');
  });
});
