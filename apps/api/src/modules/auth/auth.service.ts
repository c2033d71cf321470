import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError, CatalogueError } from '../../lib/http-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  InvalidTokenError,
  REFRESH_TOKEN_LIFETIME_SECONDS,
  signAccessToken,
  signRefreshToken,
  verifyRefreshToken,
  type RefreshTokenClaims,
} from '../../lib/tokens';
import { queueEmail } from '../mail/mail.service';
import { pruneExpiredWsTickets } from '../live/live.service';
import {
  checkOneTimeToken,
  issueOneTimeToken,
  pruneExpiredOneTimeTokens,
  useOneTimeToken,
} from '../one-time-tokens/one-time-tokens.service';
import {
  acceptInvite,
  buildUserClaims,
  findActiveUser,
  findUserForSignIn,
  findUserPasswordHash,
  getMerchantName,
  publishUserChanged,
  setPassword,
  type UserRow,
} from '../users/users.service';
import {
  clearSignInFailures,
  countRecentFailures,
  insertRefreshToken,
  pruneRefreshTokens,
  pruneSignInFailures,
  recordSignInFailure,
  revokeFamily,
  revokeUserRefreshTokens,
  useRefreshToken,
} from './auth.repository';

export type TokenPair = { access: string; refresh: string };

export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
const THROTTLED = () =>
  new HttpError(429, `Too many sign-in attempts. Please try again in ${SIGN_IN_WINDOW_MINUTES} minutes.`, 'throttled');
const TOKEN_NOT_VALID = () => new HttpError(401, 'Token is invalid or expired', 'token_not_valid');

/** A new access token and a refresh token; a refresh keeps the family of the sign-in it came from. */
export async function issueTokens(
  app: FastifyInstance,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const secret = app.config.JWT_SECRET ?? '';
  const claims = await buildUserClaims(app.database.db, user);
  const jti = randomUUID();
  await insertRefreshToken(app.database.db, {
    jti,
    user_id: user.id,
    family_id: familyId,
    expires_at: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
  });
  return {
    access: await signAccessToken(secret, { sub: user.id, ...claims }),
    refresh: await signRefreshToken(secret, { sub: user.id, jti, family: familyId }),
  };
}

/**
 * Email and password sign-in. Wrong password, unknown email and inactive user get the same answer after the
 * same work (one argon2 check), and repeated failures per account or per address are throttled.
 */
export async function signIn(
  app: FastifyInstance,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair> {
  const db = app.database.db;
  const accountKey = `email:${input.email.trim().toLowerCase()}`;
  const addressKey = `ip:${input.ip}`;
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const [accountFailures, addressFailures] = await Promise.all([
    countRecentFailures(db, accountKey, since),
    countRecentFailures(db, addressKey, since),
  ]);
  if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || addressFailures >= MAX_FAILURES_PER_ADDRESS) throw THROTTLED();

  const user = await findUserForSignIn(db, input.email);
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordSignInFailure(db, [accountKey, addressKey]);
    throw new CatalogueError('user.not_found');
  }
  await clearSignInFailures(db, accountKey);
  return issueTokens(app, user);
}

