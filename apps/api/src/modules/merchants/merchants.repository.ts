import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MERCHANT_SORT_KEYS } from '@paydesk/domain/merchants/merchants.contract';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { preparedStatement, preparedStatements } from '../../db/prepared';
import { merchants, organizations, roleGrants } from '../../db/schema/identity';
import { merchantWithOrganization } from '../../db/selections';

export type MerchantRow = typeof merchants.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MerchantWithOrganization = MerchantRow & { organization_name: string };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function findMerchantById(db: Db, id: string): Promise<MerchantWithOrganization | undefined> {
  const [row] = await db
    .select(merchantWithOrganization)
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .where(eq(merchants.id, id));
  return row;
}

const MERCHANT_SORT_COLUMNS = {
  name: [merchants.name],
  created: [merchants.created],
} satisfies SortColumns<(typeof MERCHANT_SORT_KEYS)[number]>;

function merchantFilters(db: Db, { mine, search }: { mine: boolean; search: boolean }) {
  const filters: SQL[] = [];
  if (search) filters.push(sql`${merchants.name} ilike ${sql.placeholder('pattern')}`);
  if (mine) {
    const granted = db
      .select({ id: roleGrants.merchant_id })
      .from(roleGrants)
      .where(eq(roleGrants.user_id, sql.placeholder('userId')));
    filters.push(inArray(merchants.id, granted));
  }
  return and(...filters);
}

/** One prepared statement per variant, keyed `all|mine any|search <ordering>`. */
const merchantsPage = preparedStatements('merchants_page', (db, name, key: string) => {
  const [scope, search, ordering = 'name'] = key.split(' ');
  const variant = { mine: scope === 'mine', search: search === 'search', ordering };
  return db
    .select({ ...merchantWithOrganization, total: totalColumn() })
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .where(merchantFilters(db, variant))
    .orderBy(...orderBy(MERCHANT_SORT_COLUMNS, variant.ordering, merchants.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

/** A page of merchants, all of them or those the user holds a role on, in one round trip. */
export async function findMerchants(
  db: Db,
  options: { userId: string | null; search: string; limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: MerchantWithOrganization[] }> {
  const variant = { mine: options.userId !== null, search: options.search !== '' };
  const params = {
    userId: options.userId,
    pattern: `%${escapeLike(options.search)}%`,
    limit: options.limit,
    offset: options.offset,
  };
  const key = `${variant.mine ? 'mine' : 'all'} ${variant.search ? 'search' : 'any'} ${options.ordering}`;
  const rows = await merchantsPage(db, key).execute(params);
  return toListPage(rows, options.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(merchants)
      .where(merchantFilters(db, variant))
      .execute(params);
    return total?.count ?? 0;
  });
}

const organizationById = preparedStatement('organization_by_id', (db, name) =>
  db
    .select()
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await organizationById(db).execute({ id });
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
