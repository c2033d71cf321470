import { randomUUID } from 'node:crypto';
import { appUrlOf } from '../../lib/app-url';
import { CatalogueError, FieldErrors, HttpError } from '../../lib/http-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  InvalidTokenError,
  REFRESH_TOKEN_LIFETIME_SECONDS,
  deriveTokenId,
  signAccessToken,
  signRefreshToken,
  verifyRefreshToken,
  type RefreshTokenClaims,
} from '../../lib/tokens';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { queueEmail } from '../mail/mail.public';
import { pruneExpiredWsTickets } from '../live/live.public';
import {
  checkOneTimeToken,
  invalidateOneTimeTokens,
  issueOneTimeToken,
  pruneExpiredOneTimeTokens,
  useOneTimeToken,
} from '../one-time-tokens/one-time-tokens.public';
import {
  acceptInvite,
  buildUserClaims,
  findActiveUser,
  findUserForSignIn,
  findUserPasswordHash,
  getMerchantName,
  publishUserChanged,
  recordOwnChange,
  setPassword,
  type UserRow,
} from '../users/users.public';
import {
  findRefreshToken,
  insertRefreshToken,
  isFamilyActive,
  pruneRefreshTokens,
  pruneSignInFailures,
  revokeFamily,
  revokeOtherRefreshFamilies,
  revokeUserRefreshTokens,
  useRefreshToken,
} from './auth.repository';
import { sessionRevokedEvent, signInEndedEvent } from './auth.events';
import { passwordResetRequestedJob } from './auth.jobs';
import { passwordCheckRules, passwordResetRules, throttleAttempt } from './auth.throttle';

export type TokenPair = { access: string; refresh: string };

const TOKEN_NOT_VALID = () => new HttpError('token_not_valid', 'Token is invalid or expired');

/** How long a rotated refresh token still answers with the pair it was rotated into (two tabs refreshing at once). */
export const REFRESH_GRACE_SECONDS = 10;

/** A new access token and a refresh token; a refresh keeps the family of the sign-in it came from. */
export async function issueTokens(
  ctx: ServiceContext,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const jti = randomUUID();
  await insertRefreshToken(ctx.db, {
    jti,
    user_id: user.id,
    family_id: familyId,
    expires_at: new Date(ctx.clock().getTime() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
  });
  return signTokenPair(ctx, user, familyId, { jti, iat: Math.floor(ctx.clock().getTime() / 1000) });
}

async function signTokenPair(
  ctx: ServiceContext,
  user: UserRow,
  familyId: string,
  issue: { jti: string; iat: number; accessJti?: string },
): Promise<TokenPair> {
  const secret = ctx.config.JWT_SECRET ?? '';
  const claims = await buildUserClaims(ctx.db, user);
  return {
    access: await signAccessToken(
      secret,
      { sub: user.id, fam: familyId, ...claims },
      { jti: issue.accessJti, iat: issue.iat },
    ),
    refresh: await signRefreshToken(secret, { sub: user.id, jti: issue.jti, family: familyId }, { iat: issue.iat }),
  };
}

/**
 * The pair a refresh token is rotated into, the same every time it is asked for: its ids are derived from the
 * used token's id and its times from when it was used.
 */
async function successorPair(ctx: ServiceContext, user: UserRow, claims: RefreshTokenClaims, usedAt: Date) {
  const secret = ctx.config.JWT_SECRET ?? '';
  return signTokenPair(ctx, user, claims.family, {
    jti: deriveTokenId(secret, `refresh-successor:${claims.jti}`),
    accessJti: deriveTokenId(secret, `access-successor:${claims.jti}`),
    iat: Math.floor(usedAt.getTime() / 1000),
  });
}

/**
 * Email and password sign-in. Wrong password, unknown email and inactive user get the same answer after the
 * same work (one argon2 check). Each attempt is counted before the check (see `throttleAttempt`).
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair> {
  const { db } = ctx;
  const attempt = await throttleAttempt(ctx, passwordCheckRules(input.email, input.ip));
  const user = await findUserForSignIn(db, input.email);
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new CatalogueError('user.not_found');
  await attempt.succeed();
  return issueTokens(ctx, user);
}

async function readRefreshToken(ctx: ServiceContext, token: string): Promise<RefreshTokenClaims> {
  try {
    return await verifyRefreshToken(ctx.config.JWT_SECRET ?? '', token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw TOKEN_NOT_VALID();
    throw error;
  }
}

/**
 * Rotates a refresh token. Within a few seconds of its rotation the same token gets the same new pair again (two
 * tabs refreshing at once); after that, a used, revoked or unknown one revokes its whole sign-in (it may have been
 * stolen).
 */
export async function refreshTokens(ctx: ServiceContext, token: string): Promise<TokenPair> {
  const claims = await readRefreshToken(ctx, token);
  // In one transaction, a second rotation of the same token waits for the first to commit its successor.
  const pair = await withTransaction(ctx, async (tx) => {
    const now = ctx.clock();
    const user = await findActiveUser(tx.db, claims.sub);
    if (!user) return null;
    if (await useRefreshToken(tx.db, claims.jti, now)) {
      const usedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
      const successor = await successorPair(tx, user, claims, usedAt);
      await insertRefreshToken(tx.db, {
        jti: deriveTokenId(ctx.config.JWT_SECRET ?? '', `refresh-successor:${claims.jti}`),
        user_id: user.id,
        family_id: claims.family,
        expires_at: new Date(usedAt.getTime() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000),
      });
      return successor;
    }
    const row = await findRefreshToken(tx.db, claims.jti);
    const inGrace =
      row?.used_at &&
      !row.revoked_at &&
      row.user_id === user.id &&
      now.getTime() - row.used_at.getTime() <= REFRESH_GRACE_SECONDS * 1000;
    return inGrace && row.used_at ? successorPair(tx, user, claims, row.used_at) : null;
  });
  if (pair) return pair;
  await endSignIn(ctx, claims.sub, claims.family);
  throw TOKEN_NOT_VALID();
}

/**
 * Ends one sign-in (refresh family): its refresh tokens and, through the family, its access tokens and live tickets
 * stop working, and every API process closes its live sockets (`sign_in.ended`, delivered on commit).
 */
async function endSignIn(ctx: ServiceContext, userId: string, familyId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await revokeFamily(tx.db, familyId);
    await publishUserChanged(tx, userId);
    await tx.events.publish(signInEndedEvent, { user_id: userId, family_id: familyId }, { kind: 'servers' });
  });
}

