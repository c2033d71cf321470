import type { Profile } from '@paydesk/domain/profile/profile.contract';
import type { Db } from '../../db/client';
import type { TokenPrincipal } from '../../plugins/auth';
import { findOrganization, toMerchantDto } from '../merchants/merchants.service';
import { listUserRoles } from '../users/users.service';

export async function buildProfile(db: Db, { user, claims }: TokenPrincipal): Promise<Profile> {
  // The roles carry their merchants (joined), so the merchants are not read again.
  const [roles, organization] = await Promise.all([
    listUserRoles(db, user.id),
    user.organization_id ? findOrganization(db, user.organization_id) : undefined,
  ]);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_super_user: user.is_super_user,
    organization: organization
      ? {
          id: organization.id,
          name: organization.name,
          logo: organization.logo,
          in_legacy_app: organization.in_legacy_app,
        }
      : null,
    merchants: roles.map((role) => ({
      ...toMerchantDto(role.merchant),
      role: role.role,
      custom_role: role.customRole,
      access_roles: role.accessRoles,
    })),
    access: { roles: claims.roles, groups: claims.groups, exp: claims.exp },
  };
}
