// Who may manage whom (disable, re-enable, change role) and which roles a user may give. SPEC §6 is silent; the
// rules are those of docs/decisions/0010-user-management.md:
//
// 1. Rank on a merchant: platform super user (4, on every merchant, held or not) > super_admin (3) > admin (2) >
//    staff and custom roles (1). No grant there is rank 0.
// 2. A user acts on a target at merchant M only when the target holds a role at M (otherwise the target is not
//    theirs to see: 404). Nobody changes or re-enables their own role; anyone may disable themselves (SPEC §4: they
//    are then logged out).
// 3. Rank is judged over every merchant the target works at, not only M: on M and on every other merchant where
//    both hold a role, the actor's rank must be at least the target's (peers may manage peers: an admin may disable
//    another admin; nobody may touch someone who outranks them anywhere they both work). A platform super user is
//    managed only by platform super users.
// 4. Disabling the whole account (every grant, sign-in, sessions) needs rule 3 on every merchant the target works
//    at, each of which the actor must also hold (or the actor is a platform super user).
// 5. A user gives only what they hold on M: a base role of at most their rank there, or a custom role whose flags
//    are all among their own flags there (admins and super admins hold every flag on a custom-roles merchant).

import { hasAnyRole } from './claims';
import type { BaseRole } from './roles';

export type GrantedRole = BaseRole | 'custom';

/** A user's roles by merchant id, and whether they are a platform super user. */
export type UserStanding = { isSuperUser: boolean; roles: Readonly<Record<string, GrantedRole>> };

export const SUPER_USER_RANK = 4;

const RANKS: Record<GrantedRole, number> = { super_admin: 3, admin: 2, staff: 1, custom: 1 };

export function rankOf(role: GrantedRole | null | undefined): number {
  return role ? RANKS[role] : 0;
}

/** The user's rank on a merchant (rule 1). */
export function rankOn(user: UserStanding, merchantId: string): number {
  return user.isSuperUser ? SUPER_USER_RANK : rankOf(user.roles[merchantId]);
}

function outranksOrMatches(actor: UserStanding, target: UserStanding, merchantId: string): boolean {
  return rankOn(actor, merchantId) >= rankOn(target, merchantId);
}

/**
 * Rules 2 and 3: may `actor` disable, re-enable or change the role of `target` at `merchantId`? To re-enable, pass
 * the target with the role it is to get there.
 */
export function mayManageUserAt(
  actor: UserStanding & { id: string },
  target: UserStanding & { id: string },
  merchantId: string,
): boolean {
  if (actor.id === target.id || target.roles[merchantId] === undefined) return false;
  if (target.isSuperUser) return actor.isSuperUser;
  if (actor.isSuperUser) return true;
  if (rankOn(actor, merchantId) === 0) return false;
  if (!outranksOrMatches(actor, target, merchantId)) return false;
  return Object.keys(target.roles).every(
    (merchant) => actor.roles[merchant] === undefined || outranksOrMatches(actor, target, merchant),
  );
}

/** Rules 2 and 3 for disabling at `merchantId` (yourself included). */
export function mayDisableUserAt(
  actor: UserStanding & { id: string },
  target: UserStanding & { id: string },
  merchantId: string,
): boolean {
  if (actor.id === target.id) return target.roles[merchantId] !== undefined;
  return mayManageUserAt(actor, target, merchantId);
}

/** Rule 4: may `actor` disable `target`'s whole account (their own included)? */
export function mayDisableAccount(
  actor: UserStanding & { id: string },
  target: UserStanding & { id: string },
): boolean {
  if (actor.id === target.id) return true;
  if (target.isSuperUser || actor.isSuperUser) return actor.isSuperUser;
  const merchants = Object.keys(target.roles);
  return (
    merchants.length > 0 &&
    merchants.every((merchant) => actor.roles[merchant] !== undefined && outranksOrMatches(actor, target, merchant))
  );
}

/** A role to give on a merchant: a base role, or a custom role with the flags it grants. */
export type RoleToGrant = { role: BaseRole } | { role: 'custom'; permissions: readonly string[] };

/**
 * Rule 5. `grantor` is what the user holds on the merchant: `rank` (rankOn) and `roles`, their access names there
 * (buildClaimsRoles), which carry their flags.
 */
export function mayGrantRole(grantor: { rank: number; roles: readonly string[] }, grant: RoleToGrant): boolean {
  if (grantor.rank < rankOf(grant.role)) return false;
  if (grant.role !== 'custom' || grantor.rank >= SUPER_USER_RANK) return true;
  return grant.permissions.every((flag) => hasAnyRole(grantor, [flag]));
}
