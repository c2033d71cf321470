import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidTokenError, signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const keyBytes = new TextEncoder().encode(SECRET);

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops accepting a token once it expires, even one verified before', async () => {
    const token = await signAccessToken(SECRET, { sub: 'user-2', fam: 'family-2', roles: [], groups: [] });
    await expect(verifyAccessToken(SECRET, token)).resolves.toMatchObject({ sub: 'user-2' });
    vi.useFakeTimers({ now: Date.now() + 11 * 60 * 1000 });
    await expect(verifyAccessToken(SECRET, token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('verifies a token it signed, with the same key', async () => {
    const token = await signAccessToken(SECRET, { sub: 'user-1', fam: 'family-1', roles: ['admin'], groups: [] });
    await expect(verifyAccessToken(SECRET, token)).resolves.toMatchObject({ sub: 'user-1', roles: ['admin'] });
    await expect(verifyAccessToken(`${SECRET}-other`, token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const forever = await new SignJWT({ fam: 'family-1', roles: [], groups: [], token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt()
      .sign(keyBytes);
    await expect(verifyAccessToken(SECRET, forever)).rejects.toBeInstanceOf(InvalidTokenError);

    const expiring = await new SignJWT({ fam: 'family-1', roles: [], groups: [], token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(keyBytes);
    await expect(verifyAccessToken(SECRET, expiring)).resolves.toMatchObject({ sub: 'user-1' });
  });

  it('refuses a token that does not name the sign-in (refresh family) it came from', async () => {
    const familyless = await new SignJWT({ roles: [], groups: [], token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(keyBytes);
    await expect(verifyAccessToken(SECRET, familyless)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
