import { randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export type AccessTokenClaims = { sub: string; roles: string[]; groups: string[]; iat: number; exp: number };
export type RefreshTokenClaims = { sub: string; jti: string; family: string; exp: number };

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

// jose works on WebCrypto keys: given bytes or a KeyObject it imports a CryptoKey on every call, a noticeable
// share of each request's CPU. The key is imported once per secret and reused for signing and verifying.
let cachedKey: { secret: string; key: Promise<webcrypto.CryptoKey> } | undefined;
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  if (cachedKey?.secret !== secret) {
    const key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

export async function signAccessToken(secret: string, claims: { sub: string; roles: string[]; groups: string[] }) {
  return new SignJWT({ roles: claims.roles, groups: claims.groups, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
    .sign(await keyOf(secret));
}

export async function signRefreshToken(secret: string, claims: { sub: string; jti: string; family: string }) {
  return new SignJWT({ family: claims.family, token_type: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(`${REFRESH_TOKEN_LIFETIME_SECONDS}s`)
    .sign(await keyOf(secret));
}

async function verify(secret: string, token: string, type: 'access' | 'refresh') {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (payload.token_type !== type || typeof payload.sub !== 'string') throw new InvalidTokenError('wrong token type');
    return payload;
  } catch (error) {
    if (error instanceof InvalidTokenError || error instanceof joseErrors.JOSEError)
      throw new InvalidTokenError('invalid token');
    throw error;
  }
}

export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims> {
  const payload = await verify(secret, token, 'access');
  return {
    sub: payload.sub as string,
    roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
    groups: Array.isArray(payload.groups) ? payload.groups.map(String) : [],
    iat: payload.iat ?? 0,
    exp: payload.exp ?? 0,
  };
}

export async function verifyRefreshToken(secret: string, token: string): Promise<RefreshTokenClaims> {
  const payload = await verify(secret, token, 'refresh');
  if (typeof payload.jti !== 'string' || typeof payload.family !== 'string')
    throw new InvalidTokenError('invalid token');
  return { sub: payload.sub as string, jti: payload.jti, family: payload.family, exp: payload.exp ?? 0 };
}
