import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { appUrlOf } from './app-url';

describe('appUrlOf', () => {
  it('is PUBLIC_URL without a trailing slash when set', () => {
    expect(appUrlOf(parseConfig({ PUBLIC_URL: 'https://paydesk.example.com/' }))).toBe('https://paydesk.example.com');
  });

  it('is the local address the server listens on otherwise', () => {
    expect(appUrlOf(parseConfig({ PORT: '4123' }))).toBe('http://localhost:4123');
  });
});
