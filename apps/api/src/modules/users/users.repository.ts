import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MERCHANT_USER_SORT_KEYS } from '@paydesk/domain/users/users.contract';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { preparedStatement, preparedStatements } from '../../db/prepared';
import {
  customRoles,
  merchantDisabledUsers,
  merchants,
  organizations,
  roleGrants,
  users,
} from '../../db/schema/identity';
import { paymentCodes } from '../../db/schema/payment-codes';
import { merchantWithOrganization, paymentCodeOfMerchant } from '../../db/selections';

/** Every column but the password hash, which only sign-in and password checks read. */
const userColumns = {
  id: users.id,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  organization_id: users.organization_id,
  is_active: users.is_active,
  is_pending: users.is_pending,
  is_super_user: users.is_super_user,
  created: users.created,
};

export type UserRow = Omit<typeof users.$inferSelect, 'password_hash'>;
export type UserWithPassword = UserRow & { password_hash: string | null };
export type MerchantRow = typeof merchants.$inferSelect;
export type CustomRoleRow = typeof customRoles.$inferSelect;
export type GrantRow = typeof roleGrants.$inferSelect;
export type MerchantWithOrganization = MerchantRow & { organization_name: string; upc: string | null };
export type GrantWithMerchant = {
  grant: GrantRow;
  merchant: MerchantWithOrganization;
  customRole: CustomRoleRow | null;
};

const userById = preparedStatement('user_by_id', (db, name) =>
  db
    .select(userColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(byEmail(email));
  return row;
}

/** The user with their password hash: for sign-in and password checks only. */
export async function findUserWithPasswordByEmail(db: Db, email: string): Promise<UserWithPassword | undefined> {
  const [row] = await db
    .select({ ...userColumns, password_hash: users.password_hash })
    .from(users)
    .where(byEmail(email));
  return row;
}

export async function findPasswordHash(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, id));
  return row?.password_hash ?? null;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  return row;
}

const grantColumns = { grant: roleGrants, merchant: merchantWithOrganization, customRole: customRoles };

const grantsOfUser = preparedStatement('grants_of_user', (db, name) =>
  db
    .select(grantColumns)
    .from(roleGrants)
    .innerJoin(merchants, eq(merchants.id, roleGrants.merchant_id))
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .leftJoin(paymentCodes, paymentCodeOfMerchant)
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(eq(roleGrants.user_id, sql.placeholder('userId')))
    .orderBy(asc(merchants.name), asc(merchants.id))
    .prepare(name),
);

export async function findGrants(db: Db, userId: string): Promise<GrantWithMerchant[]> {
  return grantsOfUser(db).execute({ userId });
}

const grantOnMerchant = preparedStatement('grant_on_merchant', (db, name) =>
  db
    .select(grantColumns)
    .from(roleGrants)
    .innerJoin(merchants, eq(merchants.id, roleGrants.merchant_id))
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .leftJoin(paymentCodes, paymentCodeOfMerchant)
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(
      and(eq(roleGrants.user_id, sql.placeholder('userId')), eq(roleGrants.merchant_id, sql.placeholder('merchantId'))),
    )
    .prepare(name),
);

export async function findGrant(db: Db, userId: string, merchantId: string): Promise<GrantWithMerchant | undefined> {
  const [row] = await grantOnMerchant(db).execute({ userId, merchantId });
  return row;
}

export async function insertGrant(db: Db, values: typeof roleGrants.$inferInsert): Promise<void> {
  await db.insert(roleGrants).values(values);
}

export async function deleteGrants(db: Db, userId: string): Promise<void> {
  await db.delete(roleGrants).where(eq(roleGrants.user_id, userId));
}

export async function deleteGrant(db: Db, userId: string, merchantId: string): Promise<void> {
  await db.delete(roleGrants).where(and(eq(roleGrants.user_id, userId), eq(roleGrants.merchant_id, merchantId)));
}

export async function updateGrant(
  db: Db,
  userId: string,
  merchantId: string,
  values: Pick<typeof roleGrants.$inferInsert, 'role' | 'custom_role_id'>,
): Promise<void> {
  await db
    .update(roleGrants)
    .set(values)
    .where(and(eq(roleGrants.user_id, userId), eq(roleGrants.merchant_id, merchantId)));
}

