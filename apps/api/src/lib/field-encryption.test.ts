import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-encryption';

const key = randomBytes(32).toString('base64');

describe('field encryption', () => {
  it('round-trips a value and never stores it in the clear', () => {
    const cipher = createFieldCipher(key);
    const sealed = cipher.encrypt('123456789');
    expect(sealed).not.toContain('123456789');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(sealed)).toBe('123456789');
  });

  it('seals the same value differently each time', () => {
    const cipher = createFieldCipher(key);
    expect(cipher.encrypt('secret')).not.toBe(cipher.encrypt('secret'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const cipher = createFieldCipher(key);
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createFieldCipher(randomBytes(32).toString('base64')).decrypt(sealed)).toThrow();
  });

  it('throws on use when no key is configured, and refuses a short key', () => {
    expect(() => createFieldCipher(undefined).encrypt('x')).toThrow(/ENCRYPTION_KEY/);
    expect(() => createFieldCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
