import { describe, expect, it } from 'vitest';
import { classifyReply } from './keywords';
import { formatMinuteOfDay, isInsideSendWindow, localPlaceOf, nextSendTime } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('holds a text before 8 am local and releases it at 8 am in the customer’s zone (area code)', () => {
    // 12:00 UTC is 7:00 in Chicago (CDT, 312) and 5:00 in Los Angeles (PDT, 213).
    const now = at('2026-07-01T12:00:00Z');
    expect(nextSendTime(now, { phone: '+13125550101', merchantTimeZone: 'America/New_York' })).toEqual(
      at('2026-07-01T13:00:00Z'),
    );
    expect(nextSendTime(now, { phone: '+12135550101', merchantTimeZone: 'America/New_York' })).toEqual(
      at('2026-07-01T15:00:00Z'),
    );
    // New York (212) is at 8:00: inside.
    expect(isInsideSendWindow(now, { phone: '+12125550101', merchantTimeZone: 'America/Chicago' })).toBe(true);
  });

  it('holds a text after 9 pm until 8 am the next day', () => {
    const now = at('2026-07-02T01:30:00Z'); // 21:30 in New York
    expect(nextSendTime(now, { phone: '+12125550101', merchantTimeZone: 'America/New_York' })).toEqual(
      at('2026-07-02T12:00:00Z'),
    );
  });

  it('applies Florida’s 8 pm end and the merchant’s narrower window', () => {
    const now = at('2026-07-02T00:30:00Z'); // 20:30 in Miami (305)
    expect(isInsideSendWindow(now, { phone: '+13055550101', merchantTimeZone: 'America/New_York' })).toBe(false);
    expect(isInsideSendWindow(now, { phone: '+12125550101', merchantTimeZone: 'America/New_York' })).toBe(true);
    const narrow = { start: 10 * 60, end: 18 * 60 };
    expect(
      isInsideSendWindow(at('2026-07-01T13:30:00Z'), { phone: '+12125550101', merchantTimeZone: 'UTC' }, narrow),
    ).toBe(false);
  });

  it('prefers the address’s state, then the area code, then the merchant’s zone', () => {
    expect(localPlaceOf({ addressState: 'CA', phone: '+12125550101', merchantTimeZone: 'UTC' }).timeZone).toBe(
      'America/Los_Angeles',
    );
    expect(localPlaceOf({ phone: '+12125550101', merchantTimeZone: 'UTC' }).timeZone).toBe('America/New_York');
    expect(localPlaceOf({ phone: '+15555550101', merchantTimeZone: 'America/Denver' }).timeZone).toBe('America/Denver');
  });
});

describe('classifyReply', () => {
  it('reads keywords only as the whole reply', () => {
    expect(classifyReply(' stop. ')).toEqual({ kind: 'opt_out', keyword: 'STOP' });
    expect(classifyReply('Unstop')).toEqual({ kind: 'opt_in', keyword: 'UNSTOP' });
    expect(classifyReply('info')).toEqual({ kind: 'help', keyword: 'INFO' });
    expect(classifyReply('pay')).toEqual({ kind: 'pay', keyword: 'PAY' });
    expect(classifyReply('stop texting me')).toEqual({ kind: 'possible_opt_out' });
    expect(classifyReply('I will pay Friday')).toEqual({ kind: 'none' });
  });
});

describe('formatMinuteOfDay', () => {
  it('reads minutes after midnight as a 12-hour time', () => {
    expect(formatMinuteOfDay(480)).toBe('8:00 AM');
    expect(formatMinuteOfDay(12 * 60 + 30)).toBe('12:30 PM');
    expect(formatMinuteOfDay(21 * 60)).toBe('9:00 PM');
    expect(formatMinuteOfDay(0)).toBe('12:00 AM');
  });
});