/** The ids of the users holding a custom role. */
export async function findCustomRoleHolders(db: Db, customRoleId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: roleGrants.user_id })
    .from(roleGrants)
    .where(eq(roleGrants.custom_role_id, customRoleId));
  return rows.map((row) => row.userId);
}

export type DisabledRow = typeof merchantDisabledUsers.$inferSelect;

export async function findDisabledRecord(db: Db, userId: string, merchantId: string): Promise<DisabledRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantDisabledUsers)
    .where(and(eq(merchantDisabledUsers.user_id, userId), eq(merchantDisabledUsers.merchant_id, merchantId)));
  return row;
}

/** Records that the user was disabled at the merchant (replacing an older record there). */
export async function recordDisabled(
  db: Db,
  values: Omit<typeof merchantDisabledUsers.$inferInsert, 'id' | 'disabled_at'>,
): Promise<void> {
  await db
    .insert(merchantDisabledUsers)
    .values(values)
    .onConflictDoUpdate({
      target: [merchantDisabledUsers.user_id, merchantDisabledUsers.merchant_id],
      set: {
        role: values.role,
        custom_role_id: values.custom_role_id ?? null,
        disabled_by: values.disabled_by ?? null,
        disabled_at: sql`now()`,
      },
    });
}

export async function deleteDisabledRecord(db: Db, userId: string, merchantId: string): Promise<void> {
  await db
    .delete(merchantDisabledUsers)
    .where(and(eq(merchantDisabledUsers.user_id, userId), eq(merchantDisabledUsers.merchant_id, merchantId)));
}

export type MerchantUserRow = {
  user: UserRow;
  grant: GrantRow | null;
  customRole: CustomRoleRow | null;
  disabledAt: Date | null;
};

const MERCHANT_USER_SORT_COLUMNS = {
  name: [users.last_name, users.first_name],
  email: [users.email],
  created: [users.created],
} satisfies SortColumns<(typeof MERCHANT_USER_SORT_KEYS)[number]>;

const onMerchant = and(eq(roleGrants.user_id, users.id), eq(roleGrants.merchant_id, sql.placeholder('merchantId')));
const disabledOnMerchant = and(
  eq(merchantDisabledUsers.user_id, users.id),
  eq(merchantDisabledUsers.merchant_id, sql.placeholder('merchantId')),
);
/** Users with a role on the merchant, and users disabled there. */
const belongsToMerchant = or(sql`${roleGrants.id} is not null`, sql`${merchantDisabledUsers.id} is not null`);

const merchantUsersPage = preparedStatements('merchant_users', (db, name, ordering: string) =>
  db
    .select({
      user: userColumns,
      grant: roleGrants,
      customRole: customRoles,
      disabledAt: merchantDisabledUsers.disabled_at,
      total: totalColumn(),
    })
    .from(users)
    .leftJoin(roleGrants, onMerchant)
    .leftJoin(merchantDisabledUsers, disabledOnMerchant)
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(belongsToMerchant)
    .orderBy(...orderBy(MERCHANT_USER_SORT_COLUMNS, ordering, users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/**
 * The merchant's users: those with a role on it, and those disabled there (shown as Disabled, to be re-enabled).
 * Users of its organisation who never worked there are not its users.
 */
export async function findMerchantUsers(
  db: Db,
  merchant: Pick<MerchantRow, 'id'>,
  page: { limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: MerchantUserRow[] }> {
  const params = { merchantId: merchant.id };
  const rows = await merchantUsersPage(db, page.ordering).execute({ ...params, ...page });
  return toListPage(rows, page.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(users)
      .leftJoin(roleGrants, onMerchant)
      .leftJoin(merchantDisabledUsers, disabledOnMerchant)
      .where(belongsToMerchant)
      .execute(params);
    return total?.count ?? 0;
  });
}

/** One user as the merchant's users list shows them. */
export async function findMerchantUser(
  db: Db,
  merchantId: string,
  userId: string,
): Promise<MerchantUserRow | undefined> {
  const [row] = await db
    .select({
      user: userColumns,
      grant: roleGrants,
      customRole: customRoles,
      disabledAt: merchantDisabledUsers.disabled_at,
    })
    .from(users)
    .leftJoin(roleGrants, onMerchant)
    .leftJoin(merchantDisabledUsers, disabledOnMerchant)
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(eq(users.id, userId))
    .execute({ merchantId });
  return row;
}
