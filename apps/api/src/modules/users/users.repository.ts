import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, merchants, roleGrants, users } from '../../db/schema/identity';

export type UserRow = typeof users.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;
export type CustomRoleRow = typeof customRoles.$inferSelect;
export type GrantRow = typeof roleGrants.$inferSelect;
export type GrantWithMerchant = { grant: GrantRow; merchant: MerchantRow; customRole: CustomRoleRow | null };

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function findGrants(db: Db, userId: string): Promise<GrantWithMerchant[]> {
  return db
    .select({ grant: roleGrants, merchant: merchants, customRole: customRoles })
    .from(roleGrants)
    .innerJoin(merchants, eq(merchants.id, roleGrants.merchant_id))
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(eq(roleGrants.user_id, userId))
    .orderBy(asc(merchants.name));
}

export async function findGrant(db: Db, userId: string, merchantId: string): Promise<GrantWithMerchant | undefined> {
  const [row] = await db
    .select({ grant: roleGrants, merchant: merchants, customRole: customRoles })
    .from(roleGrants)
    .innerJoin(merchants, eq(merchants.id, roleGrants.merchant_id))
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(and(eq(roleGrants.user_id, userId), eq(roleGrants.merchant_id, merchantId)));
  return row;
}

export async function insertGrant(db: Db, values: typeof roleGrants.$inferInsert): Promise<void> {
  await db.insert(roleGrants).values(values);
}

export async function deleteGrants(db: Db, userId: string): Promise<void> {
  await db.delete(roleGrants).where(eq(roleGrants.user_id, userId));
}

export type MerchantUserRow = { user: UserRow; grant: GrantRow | null; customRole: CustomRoleRow | null };

/**
 * The merchant's users: those with a role on it, and users of its organisation with no role anywhere
 * (disabled users lose their roles, and the list must still show them as Inactive).
 */
export async function findMerchantUsers(
  db: Db,
  merchant: MerchantRow,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: MerchantUserRow[] }> {
  const belongs = sql`(${roleGrants.id} is not null or (${users.organization_id} = ${merchant.organization_id} and not exists (select 1 from ${roleGrants} as g where g.user_id = ${users.id})))`;
  const base = db
    .select({ user: users, grant: roleGrants, customRole: customRoles })
    .from(users)
    .leftJoin(roleGrants, and(eq(roleGrants.user_id, users.id), eq(roleGrants.merchant_id, merchant.id)))
    .leftJoin(customRoles, eq(customRoles.id, roleGrants.custom_role_id))
    .where(belongs);
  const [total] = await db
    .select({ count: count() })
    .from(users)
    .leftJoin(roleGrants, and(eq(roleGrants.user_id, users.id), eq(roleGrants.merchant_id, merchant.id)))
    .where(belongs);
  const rows = await base
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}
