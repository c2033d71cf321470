import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, organizations, roleGrants } from '../../db/schema/identity';

export type MerchantRow = typeof merchants.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MerchantWithOrganization = MerchantRow & { organization_name: string };

const withOrganization = {
  id: merchants.id,
  organization_id: merchants.organization_id,
  organization_name: organizations.name,
  name: merchants.name,
  logo: merchants.logo,
  in_legacy_app: merchants.in_legacy_app,
  check_custom_roles: merchants.check_custom_roles,
  allow_group_message: merchants.allow_group_message,
  is_integrated: merchants.is_integrated,
  timezone: merchants.timezone,
  created: merchants.created,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function findMerchantById(db: Db, id: string): Promise<MerchantWithOrganization | undefined> {
  const [row] = await db
    .select(withOrganization)
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .where(eq(merchants.id, id));
  return row;
}

/** A page of merchants, all of them or those the user holds a role on. */
export async function findMerchants(
  db: Db,
  options: { userId: string | null; search: string; limit: number; offset: number },
): Promise<{ count: number; rows: MerchantWithOrganization[] }> {
  const filters: SQL[] = [];
  if (options.search) filters.push(ilike(merchants.name, `%${escapeLike(options.search)}%`));
  if (options.userId) {
    const granted = db
      .select({ id: roleGrants.merchant_id })
      .from(roleGrants)
      .where(eq(roleGrants.user_id, options.userId));
    filters.push(inArray(merchants.id, granted));
  }
  const where = and(...filters);
  const [total] = await db.select({ count: count() }).from(merchants).where(where);
  const rows = await db
    .select(withOrganization)
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .where(where)
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function insertOrganization(db: Db, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}

export async function insertMerchant(db: Db, values: typeof merchants.$inferInsert): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning();
  if (!row) throw new Error('merchant not inserted');
  return row;
}

export async function updateMerchant(
  db: Db,
  id: string,
  values: Partial<typeof merchants.$inferInsert>,
): Promise<void> {
  await db.update(merchants).set(values).where(eq(merchants.id, id));
}

export async function deleteMerchant(db: Db, id: string): Promise<void> {
  await db.delete(merchants).where(eq(merchants.id, id));
}

export async function findMerchantsByIds(db: Db, ids: string[]): Promise<MerchantWithOrganization[]> {
  if (ids.length === 0) return [];
  return db
    .select(withOrganization)
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .where(inArray(merchants.id, ids))
    .orderBy(asc(merchants.name));
}
