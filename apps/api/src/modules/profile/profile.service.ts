import type { Profile } from '@paydesk/domain/profile/profile.contract';
import type { Db } from '../../db/client';
import { versionedCache } from '../../db/versioned-cache';
import { notAuthenticated } from '../../lib/http-errors';
import type { TokenPrincipal } from '../../plugins/auth';
import { toRoleGrant } from '../users/users.public';
import { buildClaimsRoles } from '@paydesk/domain/access/claims';
import { findLastMerchantId } from './last-merchant';
import { findProfileOf } from './profile.repository';

type ProfileParts = Pick<Profile, 'organization' | 'merchants'>;

/**
 * What the profile query gives for a user (null for a user no longer there), by user id, while the `profiles`
 * version stands (every table the query reads bumps it: migration 0018_user_access_version.sql); weighed by merchants,
 * up to ~10,000 per process.
 */
const cachedProfileParts = versionedCache<{ parts: ProfileParts | null }>('user_access', {
  maxSize: 10_000,
  size: ({ parts }) => 1 + (parts?.merchants.length ?? 0),
});

async function readProfileParts(db: Db, userId: string): Promise<ProfileParts | null> {
  const found = await findProfileOf(db, userId);
  if (!found) return null;
  return {
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
  };
}

export async function buildProfile(db: Db, { user, claims }: TokenPrincipal): Promise<Profile> {
  const [{ parts }, lastMerchantId] = await Promise.all([
    cachedProfileParts(db, user.id, async () => ({ parts: await readProfileParts(db, user.id) })),
    findLastMerchantId(db, user.id),
  ]);
  // Deleted since the auth check read it (from the active-user cache).
  if (!parts) throw notAuthenticated();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_super_user: user.is_super_user,
    organization: parts.organization,
    merchants: parts.merchants,
    last_merchant_id: parts.merchants.some((merchant) => merchant.id === lastMerchantId) ? lastMerchantId : null,
    access: { roles: claims.roles, groups: claims.groups, exp: claims.exp },
  };
}
