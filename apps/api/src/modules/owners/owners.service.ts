import { ACCESS_REQUIREMENTS, meetsRequirement } from '@paydesk/domain/access/requirements';
import { OWNERSHIP_PERCENTAGE_INVALID } from '@paydesk/domain/onboarding/onboarding-fields';
import type {
  Owner,
  ownerCreateSchema,
  ownerPatchSchema,
  ownerReplaceSchema,
} from '@paydesk/domain/owners/owners.contract';
import type { z } from 'zod';
import { FieldErrors, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import type { MerchantAccess } from '../users/users.public';
import {
  deleteOwner,
  findOwner,
  findOwners,
  insertOwner,
  lockMerchant,
  ownershipTotal,
  updateOwner,
  type OwnerRow,
  type OwnerValues,
} from './owners.repository';

type CreateInput = z.output<typeof ownerCreateSchema>;
type PatchInput = z.output<typeof ownerPatchSchema>;
type ReplaceInput = z.output<typeof ownerReplaceSchema>;

/** Whether the caller may see owners' SSN last 4: the merchant's administrators (who may also change owners). */
export function maySeeSsn(access: MerchantAccess): boolean {
  return meetsRequirement(ACCESS_REQUIREMENTS.onboardingSettings, {
    roles: access.accessRoles,
    merchant: access.merchant,
  });
}

export function toOwnerDto(row: OwnerRow, showSsn: boolean): Owner {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    title: row.title,
    email: row.email,
    phone: row.phone,
    date_of_birth: row.date_of_birth,
    ssn_last4: showSsn ? row.ssn_last4 : null,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    ownership_percentage: row.ownership_percentage,
    created: row.created.toISOString(),
  };
}

/** What the audit log keeps of an owner: never the SSN, sealed or not; its last 4 show that it changed. */
function auditView(row: OwnerRow): Record<string, unknown> {
  const { ssn_sealed: _sealed, ...rest } = row;
  return rest;
}

const ownerLabel = (row: OwnerRow) => `${row.first_name} ${row.last_name}`.trim();

/** The owners' total percentage and how many there are (the onboarding summary's owners check). */
export function ownershipOf(ctx: ServiceContext, merchantId: string) {
  return ownershipTotal(ctx.db, merchantId);
}

export function listOwners(
  ctx: ServiceContext,
  merchantId: string,
  page: { limit: number; offset: number; ordering: string },
) {
  return findOwners(ctx.db, merchantId, page);
}

export async function getOwner(ctx: ServiceContext, merchantId: string, ownerId: string): Promise<OwnerRow> {
  const owner = isUuid(ownerId) ? await findOwner(ctx.db, merchantId, ownerId) : undefined;
  if (!owner) throw notFound();
  return owner;
}

const percentageError = () => FieldErrors.of('ownership_percentage', OWNERSHIP_PERCENTAGE_INVALID);

/** Seals a new SSN and keeps its last 4; a blank or absent one changes nothing. */
function ssnColumns(
  ctx: ServiceContext,
  ssn: string | undefined,
): Partial<Pick<OwnerValues, 'ssn_sealed' | 'ssn_last4'>> {
  const digits = ssn?.trim();
  if (!digits) return {};
  return { ssn_sealed: ctx.cipher.encrypt(digits), ssn_last4: digits.slice(-4) };
}

function plainColumns(input: PatchInput): Partial<OwnerValues> {
  const { ssn: _ssn, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Adds an owner. The merchant's row is locked for the transaction, so two owners added at once cannot both fit
 * under 100% when together they do not.
 */
export async function createOwner(
  ctx: ServiceContext,
  merchantId: string,
  input: CreateInput,
  actor: Actor,
): Promise<OwnerRow> {
  return withTransaction(ctx, async (tx) => {
    await lockMerchant(tx.db, merchantId);
    const { total } = await ownershipTotal(tx.db, merchantId);
    if (total + input.ownership_percentage > 100) throw percentageError();
    const owner = await insertOwner(tx.db, merchantId, {
      ...(plainColumns(input) as Omit<OwnerValues, 'ssn_sealed' | 'ssn_last4'>),
      ssn_sealed: ctx.cipher.encrypt(input.ssn),
      ssn_last4: input.ssn.slice(-4),
    });
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'owner',
      action: 'created',
      subjectId: owner.id,
      subjectLabel: ownerLabel(owner),
      after: auditView(owner),
    });
    return owner;
  });
}

/** PUT and PATCH: only what the input names changes (PUT names everything but perhaps the SSN). */
export async function changeOwner(
  ctx: ServiceContext,
  merchantId: string,
  ownerId: string,
  input: PatchInput | ReplaceInput,
  actor: Actor,
): Promise<OwnerRow> {
  return withTransaction(ctx, async (tx) => {
    await lockMerchant(tx.db, merchantId);
    const current = await getOwner(tx, merchantId, ownerId);
    if (input.ownership_percentage !== undefined) {
      const { total } = await ownershipTotal(tx.db, merchantId, current.id);
      if (total + input.ownership_percentage > 100) throw percentageError();
    }
    const changes = { ...plainColumns(input), ...ssnColumns(ctx, input.ssn) };
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateOwner(tx.db, current.id, changes);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'owner',
      action: 'updated',
      subjectId: updated.id,
      subjectLabel: ownerLabel(updated),
      before: auditView(current),
      after: auditView(updated),
    });
    return updated;
  });
}

export async function removeOwner(
  ctx: ServiceContext,
  merchantId: string,
  ownerId: string,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const owner = await getOwner(tx, merchantId, ownerId);
    await deleteOwner(tx.db, owner.id);
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'owner',
      action: 'deleted',
      subjectId: owner.id,
      subjectLabel: ownerLabel(owner),
      before: auditView(owner),
    });
  });
}
