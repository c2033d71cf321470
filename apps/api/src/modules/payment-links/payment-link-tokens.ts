// A payment link's token: 32 random bytes (256 bits) from the CSPRNG, base64url. Tokens are independent of each
// other, so none can be worked out from another; only a sha256 of each is stored, so the table does not hold a link.

import { createHash, randomBytes } from 'node:crypto';

/** The token's length in characters (32 bytes as base64url, no padding). */
export const PAY_TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newPayToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashPayToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether the text can be a token at all (anything else is looked up by no one). */
export function isPayTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
