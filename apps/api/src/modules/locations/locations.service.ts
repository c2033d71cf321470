import {
  LOCATION_HAS_CUSTOMERS,
  type Location,
  type LocationPatch,
  type ParsedLocationInput,
} from '@paydesk/domain/locations/locations.contract';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import {
  deleteLocation,
  findLocation,
  findLocations,
  findLocationUse,
  insertLocation,
  updateLocation,
  type LocationRow,
  type LocationValues,
} from './locations.repository';

export type { LocationRow };

export function toLocationDto(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    phone: row.phone,
    timezone: row.timezone,
    created: row.created.toISOString(),
  };
}

/** A location of the merchant, or undefined (another merchant's id or no id at all names nothing). */
export async function findMerchantLocation(db: Db, merchantId: string, locationId: string) {
  return isUuid(locationId) ? findLocation(db, merchantId, locationId) : undefined;
}

export async function getLocation(db: Db, merchantId: string, locationId: string): Promise<LocationRow> {
  const location = await findMerchantLocation(db, merchantId, locationId);
  if (!location) throw notFound();
  return location;
}

export function listLocations(
  db: Db,
  merchantId: string,
  options: { search?: string; limit: number; offset: number; ordering: string },
) {
  return findLocations(db, merchantId, { ...options, search: (options.search ?? '').trim() });
}

/** What the audit log keeps of a location. */
function describe(row: LocationRow): Record<string, unknown> {
  const { id: _id, merchant_id: _merchant, created: _created, ...fields } = row;
  return fields;
}

// A duplicate name (case-insensitive) is refused by merchant_locations_merchant_name_idx, mapped to a `name` field
// error in lib/database-errors.ts; a check first would still let two concurrent requests through.

export async function createLocation(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  input: ParsedLocationInput,
): Promise<LocationRow> {
  return withTransaction(ctx, async (tx) => {
    const row = await insertLocation(tx.db, merchantId, input);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'location',
      action: 'created',
      subjectId: row.id,
      subjectLabel: row.name,
      after: describe(row),
    });
    return row;
  });
}

/** `replace` (PUT) sets every field, the optional ones to empty; `merge` (PATCH) only those the input names. */
export async function changeLocation(
  ctx: ServiceContext,
  merchantId: string,
  locationId: string,
  actor: Actor,
  input: LocationPatch,
): Promise<LocationRow> {
  return withTransaction(ctx, async (tx) => {
    const current = await getLocation(tx.db, merchantId, locationId);
    const values = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as Partial<LocationValues>;
    if (Object.keys(values).length === 0) return current;
    const updated = (await updateLocation(tx.db, current.id, values)) ?? current;
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'location',
      action: 'updated',
      subjectId: updated.id,
      subjectLabel: updated.name,
      before: describe(current),
      after: describe(updated),
    });
    return updated;
  });
}

/**
 * Refused (409 location.in_use) while merchant accounts or customers sit under it. Checked first, so the answer
 * does not depend on which foreign key PostgreSQL checks first; one added meanwhile is still caught by the keys
 * (lib/database-errors.ts).
 */
export async function removeLocation(
  ctx: ServiceContext,
  merchantId: string,
  locationId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const current = await getLocation(tx.db, merchantId, locationId);
    const use = await findLocationUse(tx.db, current.id);
    if (use === 'merchant_accounts') throw new HttpError('location.in_use');
    if (use === 'customers') throw new HttpError('location.in_use', LOCATION_HAS_CUSTOMERS);
    await deleteLocation(tx.db, current.id);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'location',
      action: 'deleted',
      subjectId: current.id,
      subjectLabel: current.name,
      before: describe(current),
    });
  });
}
