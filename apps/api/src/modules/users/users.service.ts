import { randomUUID } from 'node:crypto';
import type { MerchantUser, assignRoleSchema, disableSchema, inviteSchema } from '@paydesk/domain/users/users.contract';
import type { z } from 'zod';
import { buildClaimsRoles, findBaseRoles, type RoleGrant } from '@paydesk/domain/access/claims';
import { SUPER_GROUP } from '@paydesk/domain/access/roles';
import {
  mayDisableAccount,
  mayDisableUserAt,
  mayGrantRole,
  mayManageUserAt,
  rankOf,
  SUPER_USER_RANK,
  type GrantedRole,
  type RoleToGrant,
  type UserStanding,
} from '@paydesk/domain/access/user-management';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import type { Db } from '../../db/client';
import { versionedCache } from '../../db/versioned-cache';
import { CatalogueError, FieldErrors, HttpError, notFound, permissionDenied } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { queueEmail } from '../mail/mail.public';
import { findMerchant, type MerchantWithOrganization } from '../merchants/merchants.public';
import { issueOneTimeToken, type OneTimeTokenRow } from '../one-time-tokens/one-time-tokens.public';
import { findCustomRole } from '../roles/roles.public';
import { userChangedEvent } from './users.events';
import {
  deleteDisabledRecord,
  deleteGrant,
  findCustomRoleHolders,
  findDisabledRecord,
  findGrant,
  findGrants,
  findMerchantUser,
  findMerchantUsers,
  findPasswordHash,
  findUserByEmail,
  findUserById,
  findUserWithPasswordByEmail,
  insertGrant,
  insertUser,
  recordDisabled,
  updateGrant,
  updateUser,
  type GrantRow,
  type GrantWithMerchant,
  type MerchantUserRow,
  type UserRow,
  type UserWithPassword,
} from './users.repository';

export type { UserRow };

export type MerchantAccess = {
  /** The user acting. */
  userId: string;
  /** The user acting is a platform super user. */
  isSuperUser: boolean;
  /** The merchant as the access check loaded it; handlers reuse it instead of reading it again. */
  merchant: MerchantWithOrganization;
  /** The names route and capability requirements are matched against on this merchant. */
  accessRoles: string[];
};

export function toRoleGrant(row: {
  grant: Pick<GrantRow, 'role'>;
  customRole: { permissions: readonly string[] } | null;
}): RoleGrant {
  if (row.grant.role === 'custom') return { kind: 'custom', permissions: row.customRole?.permissions ?? [] };
  return { kind: 'base', role: row.grant.role };
}

const SUPER_ADMIN_GRANT: RoleGrant = { kind: 'base', role: 'super_admin' };

/** A signed-in, active user; a disabled or deleted user is nobody. */
export async function findActiveUser(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const user = await findUserById(db, id);
  return user?.is_active ? user : null;
}

/**
 * Merchant access checks by user, super user or not, and merchant, per process, while the `user_access` version
 * stands (every table the check reads bumps it: migration 0018_user_access_version.sql): every request to a
 * merchant's routes makes one, and a hit costs only the version read that requests share.
 */
const cachedMerchantAccess = versionedCache<{ access: MerchantAccess | null }>('user_access', {
  maxSize: 10_000,
  size: () => 1,
});

/** What the user may do on the merchant, or null when it is not theirs to see (another tenant's: 404). */
export async function findMerchantAccess(db: Db, user: UserRow, merchantId: unknown): Promise<MerchantAccess | null> {
  if (!isUuid(merchantId)) return null;
  const key = `${user.id}|${user.is_super_user}|${merchantId}`;
  const { access } = await cachedMerchantAccess(db, key, async () => ({
    access: await readMerchantAccess(db, user, merchantId),
  }));
  return access;
}

async function readMerchantAccess(db: Db, user: UserRow, merchantId: string): Promise<MerchantAccess | null> {
  const row = await findGrant(db, user.id, merchantId);
  if (row)
    return {
      userId: user.id,
      merchant: row.merchant,
      isSuperUser: user.is_super_user,
      accessRoles: buildClaimsRoles(toRoleGrant(row), row.merchant),
    };
  if (!user.is_super_user) return null;
  const merchant = await findMerchant(db, merchantId);
  return merchant
    ? { userId: user.id, merchant, isSuperUser: true, accessRoles: buildClaimsRoles(SUPER_ADMIN_GRANT, merchant) }
    : null;
}

