import { describe, expect, it } from 'vitest';
import { STATE_CODES, US_TIME_ZONES, stateName, timeZoneLabel } from './regions';

describe('location regions', () => {
  it('lists the 50 states, DC and Puerto Rico', () => {
    expect(STATE_CODES).toHaveLength(52);
    expect(new Set(STATE_CODES).size).toBe(52);
    expect(stateName('PR')).toBe('Puerto Rico');
    expect(stateName('DC')).toBe('District of Columbia');
  });

  it('offers real IANA zones with labels, Puerto Rico, Hawaii, Alaska and Arizona included', () => {
    for (const [id] of US_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: id })).not.toThrow();
    }
    const ids = US_TIME_ZONES.map(([id]) => id);
    expect(ids).toEqual(
      expect.arrayContaining(['America/Puerto_Rico', 'Pacific/Honolulu', 'America/Anchorage', 'America/Phoenix']),
    );
    expect(timeZoneLabel('America/New_York')).toBe('Eastern Time (New York)');
  });
});
