import type {
  MerchantAccount,
  MerchantAccountPatch,
  ParsedMerchantAccountInput,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import type { Db } from '../../db/client';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { findMerchantLocation } from '../locations/locations.public';
import {
  deleteMerchantAccount,
  findMerchantAccount,
  findMerchantAccounts,
  insertMerchantAccount,
  updateMerchantAccount,
  type MerchantAccountRow,
  type MerchantAccountValues,
  type MerchantAccountWithLocation,
} from './merchant-accounts.repository';

export function toMerchantAccountDto(row: MerchantAccountWithLocation): MerchantAccount {
  return {
    id: row.id,
    location_id: row.location_id,
    location_name: row.location_name,
    name: row.name,
    kind: row.kind,
    processor: row.processor,
    processor_merchant_id: row.processor_merchant_id,
    deposit_routing_number: row.deposit_routing_number,
    deposit_account_last4: row.deposit_account_last4,
    rate_bps: row.rate_bps,
    per_transaction_cents: row.per_transaction_cents,
    convenience_fee_enabled: row.convenience_fee_enabled,
    convenience_fee_cents: row.convenience_fee_cents,
    status: row.status,
    created: row.created.toISOString(),
  };
}

export async function getMerchantAccount(
  db: Db,
  merchantId: string,
  accountId: string,
): Promise<MerchantAccountWithLocation> {
  const account = isUuid(accountId) ? await findMerchantAccount(db, merchantId, accountId) : undefined;
  if (!account) throw notFound();
  return account;
}

/** `location` names one of the merchant's locations; another merchant's (or no) location is 404. */
export async function listMerchantAccounts(
  db: Db,
  merchantId: string,
  options: { location?: string; limit: number; offset: number; ordering: string },
) {
  const location = options.location?.trim() || null;
  if (location !== null && !(await findMerchantLocation(db, merchantId, location))) throw notFound();
  return findMerchantAccounts(db, merchantId, { ...options, locationId: location });
}

/** The location a body names must be one of the merchant's: never a link to another tenant's location. */
async function requireLocation(db: Db, merchantId: string, locationId: string) {
  const location = await findMerchantLocation(db, merchantId, locationId);
  if (!location) throw new HttpError('not_found', 'Location not found.');
  return location;
}

/**
 * The columns of an input: the full deposit account number becomes its last four digits here and goes no further
 * (not stored, not logged, not answered).
 */
function toColumns(input: MerchantAccountPatch): Partial<MerchantAccountValues> {
  const { deposit_account_number: accountNumber, ...rest } = input;
  const columns: Partial<MerchantAccountValues> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (accountNumber !== undefined) columns.deposit_account_last4 = accountNumber.slice(-4);
  return columns;
}

function describe(row: MerchantAccountRow): Record<string, unknown> {
  const { id: _id, merchant_id: _merchant, created: _created, ...fields } = row;
  return fields;
}

function checkFee(account: { convenience_fee_enabled: boolean; convenience_fee_cents: number | null }) {
  if (account.convenience_fee_enabled && account.convenience_fee_cents === null) {
    throw FieldErrors.of('convenience_fee_cents', REQUIRED);
  }
}

export async function createMerchantAccount(
  ctx: ServiceContext,
  merchantId: string,
  actor: Actor,
  input: ParsedMerchantAccountInput,
): Promise<MerchantAccountWithLocation> {
  return withTransaction(ctx, async (tx) => {
    const location = await requireLocation(tx.db, merchantId, input.location_id);
    const columns = toColumns(input) as MerchantAccountValues;
    const row = await insertMerchantAccount(tx.db, merchantId, { ...columns, location_id: location.id });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'merchant_account',
      action: 'created',
      subjectId: row.id,
      subjectLabel: row.name,
      after: describe(row),
    });
    return { ...row, location_name: location.name };
  });
}

/** PUT sends every field (defaults filled by the contract); PATCH only those it changes. */
export async function changeMerchantAccount(
  ctx: ServiceContext,
  merchantId: string,
  accountId: string,
  actor: Actor,
  input: MerchantAccountPatch,
): Promise<MerchantAccountWithLocation> {
  return withTransaction(ctx, async (tx) => {
    const current = await getMerchantAccount(tx.db, merchantId, accountId);
    const columns = toColumns(input);
    let locationName = current.location_name;
    if (columns.location_id !== undefined && columns.location_id !== current.location_id) {
      const location = await requireLocation(tx.db, merchantId, columns.location_id);
      columns.location_id = location.id;
      locationName = location.name;
    }
    checkFee({
      convenience_fee_enabled: columns.convenience_fee_enabled ?? current.convenience_fee_enabled,
      convenience_fee_cents:
        columns.convenience_fee_cents !== undefined ? columns.convenience_fee_cents : current.convenience_fee_cents,
    });
    if (Object.keys(columns).length === 0) return current;
    const { location_name: _name, ...before } = current;
    const updated = (await updateMerchantAccount(tx.db, current.id, columns)) ?? before;
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'merchant_account',
      action: 'updated',
      subjectId: updated.id,
      subjectLabel: updated.name,
      before: describe(before),
      after: describe(updated),
    });
    return { ...updated, location_name: locationName };
  });
}

export async function removeMerchantAccount(
  ctx: ServiceContext,
  merchantId: string,
  accountId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const current = await getMerchantAccount(tx.db, merchantId, accountId);
    await deleteMerchantAccount(tx.db, current.id);
    const { location_name: _name, ...row } = current;
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'merchant_account',
      action: 'deleted',
      subjectId: current.id,
      subjectLabel: current.name,
      before: describe(row),
    });
  });
}