/** The access claims' roles and groups: every name the user holds on any merchant. */
export async function buildUserClaims(db: Db, user: UserRow): Promise<{ roles: string[]; groups: string[] }> {
  const grants = await findGrants(db, user.id);
  const roles = new Set<string>(user.is_super_user ? ['super_admin'] : []);
  for (const row of grants) for (const role of buildClaimsRoles(toRoleGrant(row), row.merchant)) roles.add(role);
  return { roles: [...roles], groups: user.is_super_user ? [SUPER_GROUP] : [] };
}

export async function findUserForSignIn(db: Db, email: string): Promise<UserWithPassword | undefined> {
  const user = await findUserWithPasswordByEmail(db, email);
  return user?.is_active ? user : undefined;
}

/** The user's password hash, for checking a password they typed; null when they have none yet. */
export function findUserPasswordHash(db: Db, userId: string): Promise<string | null> {
  return findPasswordHash(db, userId);
}

/**
 * Makes every API process drop its cached copy of the user: this one at once, every one (this one again) when the
 * change commits, through the event bus. Call it inside the transaction that changes the user.
 */
export async function publishUserChanged(ctx: ServiceContext, userId: string): Promise<void> {
  ctx.forgetUser(userId);
  await ctx.events.publish(userChangedEvent, { user_id: userId }, { kind: 'servers' });
}

export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  names?: { first_name: string; last_name: string },
) {
  await updateUser(db, userId, { password_hash: passwordHash, is_pending: false, ...names });
}

export async function getMerchantName(db: Db, merchantId: string | null): Promise<string> {
  const merchant = merchantId ? await findMerchant(db, merchantId) : undefined;
  return merchant?.name ?? '';
}

/** Gives an invited user the role the invite carried, unless they already have one there. */
export async function acceptInvite(db: Db, invite: OneTimeTokenRow): Promise<void> {
  if (!invite.merchant_id || !invite.role) return;
  if (await findGrant(db, invite.user_id, invite.merchant_id)) return;
  await insertGrant(db, {
    user_id: invite.user_id,
    merchant_id: invite.merchant_id,
    role: invite.role,
    custom_role_id: invite.custom_role_id,
  });
  await deleteDisabledRecord(db, invite.user_id, invite.merchant_id);
}

/** The wire shape of a merchant's user (users.contract). */
export type MerchantUserDto = MerchantUser;

export function toMerchantUserDto({
  user,
  grant,
  customRole,
  disabledAt,
}: Omit<MerchantUserRow, 'disabledAt'> & { disabledAt?: Date | null }): MerchantUserDto {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: grant?.role ?? null,
    custom_role: customRole ? { id: customRole.id, role_name: customRole.role_name } : null,
    is_super_user: user.is_super_user,
    is_pending: user.is_pending,
    is_active: user.is_active,
    disabled_at: grant ? null : (disabledAt?.toISOString() ?? null),
    created: user.created.toISOString(),
  };
}

/** The merchant's users; the merchant is the one the access check loaded. */
export async function listMerchantUsers(
  db: Db,
  access: MerchantAccess,
  page: { limit: number; offset: number; ordering: string },
) {
  return findMerchantUsers(db, access.merchant, page);
}

export type InviteInput = z.output<typeof inviteSchema>;
export type AssignRoleInput = z.output<typeof assignRoleSchema>;
export type DisableInput = z.output<typeof disableSchema>;

/** The acting user's rank on the access's merchant (user-management.ts rule 1). */
function rankOfAccess(access: MerchantAccess): number {
  if (access.isSuperUser) return SUPER_USER_RANK;
  return Math.max(0, ...findBaseRoles({ roles: access.accessRoles }).map(rankOf));
}

/** The user's roles merchant by merchant (user-management.ts `UserStanding`). */
async function findStanding(db: Db, user: Pick<UserRow, 'id' | 'is_super_user'>) {
  const grants = await findGrants(db, user.id);
  const roles: Record<string, GrantedRole> = {};
  for (const row of grants) roles[row.merchant.id] = row.grant.role;
  return { id: user.id, isSuperUser: user.is_super_user, roles } satisfies UserStanding & { id: string };
}

const GRANT_BEYOND_OWN = 'You may only give a role whose permissions you hold yourself.';

/** A user's role at a merchant as the audit log describes it: the base role, and the custom role's name. */
function auditedRole(row: Pick<GrantWithMerchant, 'grant' | 'customRole'> | undefined) {
  return { role: row?.grant.role ?? null, custom_role: row?.customRole?.role_name ?? null };
}

