import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MERCHANT_SORT_KEYS } from '@paydesk/domain/merchants/merchants.contract';
import { jsonPageColumns, orderBy, type SortColumns } from '../../db/list-query';
import { preparedStatement, preparedStatements } from '../../db/prepared';
import { versionedCache } from '../../db/versioned-cache';
import { merchants, organizations, roleGrants } from '../../db/schema/identity';
import { paymentCodes } from '../../db/schema/payment-codes';
import { merchantJsonFields, merchantWithOrganization, paymentCodeOfMerchant } from '../../db/selections';

export type MerchantRow = typeof merchants.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MerchantWithOrganization = MerchantRow & { organization_name: string; upc: string | null };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function findMerchantById(db: Db, id: string): Promise<MerchantWithOrganization | undefined> {
  const [row] = await db
    .select(merchantWithOrganization)
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .leftJoin(paymentCodes, paymentCodeOfMerchant)
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

/** The page of a merchants list: the contract's fields as columns, raw (`created` as a timestamp, for sorting). */
function merchantsPageQuery(db: Db, variant: { mine: boolean; search: boolean; ordering: string }) {
  return db
    .select({
      id: merchants.id,
      organization_id: merchants.organization_id,
      organization_name: sql<string>`${organizations.name}`.as('organization_name'),
      name: merchants.name,
      logo: merchants.logo,
      in_legacy_app: merchants.in_legacy_app,
      check_custom_roles: merchants.check_custom_roles,
      allow_group_message: merchants.allow_group_message,
      is_integrated: merchants.is_integrated,
      timezone: merchants.timezone,
      upc: sql<string | null>`${paymentCodes.code}`.as('upc'),
      created: merchants.created,
    })
    .from(merchants)
    .innerJoin(organizations, eq(organizations.id, merchants.organization_id))
    .leftJoin(paymentCodes, paymentCodeOfMerchant)
    .where(merchantFilters(db, variant))
    .orderBy(...orderBy(MERCHANT_SORT_COLUMNS, variant.ordering, merchants.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
}

/**
 * One prepared statement per variant, keyed `all|mine any|search <ordering>`: PostgreSQL writes the page's rows as
 * JSON (`jsonPageColumns`), with exactly the fields of the contract's merchant.
 */
const merchantsPage = preparedStatements('merchants_json_page', (db, name, key: string) => {
  const [scope, search, ordering = 'name'] = key.split(' ');
  const variant = { mine: scope === 'mine', search: search === 'search', ordering };
  const page = merchantsPageQuery(db, variant);
  const fields = merchantJsonFields(page);
  // The page's ORDER BY again, on the page's columns: json_agg keeps the rows in that order.
  const pageSortColumns = {
    name: [page.name],
    created: [page.created],
  } satisfies SortColumns<(typeof MERCHANT_SORT_KEYS)[number]>;
  const order = orderBy(pageSortColumns, variant.ordering, page.id);
  const countAll = db.select({ count: count() }).from(merchants).where(merchantFilters(db, variant));
  return db
    .select(jsonPageColumns(fields, order, countAll))
    .from(page)
    .prepare(name);
});

/** Pages as PostgreSQL wrote them, up to ~4 MB of JSON text per process, while the `merchants` version stands. */
const cachedMerchantPages = versionedCache<{ count: number; results: string }>('merchants', {
  maxSize: 4_000_000,
  size: (page) => page.results.length,
});

/**
 * A page of merchants, all of them or those the user holds a role on: the total and the rows as the JSON text of
 * the contract's `results`, in one query, or from this process's cache while the list's version is unchanged (one
 * primary-key read).
 */
export async function findMerchantsJson(
  db: Db,
  options: { userId: string | null; search: string; limit: number; offset: number; ordering: string },
): Promise<{ count: number; results: string }> {
  const variant = { mine: options.userId !== null, search: options.search !== '' };
  const params = {
    userId: options.userId,
    pattern: `%${escapeLike(options.search)}%`,
    limit: options.limit,
    offset: options.offset,
  };
  const key = `${variant.mine ? 'mine' : 'all'} ${variant.search ? 'search' : 'any'} ${options.ordering}`;
  // The search last: it is the only part that may hold any character.
  const pageKey = `${key}|${options.userId ?? ''}|${options.limit}|${options.offset}|${options.search}`;
  return cachedMerchantPages(db, pageKey, async () => {
    const [page] = await merchantsPage(db, key).execute(params);
    return { count: page?.count ?? 0, results: page?.results ?? '[]' };
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
