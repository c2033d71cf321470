import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonObject } from '../../db/list-query';
import { preparedStatement } from '../../db/prepared';
import { customRoles, merchants, organizations, roleGrants, users } from '../../db/schema/identity';
import { paymentCodes } from '../../db/schema/payment-codes';
import {
  merchantJsonFields,
  merchantWithOrganization,
  paymentCodeOfMerchant,
  type MerchantJson,
} from '../../db/selections';

export type ProfileOrganization = { id: string; name: string; logo: string | null; in_legacy_app: boolean };
export type ProfileGrant = {
  merchant: MerchantJson;
  role: (typeof roleGrants.$inferSelect)['role'];
  custom_role: { id: string; role_name: string } | null;
  /** The custom role's permission flags (null without a custom role). */
  permissions: string[] | null;
};

/**
 * What a profile shows beyond the user, in one round trip: the user's organisation and their grants with each
 * merchant (in name order) and custom role, written by PostgreSQL as JSON, so Node parses two values instead of
 * every column of every grant row.
 */
const profileOfUser = preparedStatement('profile_of_user', (db, name) => {
  const organization = db
    .select({
      json: jsonObject({
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
        in_legacy_app: organizations.in_legacy_app,
      }),
    })
    .from(organizations)
    .where(eq(organizations.id, users.organization_id));
  const customRole = sql`case when ${customRoles.id} is null then null else ${jsonObject({
    id: customRoles.id,
    role_name: customRoles.role_name,
  })} end`;
  const grant = jsonObject({
    merchant: jsonObject(merchantJsonFields(merchantWithOrganization)),
    role: roleGrants.role,
    custom_role: customRole,
    permissions: customRoles.permissions,
  });
  const grants = db
    .select({ json: sql`coalesce(json_agg(${grant} order by ${asc(merchants.name)}, ${asc(merchants.id)}), '[]')` })
    .from(roleGrants)
    .innerJoin(merchants, eq(merchants.id, roleGrants.merchant_id))
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .leftJoin(paymentCodes, paymentCodeOfMerchant)
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(eq(roleGrants.user_id, users.id));
  return db
    .select({
      organization: sql<ProfileOrganization | null>`(${organization})`,
      grants: sql<ProfileGrant[]>`(${grants})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name);
});

/** The user's organisation and grants; undefined for a user no longer there. */
export async function findProfileOf(
  db: Db,
  userId: string,
): Promise<{ organization: ProfileOrganization | null; grants: ProfileGrant[] } | undefined> {
  const [row] = await profileOfUser(db).execute({ userId });
  return row;
}
