import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { appOriginsOf, appUrlOf, appUrlOn } from './app-url';

describe('appUrlOf', () => {
  it('is PUBLIC_URL without a trailing slash when set', () => {
    expect(appUrlOf(parseConfig({ PUBLIC_URL: 'https://paydesk.example.com/' }))).toBe('https://paydesk.example.com');
  });

  it('is the local address the server listens on otherwise', () => {
    expect(appUrlOf(parseConfig({ PORT: '4123' }))).toBe('http://localhost:4123');
  });
});

describe('appOriginsOf and appUrlOn', () => {
  it('without PUBLIC_URL: the server’s port on every loopback name', () => {
    const config = parseConfig({ PORT: '4123' });
    expect(appOriginsOf(config)).toEqual(['http://localhost:4123', 'http://127.0.0.1:4123', 'http://[::1]:4123']);
    expect(appUrlOn(config, 'http://127.0.0.1:4123')).toBe('http://127.0.0.1:4123');
    expect(appUrlOn(config, 'http://127.0.0.1:4124')).toBe('http://localhost:4123');
  });

  it('with PUBLIC_URL: its origin and APP_ORIGINS only; anything else is PUBLIC_URL (path kept)', () => {
    const config = parseConfig({
      PUBLIC_URL: 'https://paydesk.example.com/app/',
      APP_ORIGINS: 'https://ops.paydesk.example.com, http://127.0.0.1:3000',
    });
    expect(appOriginsOf(config)).toEqual([
      'https://paydesk.example.com',
      'https://ops.paydesk.example.com',
      'http://127.0.0.1:3000',
    ]);
    expect(appUrlOn(config, 'https://ops.paydesk.example.com')).toBe('https://ops.paydesk.example.com');
    expect(appUrlOn(config, 'https://paydesk.example.com')).toBe('https://paydesk.example.com/app');
    for (const wanted of ['http://localhost:3000', 'https://evil.example', 'https://ops.paydesk.example.com/', null]) {
      expect(appUrlOn(config, wanted)).toBe('https://paydesk.example.com/app');
    }
  });

  it('refuses APP_ORIGINS that are not http(s) addresses', () => {
    expect(() => parseConfig({ APP_ORIGINS: 'javascript:alert(1)' })).toThrow(/APP_ORIGINS/);
    expect(() => parseConfig({ APP_ORIGINS: 'not a url' })).toThrow(/APP_ORIGINS/);
  });
});
