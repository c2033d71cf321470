import { describe, expect, it } from 'vitest';
import {
  achReturnActionOf,
  achReturnMeaning,
  achReturnRuleOf,
  disablesMethod,
  representmentDeadline,
  representmentRefusalOf,
  returnRate,
  RETURN_RATE_RULES,
  type ReturnState,
} from './ach-returns';

const state = (overrides: Partial<ReturnState> = {}): ReturnState => ({
  code: 'R01',
  attempt: 0,
  deadline: '2026-07-01',
  today: '2026-03-01',
  represented: false,
  ...overrides,
});

describe('ACH return codes', () => {
  it("gives Nacha's meaning, and a fallback for an unknown code", () => {
    expect(achReturnMeaning('R01')).toBe('Insufficient funds');
    expect(achReturnMeaning('R16')).toBe('Account frozen/entry returned per OFAC instruction');
    expect(achReturnMeaning('R99')).toBe('Unknown return code');
  });

  it('sorts codes by the rule they call for', () => {
    expect(['R01', 'R09'].map(achReturnRuleOf)).toEqual(['represent', 'represent']);
    expect(['R02', 'R03', 'R04', 'R16'].map(achReturnRuleOf)).toEqual(Array(4).fill('disable_method'));
    expect(['R07', 'R10', 'R29'].map(achReturnRuleOf)).toEqual(Array(3).fill('new_authorization'));
    expect(achReturnRuleOf('R08')).toBe('none');
    expect(['R02', 'R10', 'R01', 'R08'].map(disablesMethod)).toEqual([true, true, false, false]);
  });
});

describe('re-presentment', () => {
  it('may go out until the 180th day after the original settlement', () => {
    expect(representmentDeadline('2026-01-10')).toBe('2026-07-09');
    expect(representmentRefusalOf(state({ deadline: '2026-07-09', today: '2026-07-09' }))).toBeNull();
    expect(representmentRefusalOf(state({ deadline: '2026-07-09', today: '2026-07-10' }))).toBe(
      'ach_return.window_closed',
    );
  });

  it('is allowed twice at most, once per return, and only for R01 and R09', () => {
    expect(representmentRefusalOf(state({ code: 'R09', attempt: 1 }))).toBeNull();
    expect(representmentRefusalOf(state({ attempt: 2 }))).toBe('ach_return.attempts_used');
    expect(representmentRefusalOf(state({ represented: true }))).toBe('ach_return.already_represented');
    expect(representmentRefusalOf(state({ code: 'R02' }))).toBe('ach_return.not_representable');
    expect(representmentRefusalOf(state({ code: 'R10' }))).toBe('ach_return.not_representable');
  });

  it('names the action taken', () => {
    expect(achReturnActionOf(state())).toBe('may_represent');
    expect(achReturnActionOf(state({ represented: true, attempt: 2 }))).toBe('represented');
    expect(achReturnActionOf(state({ code: 'R03' }))).toBe('method_disabled');
    expect(achReturnActionOf(state({ code: 'R29' }))).toBe('new_authorization_needed');
    expect(achReturnActionOf(state({ code: 'R08' }))).toBe('none');
  });
});

describe('return rates', () => {
  it("counts Nacha's categories against their thresholds", () => {
    expect(RETURN_RATE_RULES.unauthorized).toMatchObject({ threshold: 0.005 });
    expect(RETURN_RATE_RULES.unauthorized.codes).toEqual(['R05', 'R07', 'R10', 'R11', 'R29', 'R51']);
    expect(RETURN_RATE_RULES.administrative).toMatchObject({ codes: ['R02', 'R03', 'R04'], threshold: 0.03 });
    expect(RETURN_RATE_RULES.overall).toMatchObject({ codes: null, threshold: 0.15 });
    expect(returnRate(1, 4)).toBe(0.25);
    expect(returnRate(0, 0)).toBe(0);
  });
});
