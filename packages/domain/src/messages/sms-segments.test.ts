import { describe, expect, it } from 'vitest';
import { countSmsSegments, ucs2Note } from './sms-segments';

describe('countSmsSegments', () => {
  it('is 0 segments for an empty text', () => {
    expect(countSmsSegments('').segments).toBe(0);
  });

  it('fits 160 GSM-7 characters in one segment and needs two at 161 (153 a part)', () => {
    expect(countSmsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, perSegment: 160 });
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2, perSegment: 153 });
    expect(countSmsSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts GSM-7 extension characters as two', () => {
    const count = countSmsSegments('{'.repeat(81));
    expect(count).toMatchObject({ encoding: 'GSM-7', characters: 81, units: 162, segments: 2 });
  });

  it('keeps GSM-7 for accents GSM-7 has (é) and switches to UCS-2 on one it lacks, naming it', () => {
    expect(countSmsSegments(`${'a'.repeat(159)}é`)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    const count = countSmsSegments(`${'a'.repeat(69)}ł`);
    expect(count).toMatchObject({ encoding: 'UCS-2', segments: 1, perSegment: 70, ucs2Characters: ['ł'] });
    expect(ucs2Note(count)).toContain('“ł”');
  });

  it('splits UCS-2 at 70 into parts of 67', () => {
    expect(countSmsSegments(`${'a'.repeat(70)}ł`)).toMatchObject({ encoding: 'UCS-2', segments: 2, perSegment: 67 });
    expect(countSmsSegments(`${'a'.repeat(133)}ł`).segments).toBe(2);
    expect(countSmsSegments(`${'a'.repeat(134)}ł`).segments).toBe(3);
  });

  it('counts an emoji as one character that forces UCS-2 (two code units)', () => {
    const count = countSmsSegments('Thanks 😀');
    expect(count).toMatchObject({ encoding: 'UCS-2', characters: 8, ucs2Characters: ['😀'] });
  });

  it('has no UCS-2 note for GSM-7', () => {
    expect(ucs2Note(countSmsSegments('hello'))).toBeNull();
  });
});