/** Records a change to a user at a merchant; the user is named by their email. */
async function recordUserChange(
  ctx: ServiceContext,
  actor: Actor,
  change: {
    merchantId: string;
    user: { id: string; email: string };
    action: 'invited' | 'updated' | 'disabled' | 'enabled';
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  await recordChange(ctx, {
    merchantId: change.merchantId,
    actor,
    kind: 'user',
    action: change.action,
    subjectId: change.user.id,
    subjectLabel: change.user.email,
    before: change.before,
    after: change.after,
  });
}

/**
 * The role to give on the access's merchant, checked: a custom role must be one of the merchant's (and custom roles
 * on), and the acting user must hold what it grants (rule 5). Gives the grant's columns.
 */
async function resolveRoleToGive(
  db: Db,
  access: MerchantAccess,
  input: { role: GrantedRole; custom_role_id?: string | null | undefined },
  field = 'custom_role_id',
): Promise<{ role: GrantedRole; custom_role_id: string | null }> {
  let grant: RoleToGrant;
  let customRoleId: string | null = null;
  if (input.role === 'custom') {
    if (!access.merchant.check_custom_roles)
      throw FieldErrors.of('role', 'Custom roles are not enabled for this merchant');
    const role = isUuid(input.custom_role_id)
      ? await findCustomRole(db, access.merchant.id, input.custom_role_id)
      : undefined;
    if (!role) throw FieldErrors.of(field, REQUIRED);
    grant = { role: 'custom', permissions: role.permissions };
    customRoleId = role.id;
  } else {
    grant = { role: input.role };
  }
  if (!mayGrantRole({ rank: rankOfAccess(access), roles: access.accessRoles }, grant))
    throw new HttpError('permission_denied', GRANT_BEYOND_OWN);
  return { role: input.role, custom_role_id: customRoleId };
}

/**
 * Invites by email: a new person becomes a pending user with the role and gets a sign-up link; an existing user
 * of the same organisation gets a link to accept the role with their own password. The user, the link and the
 * email commit together. Someone of another organisation is answered exactly as a new person would be (it must not
 * reveal that the address is in use elsewhere): nothing changes, and that address is told someone tried.
 */
export async function inviteUser(
  ctx: ServiceContext,
  access: MerchantAccess,
  input: InviteInput,
  appUrl: string,
  actor: Actor,
): Promise<MerchantUserDto> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const role = await resolveRoleToGive(db, access, input);
    const merchant = access.merchant;
    const existing = await findUserByEmail(db, input.email);
    const subject = `You are invited to ${merchant.name} on Paydesk`;
    const customRole = role.custom_role_id ? await findCustomRole(db, merchant.id, role.custom_role_id) : undefined;
    const invited = {
      email: input.email.trim(),
      first_name: input.first_name,
      last_name: input.last_name,
      role: role.role,
      custom_role: customRole?.role_name ?? null,
    };
    const recordInvite = (userId: string) =>
      recordUserChange(tx, actor, {
        merchantId: merchant.id,
        user: { id: userId, email: invited.email },
        action: 'invited',
        after: invited,
      });

    if (!existing) {
      const user = await insertUser(db, {
        email: input.email.trim(),
        first_name: input.first_name,
        last_name: input.last_name,
        organization_id: merchant.organization_id,
        is_pending: true,
      });
      await insertGrant(db, { user_id: user.id, merchant_id: merchant.id, ...role });
      const { id, token } = await issueOneTimeToken(db, {
        user_id: user.id,
        purpose: 'signup',
        merchant_id: merchant.id,
      });
      await queueEmail(tx, {
        key: `signup-invite:${id}`,
        to: user.email,
        subject,
        text: `Hello ${user.first_name},\n\nYou have been invited to ${merchant.name} on Paydesk. Set your password here:\n${appUrl}/partner-signup/${id}/${token}\n`,
      });
      await recordInvite(user.id);
      return toMerchantUserDto({ user, grant: null, customRole: null });
    }

    if (existing.organization_id && existing.organization_id !== merchant.organization_id) {
      const answerId = randomUUID();
      await queueEmail(tx, {
        key: `invite-refused:${answerId}`,
        to: existing.email,
        subject: 'Someone tried to invite you on Paydesk',
        text: `Hello ${existing.first_name},\n\nSomeone at ${merchant.name} tried to invite this address to Paydesk. Your account belongs to another organisation, so nothing changed. If you expected this invitation, ask them to use another email address.\n`,
      });
      // Logged as a new person's invitation would be: the merchant's log must not tell the address is in use.
      await recordInvite(answerId);
      return toMerchantUserDto({
        user: {
          id: answerId,
          email: input.email.trim(),
          first_name: input.first_name,
          last_name: input.last_name,
          organization_id: merchant.organization_id,
          is_active: true,
          is_pending: true,
          is_super_user: false,
          created: ctx.clock(),
        },
        grant: null,
        customRole: null,
      });
    }
    if (await findGrant(db, existing.id, merchant.id)) throw new CatalogueError('user.email_in_use');
    const { id, token } = await issueOneTimeToken(db, {
      user_id: existing.id,
      purpose: 'invite',
      merchant_id: merchant.id,
      ...role,
    });
    await queueEmail(tx, {
      key: `partner-invite:${id}`,
      to: existing.email,
      subject,
      text: `Hello ${existing.first_name},\n\nYou have been invited to ${merchant.name} on Paydesk. Accept with your password here:\n${appUrl}/partner-invite/${id}/${token}\n`,
    });
    await recordInvite(existing.id);
    return toMerchantUserDto({ user: existing, grant: null, customRole: null });
  });
}

