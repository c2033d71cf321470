// Unsigned JWTs for tests: the client only reads the payload, the server verifies signatures.

export type TestTokenClaims = {
  sub?: string;
  roles?: string[];
  groups?: string[];
  /** Seconds since the epoch; defaults to the current (possibly faked) clock. */
  iat?: number;
  /** The token's lifetime in seconds (exp − iat). */
  lifetime?: number;
};

export const ACCESS_LIFETIME_SECONDS = 600;
export const REFRESH_LIFETIME_SECONDS = 24 * 60 * 60;

function encodeSegment(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let tokenCount = 0;

export function makeToken({ lifetime = ACCESS_LIFETIME_SECONDS, iat, ...claims }: TestTokenClaims = {}): string {
  tokenCount += 1;
  const issuedAt = iat ?? Math.floor(Date.now() / 1000);
  const payload = { ...claims, iat: issuedAt, exp: issuedAt + lifetime, jti: `test-${tokenCount}` };
  return `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment(payload)}.signature`;
}

/** An access and refresh pair as POST /token/ answers it. */
export function makeTokenPair(claims: Omit<TestTokenClaims, 'lifetime'> = {}): { access: string; refresh: string } {
  return {
    access: makeToken({ roles: ['staff'], groups: [], ...claims }),
    refresh: makeToken({ sub: claims.sub, iat: claims.iat, lifetime: REFRESH_LIFETIME_SECONDS }),
  };
}
