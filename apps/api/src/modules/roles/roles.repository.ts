import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ROLE_SORT_KEYS } from '@paydesk/domain/roles/roles.contract';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { preparedStatements } from '../../db/prepared';
import { customRoles, roleGrants } from '../../db/schema/identity';

export type CustomRoleRow = typeof customRoles.$inferSelect;

export async function findRole(db: Db, merchantId: string, roleId: string): Promise<CustomRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(customRoles)
    .where(and(eq(customRoles.merchant_id, merchantId), eq(customRoles.id, roleId)));
  return row;
}

const ROLE_SORT_COLUMNS = {
  role_name: [customRoles.role_name],
  created: [customRoles.created],
} satisfies SortColumns<(typeof ROLE_SORT_KEYS)[number]>;

const rolesPage = preparedStatements('roles_page', (db, name, ordering: string) =>
  db
    .select({ role: customRoles, total: totalColumn() })
    .from(customRoles)
    .where(eq(customRoles.merchant_id, sql.placeholder('merchantId')))
    .orderBy(...orderBy(ROLE_SORT_COLUMNS, ordering, customRoles.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

export async function findRoles(
  db: Db,
  merchantId: string,
  page: { limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: CustomRoleRow[] }> {
  const rows = await rolesPage(db, page.ordering).execute({ merchantId, ...page });
  const listPage = await toListPage(rows, page.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(customRoles)
      .where(eq(customRoles.merchant_id, merchantId));
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.role) };
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
