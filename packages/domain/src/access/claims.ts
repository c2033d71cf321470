// Access claims (SPEC §3) and how they are built.
//
// `roles` is one flat list of names that requirements are matched against (SPEC §6: "a permission check passes if
// the user's access claims hold any listed role"). It holds the user's base role and, on a merchant with
// check_custom_roles on, permission flag names:
// - a custom-role user holds `staff` plus the flags their role grants, so routes open to staff stay open to them
//   and a custom requirement (e.g. `is_template_update_allowed`) narrows what they may do;
// - super_admin and admin hold every flag, so flag-only requirements (payment report, sweep report) never lock out
//   the merchant's own administrators;
// - on a merchant without custom roles nobody holds a flag, so a flag listed in a requirement grants nothing there.

import { BASE_ROLES, PERMISSION_FLAGS, SUPER_GROUP, isPermissionFlag } from './roles';
import type { BaseRole } from './roles';

export type AccessClaims = { roles: string[]; groups: string[]; exp: number };

/** A user's role on one merchant: a base role, or a custom role with the flags it grants. */
export type RoleGrant = { kind: 'base'; role: BaseRole } | { kind: 'custom'; permissions: readonly string[] };

/** The claims `roles` for a grant (see the top of this file); no grant (e.g. a disabled user) gives []. */
export function buildClaimsRoles(grant: RoleGrant | null, merchant: { check_custom_roles: boolean }): string[] {
  if (!grant) return [];
  if (grant.kind === 'custom') {
    if (!merchant.check_custom_roles) return ['staff'];
    const flags = PERMISSION_FLAGS.filter((flag) => grant.permissions.includes(flag));
    return ['staff', ...flags];
  }
  if (merchant.check_custom_roles && grant.role !== 'staff') return [grant.role, ...PERMISSION_FLAGS];
  return [grant.role];
}

/** True when the claims hold at least one of `required`; an empty `required` list grants nothing. */
export function hasAnyRole(claims: { readonly roles: readonly string[] }, required: readonly string[]): boolean {
  return required.some((role) => claims.roles.includes(role));
}

export function isSuperUser(claims: { readonly groups: readonly string[] }): boolean {
  return claims.groups.includes(SUPER_GROUP);
}

/** A signed-in user with no role at any merchant who is not a super user: they may open only /unauthorized. */
export function isWithoutRoles(claims: {
  readonly roles: readonly string[];
  readonly groups: readonly string[];
}): boolean {
  return !isSuperUser(claims) && claims.roles.length === 0;
}

/** The base roles among the claims, e.g. to show a user's role. */
export function findBaseRoles(claims: { readonly roles: readonly string[] }): BaseRole[] {
  return BASE_ROLES.filter((role) => claims.roles.includes(role));
}

/** The permission flags among the claims. */
export function findPermissionFlags(claims: { readonly roles: readonly string[] }): string[] {
  return claims.roles.filter(isPermissionFlag);
}
