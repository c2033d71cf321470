import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { OWNER_SORT_KEYS } from '@paydesk/domain/owners/owners.contract';
import type { Db } from '../../db/client';
import { orderBy, toListPage, totalColumn, type SortColumns } from '../../db/list-query';
import { merchants } from '../../db/schema/identity';
import { businessOwners } from '../../db/schema/owners';

export type OwnerRow = typeof businessOwners.$inferSelect;
export type OwnerValues = Omit<typeof businessOwners.$inferInsert, 'id' | 'merchant_id' | 'created'>;

const OWNER_SORT_COLUMNS = {
  last_name: [businessOwners.last_name, businessOwners.first_name],
  ownership_percentage: [businessOwners.ownership_percentage],
  created: [businessOwners.created],
} satisfies SortColumns<(typeof OWNER_SORT_KEYS)[number]>;

export async function findOwners(
  db: Db,
  merchantId: string,
  page: { limit: number; offset: number; ordering: string },
): Promise<{ count: number; rows: OwnerRow[] }> {
  const rows = await db
    .select({ owner: businessOwners, total: totalColumn() })
    .from(businessOwners)
    .where(eq(businessOwners.merchant_id, merchantId))
    .orderBy(...orderBy(OWNER_SORT_COLUMNS, page.ordering, businessOwners.id))
    .limit(page.limit)
    .offset(page.offset);
  const listPage = await toListPage(rows, page.offset, async () => {
    const [total] = await db
      .select({ count: count() })
      .from(businessOwners)
      .where(eq(businessOwners.merchant_id, merchantId));
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.owner) };
}

export async function findOwner(db: Db, merchantId: string, ownerId: string): Promise<OwnerRow | undefined> {
  const [row] = await db
    .select()
    .from(businessOwners)
    .where(and(eq(businessOwners.merchant_id, merchantId), eq(businessOwners.id, ownerId)));
  return row;
}

/**
 * Locks the merchant's row until the transaction ends, so that the owners' total is read and changed by one
 * transaction at a time (FOR NO KEY UPDATE: rows pointing at the merchant may still be inserted meanwhile).
 */
export async function lockMerchant(db: Db, merchantId: string): Promise<void> {
  await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('no key update');
}

/** The owners' total percentage and how many there are, leaving out `exceptOwnerId`. */
export async function ownershipTotal(
  db: Db,
  merchantId: string,
  exceptOwnerId?: string,
): Promise<{ total: number; owners: number }> {
  const filter = exceptOwnerId
    ? and(eq(businessOwners.merchant_id, merchantId), ne(businessOwners.id, exceptOwnerId))
    : eq(businessOwners.merchant_id, merchantId);
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${businessOwners.ownership_percentage}), 0)`.mapWith(Number),
      owners: count(),
    })
    .from(businessOwners)
    .where(filter);
  return { total: row?.total ?? 0, owners: row?.owners ?? 0 };
}

export async function insertOwner(db: Db, merchantId: string, values: OwnerValues): Promise<OwnerRow> {
  const [row] = await db
    .insert(businessOwners)
    .values({ ...values, merchant_id: merchantId })
    .returning();
  if (!row) throw new Error('owner not inserted');
  return row;
}

export async function updateOwner(db: Db, ownerId: string, values: Partial<OwnerValues>): Promise<OwnerRow> {
  const [row] = await db.update(businessOwners).set(values).where(eq(businessOwners.id, ownerId)).returning();
  if (!row) throw new Error('owner not updated');
  return row;
}

export async function deleteOwner(db: Db, ownerId: string): Promise<void> {
  await db.delete(businessOwners).where(eq(businessOwners.id, ownerId));
}