async function findTarget(db: Db, userId: string): Promise<UserRow> {
  const user = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!user) throw notFound();
  return user;
}

async function findMerchantUserDto(db: Db, merchantId: string, userId: string): Promise<MerchantUserDto> {
  const row = await findMerchantUser(db, merchantId, userId);
  if (!row) throw notFound();
  return toMerchantUserDto(row);
}

/**
 * Disables a user at the merchant: their role here goes (remembered, to re-enable them), and when they hold no
 * role left, or with `everywhere` (for those who may disable the whole account, user-management.ts rule 4), every
 * role goes and the account is disabled. Joins the caller's transaction, in which the caller revokes the sessions
 * of a disabled account (auth).
 */
export async function disableUser(
  ctx: ServiceContext,
  access: MerchantAccess,
  userId: string,
  input: DisableInput,
  actor: Actor,
): Promise<{ user: MerchantUserDto; accountDisabled: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const merchant = access.merchant;
    const user = await findTarget(db, userId);
    const target = await findStanding(db, user);
    if (target.roles[merchant.id] === undefined) throw notFound();
    const manager = await findStanding(db, { id: access.userId, is_super_user: access.isSuperUser });
    if (!mayDisableUserAt(manager, target, merchant.id)) throw permissionDenied();
    if (input.everywhere && !mayDisableAccount(manager, target)) throw permissionDenied();

    const grants = await findGrants(db, user.id);
    const removed = input.everywhere ? grants : grants.filter((row) => row.merchant.id === merchant.id);
    for (const row of removed) {
      const { grant } = row;
      await recordUserChange(tx, actor, {
        merchantId: grant.merchant_id,
        user,
        action: 'disabled',
        before: auditedRole(row),
        after: auditedRole(undefined),
      });
      await recordDisabled(db, {
        user_id: user.id,
        merchant_id: grant.merchant_id,
        role: grant.role,
        custom_role_id: grant.custom_role_id,
        disabled_by: access.userId,
      });
      await deleteGrant(db, user.id, grant.merchant_id);
    }
    const accountDisabled = removed.length === grants.length;
    if (accountDisabled) await updateUser(db, user.id, { is_active: false });
    await publishUserChanged(tx, user.id);
    return { user: await findMerchantUserDto(db, merchant.id, user.id), accountDisabled };
  });
}

/**
 * Re-enables a user disabled at the merchant, with a role (rules 3 and 5 with the role they get); their account is
 * active again.
 */
export async function enableUser(
  ctx: ServiceContext,
  access: MerchantAccess,
  userId: string,
  input: AssignRoleInput,
  actor: Actor,
): Promise<MerchantUserDto> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const merchant = access.merchant;
    const user = await findTarget(db, userId);
    const record = await findDisabledRecord(db, user.id, merchant.id);
    const target = await findStanding(db, user);
    if (target.roles[merchant.id] !== undefined)
      throw new HttpError('conflict', 'This user already holds a role here.');
    if (!record) throw notFound();
    const role = await resolveRoleToGive(db, access, input);
    const manager = await findStanding(db, { id: access.userId, is_super_user: access.isSuperUser });
    const enabled = { ...target, roles: { ...target.roles, [merchant.id]: role.role } };
    if (!mayManageUserAt(manager, enabled, merchant.id)) throw permissionDenied();
    await insertGrant(db, { user_id: user.id, merchant_id: merchant.id, ...role });
    await deleteDisabledRecord(db, user.id, merchant.id);
    if (!user.is_active) await updateUser(db, user.id, { is_active: true });
    await recordUserChange(tx, actor, {
      merchantId: merchant.id,
      user,
      action: 'enabled',
      before: auditedRole(undefined),
      after: auditedRole(await findGrant(db, user.id, merchant.id)),
    });
    await publishUserChanged(tx, user.id);
    return findMerchantUserDto(db, merchant.id, user.id);
  });
}

