import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** `fam` is the refresh-token family (the sign-in) the token came from: revoking the family refuses the token. */
export type AccessTokenClaims = {
  sub: string;
  fam: string;
  roles: string[];
  groups: string[];
  iat: number;
  exp: number;
};
export type RefreshTokenClaims = { sub: string; jti: string; family: string; exp: number };

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

// jose works on WebCrypto keys: given bytes or a KeyObject it imports a CryptoKey on every call, a noticeable
// share of each request's CPU. The key is imported once per secret and reused for signing and verifying.
// Access tokens already verified with it are remembered too (by their exact text, so by their signature): the
// same bytes verify the same way every time, and only the expiry, checked on each use, can change the answer.
type SigningKey = {
  secret: string;
  key: Promise<webcrypto.CryptoKey>;
  verifiedAccessTokens: LRUCache<string, AccessTokenClaims>;
};
let cachedKey: SigningKey | undefined;
function signingKeyOf(secret: string): SigningKey {
  if (cachedKey?.secret !== secret) {
    const key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cachedKey = { secret, key, verifiedAccessTokens: new LRUCache({ max: 10_000 }) };
  }
  return cachedKey;
}

const keyOf = (secret: string) => signingKeyOf(secret).key;

/** Given `jti` and `iat` (seconds), the same claims sign to the same token: a rotation can be answered twice. */
export type TokenIssue = { jti?: string; iat?: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signAccessToken(
  secret: string,
  claims: { sub: string; fam: string; roles: string[]; groups: string[] },
  issue: TokenIssue = {},
) {
  const iat = issue.iat ?? nowSeconds();
  return new SignJWT({ fam: claims.fam, roles: claims.roles, groups: claims.groups, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(issue.jti ?? randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(await keyOf(secret));
}

export async function signRefreshToken(
  secret: string,
  claims: { sub: string; jti: string; family: string },
  issue: Pick<TokenIssue, 'iat'> = {},
) {
  const iat = issue.iat ?? nowSeconds();
  return new SignJWT({ family: claims.family, token_type: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + REFRESH_TOKEN_LIFETIME_SECONDS)
    .sign(await keyOf(secret));
}

/** A UUID derived from the secret and a label: the same inputs always give the same id, no one else can predict it. */
export function deriveTokenId(secret: string, label: string): string {
  const hex = createHmac('sha256', secret).update(label).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
  const { verifiedAccessTokens } = signingKeyOf(secret);
  const known = verifiedAccessTokens.get(token);
  if (known) {
    if (known.exp * 1000 > Date.now()) return known;
    verifiedAccessTokens.delete(token);
    throw new InvalidTokenError('expired token');
  }
  const payload = await verify(secret, token, 'access');
  if (typeof payload.fam !== 'string' || !payload.fam) throw new InvalidTokenError('no family');
  const claims = {
    sub: payload.sub as string,
    fam: payload.fam,
    roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
    groups: Array.isArray(payload.groups) ? payload.groups.map(String) : [],
    iat: payload.iat ?? 0,
    exp: payload.exp ?? 0,
  };
  verifiedAccessTokens.set(token, claims);
  return claims;
}

export async function verifyRefreshToken(secret: string, token: string): Promise<RefreshTokenClaims> {
  const payload = await verify(secret, token, 'refresh');
  if (typeof payload.jti !== 'string' || typeof payload.family !== 'string')
    throw new InvalidTokenError('invalid token');
  return { sub: payload.sub as string, jti: payload.jti, family: payload.family, exp: payload.exp ?? 0 };
}
