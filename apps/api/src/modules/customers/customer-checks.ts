// The checks a customer's or an account's write makes before it writes (the merchant's location and tags, a free
// phone number and external id, no date of birth in the future), each also for many rows at once, and the account
// tags' write they share.

import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCustomers, accountTagAssignments, accounts, customers } from '../../db/schema/customers';
import { merchantLocations } from '../../db/schema/locations';
import { accountTags } from '../../db/schema/tags';
import { CatalogueError, FieldErrors, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { ServiceContext } from '../../lib/service-context';
import type { MerchantRef } from './customers.read';

export async function checkLocation(db: Db, merchantId: string, locationId: string): Promise<void> {
  if (!isUuid(locationId)) throw notFound();
  const [row] = await db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(and(eq(merchantLocations.id, locationId), eq(merchantLocations.merchant_id, merchantId)));
  if (!row) throw notFound();
}

export async function tagNames(db: Db, merchantId: string, tagIds: string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  if (!unique.every(isUuid)) throw notFound();
  const rows = await db
    .select({ id: accountTags.id, name: accountTags.name })
    .from(accountTags)
    .where(and(inArray(accountTags.id, unique), eq(accountTags.merchant_id, merchantId)));
  if (rows.length !== unique.length) throw notFound();
  return rows.map((row) => row.name).sort();
}

export function checkDateOfBirth(ctx: ServiceContext, merchant: MerchantRef, dateOfBirth: string | null | undefined) {
  if (!dateOfBirth) return;
  const today = toCalendarDate(ctx.clock(), merchant.timezone);
  if (dateOfBirth > today) throw FieldErrors.of('date_of_birth', ERROR_CATALOGUE['customer.dob_in_future']);
}

/** Another (not removed) customer of the merchant with this number: a field error (the unique index decides races). */
export async function checkPhoneFree(
  db: Db,
  merchantId: string,
  phone: string | null,
  exceptId?: string,
): Promise<void> {
  if (!phone) return;
  const conditions = [
    eq(customers.merchant_id, merchantId),
    eq(customers.sms_phone_number, phone),
    isNull(customers.removed_at),
  ];
  if (exceptId) conditions.push(ne(customers.id, exceptId));
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(...conditions))
    .limit(1);
  if (row) throw FieldErrors.of('sms_phone_number', ERROR_CATALOGUE['phone_number.duplicate']);
}

export async function findAccountByExternalId(db: Db, merchantId: string, externalId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.merchant_id, merchantId), eq(accounts.external_id, externalId)));
  return row;
}

export async function checkExternalIdFree(db: Db, merchantId: string, externalId: string, exceptId?: string) {
  const existing = await findAccountByExternalId(db, merchantId, externalId);
  if (existing && existing.id !== exceptId) throw new CatalogueError('account.external_id.clash');
}

/**
 * What the single create and update check per row, for many rows in a query or two: the locations and tags are the
 * merchant's (404 otherwise, as `checkLocation` and `tagNames`), no date of birth is in the future. Returns the
 * tags' names by id.
 */
export async function checkInputsOfMany(
  tx: ServiceContext,
  merchant: MerchantRef,
  inputs: Array<{ location_id?: string; account: { tag_ids?: string[] }; date_of_birth?: string | null }>,
): Promise<Map<string, string>> {
  const locationIds = [
    ...new Set(inputs.map((input) => input.location_id).filter((id): id is string => id !== undefined)),
  ];
  if (!locationIds.every(isUuid)) throw notFound();
  const locations = await tx.db
    .select({ id: merchantLocations.id })
    .from(merchantLocations)
    .where(and(inArray(merchantLocations.id, locationIds), eq(merchantLocations.merchant_id, merchant.id)));
  if (locations.length !== locationIds.length) throw notFound();
  const tagIds = [...new Set(inputs.flatMap((input) => input.account.tag_ids ?? []))];
  if (!tagIds.every(isUuid)) throw notFound();
  const tagRows =
    tagIds.length === 0
      ? []
      : await tx.db
          .select({ id: accountTags.id, name: accountTags.name })
          .from(accountTags)
          .where(and(inArray(accountTags.id, tagIds), eq(accountTags.merchant_id, merchant.id)));
  if (tagRows.length !== tagIds.length) throw notFound();
  for (const input of inputs) checkDateOfBirth(tx, merchant, input.date_of_birth);
  return new Map(tagRows.map((row) => [row.id, row.name]));
}

export async function primaryLocationOf(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ location_id: customers.location_id })
    .from(accountCustomers)
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(and(eq(accountCustomers.account_id, accountId), eq(accountCustomers.role, 'primary')));
  return row?.location_id;
}

export async function customerIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: accountCustomers.customer_id })
    .from(accountCustomers)
    .where(eq(accountCustomers.account_id, accountId));
  return rows.map((row) => row.id);
}

export async function setAccountTags(db: Db, accountId: string, tagIds: string[]): Promise<void> {
  await db.delete(accountTagAssignments).where(eq(accountTagAssignments.account_id, accountId));
  const unique = [...new Set(tagIds)];
  if (unique.length > 0) {
    await db.insert(accountTagAssignments).values(unique.map((tag_id) => ({ account_id: accountId, tag_id })));
  }
}
