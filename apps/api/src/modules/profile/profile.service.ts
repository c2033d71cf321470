import type { Profile } from '@paydesk/domain/profile/profile.contract';
import type { Db } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { findMerchantsWithIds, findOrganization, toMerchantDto } from '../merchants/merchants.service';
import { listUserRoles } from '../users/users.service';

export async function buildProfile(db: Db, { user, claims }: Principal): Promise<Profile> {
  const roles = await listUserRoles(db, user.id);
  const [merchants, organization] = await Promise.all([
    findMerchantsWithIds(
      db,
      roles.map((role) => role.merchantId),
    ),
    user.organization_id ? findOrganization(db, user.organization_id) : undefined,
  ]);
  const roleOf = new Map(roles.map((role) => [role.merchantId, role]));
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
    merchants: merchants.flatMap((merchant) => {
      const role = roleOf.get(merchant.id);
      return role
        ? [
            {
              ...toMerchantDto(merchant),
              role: role.role,
              custom_role: role.customRole,
              access_roles: role.accessRoles,
            },
          ]
        : [];
    }),
    access: { roles: claims.roles, groups: claims.groups, exp: claims.exp },
  };
}
