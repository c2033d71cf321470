import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { MERCHANT_ACCOUNT_SORT_KEYS } from '@paydesk/domain/locations/merchant-accounts.contract';
import type { Db } from '../../db/client';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { preparedStatements } from '../../db/prepared';
import { merchantLocations } from '../../db/schema/locations';
import { merchantAccounts } from '../../db/schema/merchant-accounts';

export type MerchantAccountRow = typeof merchantAccounts.$inferSelect;
export type MerchantAccountWithLocation = MerchantAccountRow & { location_name: string };
export type MerchantAccountValues = Omit<typeof merchantAccounts.$inferInsert, 'id' | 'merchant_id' | 'created'>;

const withLocation = { ...getTableColumns(merchantAccounts), location_name: merchantLocations.name };

export async function findMerchantAccount(
  db: Db,
  merchantId: string,
  accountId: string,
): Promise<MerchantAccountWithLocation | undefined> {
  const [row] = await db
    .select(withLocation)
    .from(merchantAccounts)
    .innerJoin(merchantLocations, eq(merchantLocations.id, merchantAccounts.location_id))
    .where(and(eq(merchantAccounts.merchant_id, merchantId), eq(merchantAccounts.id, accountId)));
  return row;
}

const SORT_COLUMNS = {
  name: [merchantAccounts.name],
  created: [merchantAccounts.created],
} satisfies SortColumns<(typeof MERCHANT_ACCOUNT_SORT_KEYS)[number]>;

function accountFilters(byLocation: boolean): SQL | undefined {
  const filters: SQL[] = [eq(merchantAccounts.merchant_id, sql.placeholder('merchantId'))];
  if (byLocation) filters.push(eq(merchantAccounts.location_id, sql.placeholder('locationId')));
  return and(...filters);
}

/** One prepared statement per variant, keyed `all|location <ordering>`. */
const accountsPage = preparedStatements('merchant_accounts_page', (db, name, key: string) => {
  const [scope, ordering = 'name'] = key.split(' ');
  return db
    .select({ ...withLocation, total: totalColumn() })
    .from(merchantAccounts)
    .innerJoin(merchantLocations, eq(merchantLocations.id, merchantAccounts.location_id))
    .where(accountFilters(scope === 'location'))
    .orderBy(...orderBy(SORT_COLUMNS, ordering, merchantAccounts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

export async function findMerchantAccounts(
  db: Db,
  merchantId: string,
  options: { locationId: string | null; limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: MerchantAccountWithLocation[] }> {
  const byLocation = options.locationId !== null;
  const params = { merchantId, locationId: options.locationId, limit: options.limit, offset: options.offset };
  const rows = await accountsPage(db, `${byLocation ? 'location' : 'all'} ${options.ordering}`).execute(params);
  return toListPage(rows, options.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(merchantAccounts)
      .where(accountFilters(byLocation))
      .execute(params);
    return total?.count ?? 0;
  });
}

export async function insertMerchantAccount(
  db: Db,
  merchantId: string,
  values: MerchantAccountValues,
): Promise<MerchantAccountRow> {
  const [row] = await db
    .insert(merchantAccounts)
    .values({ ...values, merchant_id: merchantId })
    .returning();
  if (!row) throw new Error('merchant account not inserted');
  return row;
}

export async function updateMerchantAccount(
  db: Db,
  accountId: string,
  values: Partial<MerchantAccountValues>,
): Promise<MerchantAccountRow | undefined> {
  const [row] = await db.update(merchantAccounts).set(values).where(eq(merchantAccounts.id, accountId)).returning();
  return row;
}

export async function deleteMerchantAccount(db: Db, accountId: string): Promise<void> {
  await db.delete(merchantAccounts).where(eq(merchantAccounts.id, accountId));
}
