import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export type AccessTokenClaims = { sub: string; roles: string[]; groups: string[]; iat: number; exp: number };
export type RefreshTokenClaims = { sub: string; jti: string; family: string; exp: number };

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

// Importing the HS256 key is a noticeable share of each request's CPU when done per call, so it happens once.
let cachedKey: { secret: string; key: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return cachedKey.key;
}

export async function signAccessToken(secret: string, claims: { sub: string; roles: string[]; groups: string[] }) {
  return new SignJWT({ roles: claims.roles, groups: claims.groups, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
    .sign(keyOf(secret));
}

export async function signRefreshToken(secret: string, claims: { sub: string; jti: string; family: string }) {
  return new SignJWT({ family: claims.family, token_type: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(`${REFRESH_TOKEN_LIFETIME_SECONDS}s`)
    .sign(keyOf(secret));
}

async function verify(secret: string, token: string, type: 'access' | 'refresh') {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
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