async function readRefreshToken(app: FastifyInstance, token: string): Promise<RefreshTokenClaims> {
  try {
    return await verifyRefreshToken(app.config.JWT_SECRET ?? '', token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw TOKEN_NOT_VALID();
    throw error;
  }
}

/** Rotates a refresh token. A used, revoked or unknown one revokes its whole sign-in (it may have been stolen). */
export async function refreshTokens(app: FastifyInstance, token: string): Promise<TokenPair> {
  const db = app.database.db;
  const claims = await readRefreshToken(app, token);
  if (!(await useRefreshToken(db, claims.jti))) {
    await revokeFamily(db, claims.family);
    throw TOKEN_NOT_VALID();
  }
  const user = await findActiveUser(db, claims.sub);
  if (!user) {
    await revokeFamily(db, claims.family);
    throw TOKEN_NOT_VALID();
  }
  return issueTokens(app, user, claims.family);
}

/** Logout: the refresh token and every token rotated from the same sign-in stop working. */
export async function blacklistRefreshToken(app: FastifyInstance, token: string): Promise<void> {
  const claims = await readRefreshToken(app, token);
  await revokeFamily(app.database.db, claims.family);
  await publishUserChanged(app, claims.sub);
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await revokeUserRefreshTokens(db, userId);
}

/** Always answers the same; only a real active user with a password gets the email. */
export async function requestPasswordReset(app: FastifyInstance, email: string, appUrl: string): Promise<void> {
  const user = await findUserForSignIn(app.database.db, email);
  if (!user?.password_hash) return;
  const { id, token } = await issueOneTimeToken(app.database.db, { user_id: user.id, purpose: 'password_reset' });
  const link = `${appUrl}/reset-password/${id}/${token}`;
  await queueEmail(app, {
    to: user.email,
    subject: 'Reset your Paydesk password',
    text: `Hello ${user.first_name},\n\nUse this link within an hour to choose a new Paydesk password:\n${link}\n\nIf you did not ask for this, you can ignore this email.`,
  });
}

export async function confirmPasswordReset(
  app: FastifyInstance,
  input: { id: string; token: string; password: string },
): Promise<void> {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, input.id, input.token, 'password_reset');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await useOneTimeToken(tx, row);
    await setPassword(tx, row.user_id, passwordHash);
    await revokeUserRefreshTokens(tx, row.user_id);
  });
  await publishUserChanged(app, row.user_id);
}

/** A single-use SSO link for a user, minted by a super user; valid for 5 minutes. */
export async function createSsoLink(
  app: FastifyInstance,
  userId: string,
): Promise<{ id: string; token: string; url: string }> {
  const user = await findActiveUser(app.database.db, userId);
  if (!user) throw new CatalogueError('user.not_found');
  const { id, token } = await issueOneTimeToken(app.database.db, { user_id: user.id, purpose: 'sso' });
  return { id, token, url: `/sso?${new URLSearchParams({ id, token })}` };
}

export async function signInWithSso(app: FastifyInstance, input: { id: string; token: string }): Promise<TokenPair> {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, input.id, input.token, 'sso');
  const user = await findActiveUser(db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  await useOneTimeToken(db, row);
  return issueTokens(app, user);
}

export async function describeSignup(app: FastifyInstance, id: string, token: string) {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, id, token, 'signup');
  const user = await findActiveUser(db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    merchant_name: await getMerchantName(db, row.merchant_id),
  };
}

/** A new user invited by email sets their name and password, and is signed in. */
export async function completeSignup(
  app: FastifyInstance,
  input: { id: string; token: string; first_name: string; last_name: string; password: string },
): Promise<TokenPair> {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, input.id, input.token, 'signup');
  const user = await findActiveUser(db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  if (await findUserPasswordHash(db, user.id)) throw new CatalogueError('password.already_set');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await useOneTimeToken(tx, row);
    await setPassword(tx, user.id, passwordHash, { first_name: input.first_name, last_name: input.last_name });
  });
  await publishUserChanged(app, user.id);
  return issueTokens(app, user);
}

export async function describeInvite(app: FastifyInstance, id: string, token: string) {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, id, token, 'invite');
  const user = await findActiveUser(db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  return { email: user.email, merchant_name: await getMerchantName(db, row.merchant_id) };
}

/** An existing user invited to another merchant confirms with their password and gets the role there. */
export async function acceptPartnerInvite(
  app: FastifyInstance,
  input: { id: string; token: string; password: string },
): Promise<TokenPair> {
  const db = app.database.db;
  const row = await checkOneTimeToken(db, input.id, input.token, 'invite');
  const user = await findActiveUser(db, row.user_id);
  const passwordHash = user ? await findUserPasswordHash(db, user.id) : null;
  if (!user || !passwordHash || !(await verifyPassword(passwordHash, input.password))) {
    throw new CatalogueError('user.not_found');
  }
  await db.transaction(async (tx) => {
    await useOneTimeToken(tx, row);
    await acceptInvite(tx, row);
  });
  await publishUserChanged(app, user.id);
  return issueTokens(app, user);
}

/** Deletes what no longer matters: old sign-in failures, and refresh and one-time tokens expired a day ago. */
export async function pruneExpiredAuthRecords(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await pruneSignInFailures(db, dayAgo);
  await pruneRefreshTokens(db, dayAgo);
  await pruneExpiredOneTimeTokens(db, dayAgo);
  await pruneExpiredWsTickets(db, now);
}
