import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customRoles, roleGrants } from '../../db/schema/identity';

export type CustomRoleRow = typeof customRoles.$inferSelect;

export async function findRole(db: Db, merchantId: string, roleId: string): Promise<CustomRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(customRoles)
    .where(and(eq(customRoles.merchant_id, merchantId), eq(customRoles.id, roleId)));
  return row;
}

export async function findRoles(db: Db, merchantId: string, page: { limit: number; offset: number }) {
  const where = eq(customRoles.merchant_id, merchantId);
  const [total] = await db.select({ count: count() }).from(customRoles).where(where);
  const rows = await db
    .select()
    .from(customRoles)
    .where(where)
    .orderBy(asc(customRoles.role_name), asc(customRoles.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function insertRole(db: Db, values: typeof customRoles.$inferInsert): Promise<CustomRoleRow> {
  const [row] = await db.insert(customRoles).values(values).returning();
  if (!row) throw new Error('role not inserted');
  return row;
}

export async function updateRole(
  db: Db,
  roleId: string,
  values: Partial<typeof customRoles.$inferInsert>,
): Promise<CustomRoleRow | undefined> {
  const [row] = await db.update(customRoles).set(values).where(eq(customRoles.id, roleId)).returning();
  return row;
}

export async function deleteRole(db: Db, roleId: string): Promise<void> {
  await db.delete(customRoles).where(eq(customRoles.id, roleId));
}

export async function countRoleHolders(db: Db, roleId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(roleGrants).where(eq(roleGrants.custom_role_id, roleId));
  return row?.count ?? 0;
}