/** Whether the sign-in (refresh family) an access token came from still stands: not logged out or revoked. */
export async function isSignInActive(ctx: Pick<ServiceContext, 'db'>, userId: string, familyId: string) {
  return isFamilyActive(ctx.db, userId, familyId);
}

/** Logout: the refresh token and every token rotated from the same sign-in stop working. */
export async function blacklistRefreshToken(ctx: ServiceContext, token: string): Promise<void> {
  const claims = await readRefreshToken(ctx, token);
  await endSignIn(ctx, claims.sub, claims.family);
}

/**
 * Every refresh token of the user stops working, and their open clients are told (`session.revoked`, delivered
 * when the transaction commits). Joins the caller's transaction, e.g. disabling the user.
 */
export async function revokeAllSessions(ctx: ServiceContext, userId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await revokeUserRefreshTokens(tx.db, userId);
    await tx.events.publish(sessionRevokedEvent, {}, { kind: 'user', userId });
  });
}

/**
 * Always the same work and answer: the request only queues the email's lookup, so an unknown email is not answered
 * faster than a known one.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, ip: string): Promise<void> {
  await throttleAttempt(ctx, passwordResetRules(email, ip));
  await ctx.jobs.send(passwordResetRequestedJob, { email });
}

/** Only a real active user with a password gets the email. */
export async function sendPasswordResetLink(ctx: ServiceContext, email: string): Promise<void> {
  const user = await findUserForSignIn(ctx.db, email);
  if (!user?.password_hash) return;
  await withTransaction(ctx, async (tx) => {
    const { id, token } = await issueOneTimeToken(tx.db, { user_id: user.id, purpose: 'password_reset' });
    const link = `${appUrlOf(ctx.config)}/reset-password/${id}/${token}`;
    await queueEmail(tx, {
      key: `password-reset:${id}`,
      to: user.email,
      subject: 'Reset your Paydesk password',
      text: `Hello ${user.first_name},\n\nUse this link within an hour to choose a new Paydesk password:\n${link}\n\nIf you did not ask for this, you can ignore this email.`,
    });
  });
}

/**
 * A new password ends everything the old one opened: every reset link still outstanding and every sign-in (refresh
 * families, and through them the access tokens, which the auth guard refuses once their family is revoked).
 */
export async function changePassword(ctx: ServiceContext, userId: string, passwordHash: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await setPassword(tx.db, userId, passwordHash);
    await invalidateOneTimeTokens(tx.db, userId, 'password_reset');
    await revokeUserRefreshTokens(tx.db, userId);
    await publishUserChanged(tx, userId);
    // Every sign-in ended with the old password: their open clients sign out and their live sockets close.
    await tx.events.publish(sessionRevokedEvent, {}, { kind: 'user', userId });
  });
}

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';

/**
 * The signed-in user changes their password, proving the current one. A wrong current password counts like a failed
 * sign-in for the account from that address (it is the same guess). The new password ends every other sign-in (their
 * refresh tokens, access tokens and live sockets) and every outstanding reset link; the sign-in that asked stays.
 */