/** Changes the role a user holds at the merchant (rules 3 and 5), to or from custom roles. */
export async function changeUserRole(
  ctx: ServiceContext,
  access: MerchantAccess,
  userId: string,
  input: AssignRoleInput,
  actor: Actor,
): Promise<MerchantUserDto> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const merchant = access.merchant;
    const user = await findTarget(db, userId);
    const target = await findStanding(db, user);
    if (target.roles[merchant.id] === undefined) throw notFound();
    const manager = await findStanding(db, { id: access.userId, is_super_user: access.isSuperUser });
    if (!mayManageUserAt(manager, target, merchant.id)) throw permissionDenied();
    const role = await resolveRoleToGive(db, access, input);
    const before = await findGrant(db, user.id, merchant.id);
    await updateGrant(db, user.id, merchant.id, role);
    await recordUserChange(tx, actor, {
      merchantId: merchant.id,
      user,
      action: 'updated',
      before: auditedRole(before),
      after: auditedRole(await findGrant(db, user.id, merchant.id)),
    });
    await publishUserChanged(tx, user.id);
    return findMerchantUserDto(db, merchant.id, user.id);
  });
}

/**
 * Gives every holder of a custom role of the merchant another role (`admin`, `staff` or another custom role's id),
 * before the role is deleted in the same transaction (roles routes). Every holder must be the acting user's to
 * manage.
 */
export async function moveRoleHolders(
  ctx: ServiceContext,
  access: MerchantAccess,
  customRoleId: string,
  moveTo: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const merchant = access.merchant;
    const from = await findCustomRole(db, merchant.id, customRoleId);
    if (!from) throw notFound();
    const input: { role: GrantedRole; custom_role_id?: string | null } =
      moveTo === 'admin' || moveTo === 'staff'
        ? { role: moveTo }
        : { role: 'custom' as const, custom_role_id: moveTo === from.id ? null : moveTo };
    const role = await resolveRoleToGive(db, access, input, 'move_to');
    const manager = await findStanding(db, { id: access.userId, is_super_user: access.isSuperUser });
    for (const holderId of await findCustomRoleHolders(db, from.id)) {
      const holder = await findStanding(db, await findTarget(db, holderId));
      if (!mayManageUserAt(manager, holder, merchant.id)) throw permissionDenied();
      const before = await findGrant(db, holderId, merchant.id);
      await updateGrant(db, holderId, merchant.id, role);
      await recordUserChange(tx, actor, {
        merchantId: merchant.id,
        user: await findTarget(db, holderId),
        action: 'updated',
        before: auditedRole(before),
        after: auditedRole(await findGrant(db, holderId, merchant.id)),
      });
      await publishUserChanged(tx, holderId);
    }
  });
}

/**
 * A user's own change to themselves (their name, their password), recorded in the activity log of every merchant they
 * hold a role at, where their administrators read changes to their people. A secret's value is masked by the log.
 */
export async function recordOwnChange(
  ctx: ServiceContext,
  user: UserRow,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  for (const { merchant } of await findGrants(ctx.db, user.id)) {
    await recordUserChange(ctx, user, { merchantId: merchant.id, action: 'updated', user, ...change });
  }
}

/** The signed-in user renames themselves; the change reaches every process's cached user and their open clients. */
export async function renameUser(
  ctx: ServiceContext,
  user: UserRow,
  names: { first_name: string; last_name: string },
): Promise<UserRow> {
  return withTransaction(ctx, async (tx) => {
    const updated = await updateUser(tx.db, user.id, names);
    if (!updated) throw notFound();
    await recordOwnChange(tx, updated, {
      before: { first_name: user.first_name, last_name: user.last_name },
      after: names,
    });
    await publishUserChanged(tx, user.id);
    return updated;
  });
}
