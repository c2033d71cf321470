import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { CatalogueError } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import {
  consumeOneTimeToken,
  deleteExpiredOneTimeTokens,
  findOneTimeToken,
  insertOneTimeToken,
  useAllOneTimeTokensOf,
  type OneTimeTokenRow,
} from './one-time-tokens.repository';

export type { OneTimeTokenRow };

export type TokenPurpose = OneTimeTokenRow['purpose'];

/** How long each kind of link stays valid. */
export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  password_reset: 60,
  signup: 7 * 24 * 60,
  invite: 7 * 24 * 60,
  sso: 5,
};

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Issues a single-use token; only its hash is stored, the secret goes into the link. */
export async function issueOneTimeToken(
  db: Db,
  values: Pick<OneTimeTokenRow, 'user_id' | 'purpose'> &
    Partial<Pick<OneTimeTokenRow, 'merchant_id' | 'role' | 'custom_role_id'>>,
): Promise<{ id: string; token: string }> {
  const secret = randomBytes(32).toString('base64url');
  const row = await insertOneTimeToken(db, {
    ...values,
    token_hash: hashSecret(secret),
    expires_at: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[values.purpose] * 60_000),
  });
  return { id: row.id, token: secret };
}

/**
 * The token's row when the secret matches and it is unused and unexpired; otherwise `token.invalid`, or with
 * `whenUsed`, that error for a used token whose secret matches (e.g. an invitation already accepted).
 */
export async function checkOneTimeToken(
  db: Db,
  id: string,
  secret: string,
  purpose: TokenPurpose,
  options: { whenUsed?: () => Error } = {},
): Promise<OneTimeTokenRow> {
  const row = isUuid(id) ? await findOneTimeToken(db, id, purpose) : undefined;
  const given = Buffer.from(hashSecret(secret));
  const matches = row !== undefined && timingSafeEqual(given, Buffer.from(row.token_hash));
  if (matches && row.used_at !== null && options.whenUsed) throw options.whenUsed();
  const valid = matches && row.used_at === null && row.expires_at.getTime() > Date.now();
  if (!valid) throw new CatalogueError('token.invalid');
  return row;
}

/** Uses the token; a second use (even a concurrent one) is `token.invalid`. */
export async function useOneTimeToken(db: Db, row: OneTimeTokenRow): Promise<void> {
  if (!(await consumeOneTimeToken(db, row.id))) throw new CatalogueError('token.invalid');
}

/** Every outstanding link of the user for the purpose stops working (e.g. reset links once the password changed). */
export async function invalidateOneTimeTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await useAllOneTimeTokensOf(db, userId, purpose);
}

export async function pruneExpiredOneTimeTokens(db: Db, expiredBefore: Date): Promise<void> {
  await deleteExpiredOneTimeTokens(db, expiredBefore);
}
