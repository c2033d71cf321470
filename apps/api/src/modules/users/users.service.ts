import type { MerchantUser, inviteSchema } from '@paydesk/domain/users/users.contract';
import type { z } from 'zod';
import { buildClaimsRoles, hasAnyRole, type RoleGrant } from '@paydesk/domain/access/claims';
import { SUPER_GROUP } from '@paydesk/domain/access/roles';
import { mayDisableUser } from '@paydesk/domain/access/user-management';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import type { Db } from '../../db/client';
import { CatalogueError, FieldErrors, notFound, permissionDenied } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { queueEmail } from '../mail/mail.service';
import { findMerchant, type MerchantWithOrganization } from '../merchants/merchants.service';
import { issueOneTimeToken, type OneTimeTokenRow } from '../one-time-tokens/one-time-tokens.service';
import { findCustomRole } from '../roles/roles.service';
import { userChangedEvent } from './users.events';
import {
  deleteGrants,
  findGrant,
  findGrants,
  findMerchantUsers,
  findPasswordHash,
  findUserByEmail,
  findUserById,
  findUserWithPasswordByEmail,
  insertGrant,
  insertUser,
  updateUser,
  type GrantRow,
  type GrantWithMerchant,
  type MerchantUserRow,
  type UserRow,
  type UserWithPassword,
} from './users.repository';

export type { UserRow };

export type MerchantAccess = {
  /** The user acting is a platform super user. */
  isSuperUser: boolean;
  /** The merchant as the access check loaded it; handlers reuse it instead of reading it again. */
  merchant: MerchantWithOrganization;
  /** The names route and capability requirements are matched against on this merchant. */
  accessRoles: string[];
};

export function toRoleGrant(row: Pick<GrantWithMerchant, 'grant' | 'customRole'>): RoleGrant {
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

/** What the user may do on the merchant, or null when it is not theirs to see (another tenant's: 404). */
export async function findMerchantAccess(db: Db, user: UserRow, merchantId: unknown): Promise<MerchantAccess | null> {
  if (!isUuid(merchantId)) return null;
  const row = await findGrant(db, user.id, merchantId);
  if (row)
    return {
      merchant: row.merchant,
      isSuperUser: user.is_super_user,
      accessRoles: buildClaimsRoles(toRoleGrant(row), row.merchant),
    };
  if (!user.is_super_user) return null;
  const merchant = await findMerchant(db, merchantId);
  return merchant ? { merchant, isSuperUser: true, accessRoles: buildClaimsRoles(SUPER_ADMIN_GRANT, merchant) } : null;
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
}

/** The wire shape of a merchant's user (users.contract). */
export type MerchantUserDto = MerchantUser;

export function toMerchantUserDto({ user, grant, customRole }: MerchantUserRow): MerchantUserDto {
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

async function checkInvitedRole(db: Db, access: MerchantAccess, input: InviteInput): Promise<string | null> {
  if (input.role === 'admin' && !hasAnyRole({ roles: access.accessRoles }, ['super_admin', 'admin']))
    throw permissionDenied();
  if (input.role !== 'custom') return null;
  if (!access.merchant.check_custom_roles)
    throw FieldErrors.of('role', 'Custom roles are not enabled for this merchant');
  const role = isUuid(input.custom_role_id)
    ? await findCustomRole(db, access.merchant.id, input.custom_role_id)
    : undefined;
  if (!role) throw FieldErrors.of('custom_role_id', REQUIRED);
  return role.id;
}

/**
 * Invites by email: a new person becomes a pending user with the role and gets a sign-up link; an existing user
 * of the same organisation gets a link to accept the role with their own password. The user, the link and the
 * email commit together.
 */
export async function inviteUser(
  ctx: ServiceContext,
  access: MerchantAccess,
  input: InviteInput,
  appUrl: string,
): Promise<MerchantUserDto> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const customRoleId = await checkInvitedRole(db, access, input);
    const merchant = access.merchant;
    const role = { role: input.role, custom_role_id: customRoleId };
    const existing = await findUserByEmail(db, input.email);
    const subject = `You are invited to ${merchant.name} on Paydesk`;

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
      return toMerchantUserDto({ user, grant: null, customRole: null });
    }

    if (existing.organization_id && existing.organization_id !== merchant.organization_id)
      throw new CatalogueError('user.org_already_set');
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
    return toMerchantUserDto({ user: existing, grant: null, customRole: null });
  });
}

/**
 * Disables a user of the merchant: no roles, no sign-in. Joins the caller's transaction, in which the caller also
 * revokes their sessions (auth).
 */
export async function disableUser(
  ctx: ServiceContext,
  access: MerchantAccess,
  userId: string,
): Promise<MerchantUserDto> {
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const merchant = access.merchant;
    const user = isUuid(userId) ? await findUserById(db, userId) : undefined;
    if (!user) throw notFound();
    const onMerchant = await findGrant(db, user.id, merchant.id);
    if (!onMerchant && user.organization_id !== merchant.organization_id) throw notFound();
    const target = { is_super_user: user.is_super_user, role: onMerchant?.grant.role ?? null };
    if (!mayDisableUser({ isSuperUser: access.isSuperUser, roles: access.accessRoles }, target))
      throw permissionDenied();
    await deleteGrants(db, user.id);
    const updated = await updateUser(db, user.id, { is_active: false });
    await publishUserChanged(tx, user.id);
    return toMerchantUserDto({ user: updated ?? user, grant: null, customRole: null });
  });
}

export type UserMerchantRole = {
  merchant: MerchantWithOrganization;
  role: GrantRow['role'];
  customRole: { id: string; role_name: string } | null;
  accessRoles: string[];
};

/** The roles the user holds, merchant by merchant. */
export async function listUserRoles(db: Db, userId: string): Promise<UserMerchantRole[]> {
  const rows = await findGrants(db, userId);
  return rows.map((row) => ({
    merchant: row.merchant,
    role: row.grant.role,
    customRole: row.customRole ? { id: row.customRole.id, role_name: row.customRole.role_name } : null,
    accessRoles: buildClaimsRoles(toRoleGrant(row), row.merchant),
  }));
}