export async function changeOwnPassword(
  ctx: ServiceContext,
  input: { user: UserRow; familyId: string; currentPassword: string; newPassword: string; ip: string },
): Promise<void> {
  const { user } = input;
  const attempt = await throttleAttempt(ctx, passwordCheckRules(user.email, input.ip));
  const passwordHash = await findUserPasswordHash(ctx.db, user.id);
  const valid = passwordHash
    ? await verifyPassword(passwordHash, input.currentPassword)
    : await verifyAgainstDummy(input.currentPassword);
  if (!valid) throw FieldErrors.of('current_password', CURRENT_PASSWORD_WRONG);
  await attempt.succeed();
  const newHash = await hashPassword(input.newPassword);
  await withTransaction(ctx, async (tx) => {
    await setPassword(tx.db, user.id, newHash);
    await invalidateOneTimeTokens(tx.db, user.id, 'password_reset');
    const endedFamilies = await revokeOtherRefreshFamilies(tx.db, user.id, input.familyId);
    await publishUserChanged(tx, user.id);
    for (const familyId of endedFamilies) {
      await tx.events.publish(signInEndedEvent, { user_id: user.id, family_id: familyId }, { kind: 'servers' });
    }
    await recordOwnChange(tx, user, { before: { password: passwordHash }, after: { password: newHash } });
  });
}

/** Whether a reset link can still be used, checked when its page opens: `token.invalid` when not. */
export async function checkPasswordResetLink(ctx: ServiceContext, id: string, token: string): Promise<void> {
  await checkOneTimeToken(ctx.db, id, token, 'password_reset');
}

export async function confirmPasswordReset(
  ctx: ServiceContext,
  input: { id: string; token: string; password: string },
): Promise<void> {
  const row = await checkOneTimeToken(ctx.db, input.id, input.token, 'password_reset');
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    await useOneTimeToken(tx.db, row);
    await changePassword(tx, row.user_id, passwordHash);
  });
}

/** A single-use SSO link for a user, minted by a super user; valid for 5 minutes. */
export async function createSsoLink(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; token: string; url: string }> {
  const user = await findActiveUser(ctx.db, userId);
  if (!user) throw new CatalogueError('user.not_found');
  const { id, token } = await issueOneTimeToken(ctx.db, { user_id: user.id, purpose: 'sso' });
  return { id, token, url: `/sso?${new URLSearchParams({ id, token })}` };
}

export async function signInWithSso(ctx: ServiceContext, input: { id: string; token: string }): Promise<TokenPair> {
  const row = await checkOneTimeToken(ctx.db, input.id, input.token, 'sso');
  const user = await findActiveUser(ctx.db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  return withTransaction(ctx, async (tx) => {
    await useOneTimeToken(tx.db, row);
    return issueTokens(tx, user);
  });
}

export async function describeSignup(ctx: ServiceContext, id: string, token: string) {
  const { db } = ctx;
  const row = await checkOneTimeToken(db, id, token, 'signup', { whenUsed: invitationAccepted });
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
  ctx: ServiceContext,
  input: { id: string; token: string; first_name: string; last_name: string; password: string },
): Promise<TokenPair> {
  const row = await checkOneTimeToken(ctx.db, input.id, input.token, 'signup');
  const user = await findActiveUser(ctx.db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  if (await findUserPasswordHash(ctx.db, user.id)) throw new CatalogueError('password.already_set');
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    await useOneTimeToken(tx.db, row);
    await setPassword(tx.db, user.id, passwordHash, { first_name: input.first_name, last_name: input.last_name });
    await publishUserChanged(tx, user.id);
    return issueTokens(tx, user);
  });
}

const invitationAccepted = () => new HttpError('invitation.accepted');

export async function describeInvite(ctx: ServiceContext, id: string, token: string) {
  const { db } = ctx;
  const row = await checkOneTimeToken(db, id, token, 'invite', { whenUsed: invitationAccepted });
  const user = await findActiveUser(db, row.user_id);
  if (!user) throw new CatalogueError('token.invalid');
  return { email: user.email, merchant_name: await getMerchantName(db, row.merchant_id) };
}

/** An existing user invited to another merchant confirms with their password and gets the role there. */
export async function acceptPartnerInvite(
  ctx: ServiceContext,
  input: { id: string; token: string; password: string; ip: string },
): Promise<TokenPair> {
  const row = await checkOneTimeToken(ctx.db, input.id, input.token, 'invite');
  const user = await findActiveUser(ctx.db, row.user_id);
  if (!user) throw new CatalogueError('user.not_found');
  // The same counters as signing in: the invite page is another way to guess the user's password.
  const attempt = await throttleAttempt(ctx, passwordCheckRules(user.email, input.ip));
  const passwordHash = await findUserPasswordHash(ctx.db, user.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, input.password))) {
    throw new CatalogueError('user.not_found');
  }
  await attempt.succeed();
  return withTransaction(ctx, async (tx) => {
    await useOneTimeToken(tx.db, row);
    await acceptInvite(tx.db, row);
    await publishUserChanged(tx, user.id);
    return issueTokens(tx, user);
  });
}

/** Deletes what no longer matters: old sign-in failures, and refresh and one-time tokens expired a day ago. */
export async function pruneExpiredAuthRecords(ctx: ServiceContext, now = ctx.clock()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await pruneSignInFailures(ctx.db, dayAgo);
  await pruneRefreshTokens(ctx.db, dayAgo);
  await pruneExpiredOneTimeTokens(ctx.db, dayAgo);
  await pruneExpiredWsTickets(ctx.db, now);
}
