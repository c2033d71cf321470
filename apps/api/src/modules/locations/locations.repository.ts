import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { LOCATION_SORT_KEYS } from '@paydesk/domain/locations/locations.contract';
import type { Db } from '../../db/client';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { preparedStatements } from '../../db/prepared';
import { customers } from '../../db/schema/customers';
import { merchantLocations } from '../../db/schema/locations';
import { merchantAccounts } from '../../db/schema/merchant-accounts';

export type LocationRow = typeof merchantLocations.$inferSelect;
export type LocationValues = Omit<typeof merchantLocations.$inferInsert, 'id' | 'merchant_id' | 'created'>;

export async function findLocation(db: Db, merchantId: string, locationId: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantLocations)
    .where(and(eq(merchantLocations.merchant_id, merchantId), eq(merchantLocations.id, locationId)));
  return row;
}

const LOCATION_SORT_COLUMNS = {
  name: [merchantLocations.name],
  created: [merchantLocations.created],
} satisfies SortColumns<(typeof LOCATION_SORT_KEYS)[number]>;

function locationFilters(search: boolean): SQL | undefined {
  const filters: SQL[] = [eq(merchantLocations.merchant_id, sql.placeholder('merchantId'))];
  if (search) filters.push(sql`${merchantLocations.name} ilike ${sql.placeholder('pattern')}`);
  return and(...filters);
}

/** One prepared statement per variant, keyed `any|search <ordering>`. */
const locationsPage = preparedStatements('locations_page', (db, name, key: string) => {
  const [search, ordering = 'name'] = key.split(' ');
  return db
    .select({ location: merchantLocations, total: totalColumn() })
    .from(merchantLocations)
    .where(locationFilters(search === 'search'))
    .orderBy(...orderBy(LOCATION_SORT_COLUMNS, ordering, merchantLocations.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function findLocations(
  db: Db,
  merchantId: string,
  options: { search: string; limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: LocationRow[] }> {
  const search = options.search !== '';
  const params = {
    merchantId,
    pattern: `%${escapeLike(options.search)}%`,
    limit: options.limit,
    offset: options.offset,
  };
  const rows = await locationsPage(db, `${search ? 'search' : 'any'} ${options.ordering}`).execute(params);
  const listPage = await toListPage(rows, options.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(merchantLocations)
      .where(locationFilters(search))
      .execute(params);
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.location) };
}

export async function insertLocation(db: Db, merchantId: string, values: LocationValues): Promise<LocationRow> {
  const [row] = await db
    .insert(merchantLocations)
    .values({ ...values, merchant_id: merchantId })
    .returning();
  if (!row) throw new Error('location not inserted');
  return row;
}

export async function updateLocation(
  db: Db,
  locationId: string,
  values: Partial<LocationValues>,
): Promise<LocationRow | undefined> {
  const [row] = await db.update(merchantLocations).set(values).where(eq(merchantLocations.id, locationId)).returning();
  return row;
}

/**
 * What still sits under a location and keeps it from being deleted: merchant accounts first, then customers (removed
 * ones too: they keep their history, location included).
 */
export async function findLocationUse(db: Db, locationId: string): Promise<'merchant_accounts' | 'customers' | null> {
  const [account] = await db
    .select({ id: merchantAccounts.id })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.location_id, locationId))
    .limit(1);
  if (account) return 'merchant_accounts';
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.location_id, locationId))
    .limit(1);
  return customer ? 'customers' : null;
}

export async function deleteLocation(db: Db, locationId: string): Promise<void> {
  await db.delete(merchantLocations).where(eq(merchantLocations.id, locationId));
}
