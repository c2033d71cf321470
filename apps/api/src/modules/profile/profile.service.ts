import type { Profile } from '@paydesk/domain/profile/profile.contract';
import type { Db } from '../../db/client';
import { notAuthenticated } from '../../lib/http-errors';
import type { TokenPrincipal } from '../../plugins/auth';
import { toRoleGrant } from '../users/users.service';
import { buildClaimsRoles } from '@paydesk/domain/access/claims';
import { findProfileOf } from './profile.repository';

export async function buildProfile(db: Db, { user, claims }: TokenPrincipal): Promise<Profile> {
  const found = await findProfileOf(db, user.id);
  // Deleted since the auth check read it (from the active-user cache).
  if (!found) throw notAuthenticated();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_super_user: user.is_super_user,
    organization: found.organization,
    merchants: found.grants.map(({ merchant, role, custom_role, permissions }) => ({
      ...merchant,
      role,
      custom_role,
      access_roles: buildClaimsRoles(
        toRoleGrant({ grant: { role }, customRole: permissions ? { permissions } : null }),
        merchant,
      ),
    })),
    access: { roles: claims.roles, groups: claims.groups, exp: claims.exp },
  };
}
