import { describe, expect, it } from 'vitest';
import { checkAttachment, describeLength, maySend, needsTimeHeader } from './chat-rules';

const MB = 1024 * 1024;

describe('chat rules', () => {
  it('refuses a file over 1 MB with the SPEC message and accepts images and PDF up to it', () => {
    expect(checkAttachment({ size: MB + 1, type: 'image/png', name: 'car.png' })).toBe(
      'File must be less than 1mb in size',
    );
    expect(checkAttachment({ size: MB, type: 'image/png', name: 'car.png' })).toBeNull();
    expect(checkAttachment({ size: 10, type: 'application/pdf', name: 'bill.pdf' })).toBeNull();
    expect(checkAttachment({ size: 10, type: 'text/plain', name: 'notes.txt' })).toBe(
      'Only images and PDF files can be attached.',
    );
  });

  it('ignores an empty or blank body unless a file is attached', () => {
    expect(maySend('', false)).toBe(false);
    expect(maySend(' \n ', false)).toBe(false);
    expect(maySend('', true)).toBe(true);
    expect(maySend('Hi', false)).toBe(true);
  });

  it('puts a time header above the first message and one more than 5 minutes after the previous', () => {
    expect(needsTimeHeader(null, '2026-03-02T10:00:00Z')).toBe(true);
    expect(needsTimeHeader('2026-03-02T10:00:00Z', '2026-03-02T10:05:00Z')).toBe(false);
    expect(needsTimeHeader('2026-03-02T10:00:00Z', '2026-03-02T10:05:01Z')).toBe(true);
  });

  it('counts characters and segments: GSM-7 160 then 153 a part, UCS-2 70 then 67', () => {
    expect(describeLength('')).toBe('0 characters · 0 segments (GSM-7, 160 per segment)');
    expect(describeLength('a'.repeat(160))).toBe('160 characters · 1 segment (GSM-7, 160 per segment)');
    expect(describeLength('a'.repeat(161))).toBe('161 characters · 2 segments (GSM-7, 153 per segment)');
    expect(describeLength('é'.repeat(1))).toContain('GSM-7');
    expect(describeLength('ł'.repeat(70))).toBe('70 characters · 1 segment (UCS-2, 70 per segment)');
    expect(describeLength('ł'.repeat(71))).toBe('71 characters · 2 segments (UCS-2, 67 per segment)');
  });
});
