import {
  PLATFORM_MERCHANT_SETTINGS,
  PLATFORM_SETTING_ONLY,
  type createMerchantSchema,
  type merchantFieldsSchema,
  type merchantSchema,
} from '@paydesk/domain/merchants/merchants.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { FieldErrors, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import {
  deleteMerchant,
  findMerchantById,
  findMerchantsJson,
  findOrganizationById,
  insertMerchant,
  insertOrganization,
  updateMerchant,
  type MerchantWithOrganization,
} from './merchants.repository';
import { assignPaymentCode } from './payment-codes';

export type { MerchantWithOrganization };

export type MerchantDto = z.input<typeof merchantSchema>;

export function toMerchantDto(row: MerchantWithOrganization): MerchantDto {
  return {
    id: row.id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    name: row.name,
    logo: row.logo,
    in_legacy_app: row.in_legacy_app,
    check_custom_roles: row.check_custom_roles,
    allow_group_message: row.allow_group_message,
    is_integrated: row.is_integrated,
    timezone: row.timezone,
    upc: row.upc,
    created: row.created.toISOString(),
  };
}

export async function findMerchant(db: Db, id: string): Promise<MerchantWithOrganization | undefined> {
  return isUuid(id) ? findMerchantById(db, id) : undefined;
}

export async function getMerchant(db: Db, id: string): Promise<MerchantWithOrganization> {
  const merchant = await findMerchant(db, id);
  if (!merchant) throw notFound();
  return merchant;
}

/** A page of the merchants the viewer may see: the total, and the rows as the JSON text of the contract's results. */
export async function listMerchants(
  db: Db,
  viewer: { id: string; is_super_user: boolean },
  options: { search?: string; limit: number; offset: number; ordering: string },
): Promise<{ count: number; results: string }> {
  const search = options.search?.trim() ?? '';
  return findMerchantsJson(db, { ...options, search, userId: viewer.is_super_user ? null : viewer.id });
}

/** The merchant's own settings as the audit log describes them. */
function auditedSettings(merchant: MerchantWithOrganization) {
  return {
    name: merchant.name,
    logo: merchant.logo,
    in_legacy_app: merchant.in_legacy_app,
    check_custom_roles: merchant.check_custom_roles,
    allow_group_message: merchant.allow_group_message,
    is_integrated: merchant.is_integrated,
  };
}

export async function createMerchant(
  ctx: ServiceContext,
  input: z.output<typeof createMerchantSchema>,
  actor: Actor,
): Promise<MerchantWithOrganization> {
  const { organization_id, organization_name, upc, ...fields } = input;
  if (!organization_id && !organization_name) {
    throw new FieldErrors({ organization_id: ['Required'] });
  }
  return withTransaction(ctx, async (tx) => {
    const organization = organization_id
      ? await findOrganizationById(tx.db, organization_id)
      : await insertOrganization(tx.db, { name: organization_name ?? fields.name });
    if (!organization) throw FieldErrors.of('organization_id', 'Organization not found');
    const { id } = await insertMerchant(tx.db, {
      ...fields,
      logo: fields.logo ?? null,
      organization_id: organization.id,
    });
    if (upc) await assignPaymentCode(tx.db, upc, id);
    const merchant = await getMerchant(tx.db, id);
    await recordChange(tx, {
      merchantId: merchant.id,
      actor,
      kind: 'merchant',
      action: 'created',
      subjectId: merchant.id,
      subjectLabel: merchant.name,
      after: { ...auditedSettings(merchant), upc: merchant.upc },
    });
    return merchant;
  });
}

/**
 * Changes a merchant. The platform settings (PLATFORM_MERCHANT_SETTINGS) are the super user's: anyone else changing
 * one gets a field error on it, so nothing is silently dropped; sending the current value is fine.
 */
export async function changeMerchant(
  ctx: ServiceContext,
  id: string,
  input: Partial<z.output<typeof merchantFieldsSchema>>,
  access: { isSuperUser: boolean },
  actor: Actor,
): Promise<MerchantWithOrganization> {
  return withTransaction(ctx, async (tx) => {
    const current = await getMerchant(tx.db, id);
    if (!access.isSuperUser) {
      const changed = PLATFORM_MERCHANT_SETTINGS.filter(
        (setting) => input[setting] !== undefined && input[setting] !== current[setting],
      );
      if (changed.length > 0)
        throw new FieldErrors(Object.fromEntries(changed.map((setting) => [setting, [PLATFORM_SETTING_ONLY]])));
    }
    // An empty change (PATCH `{}`) changes nothing; SQL has no UPDATE without a SET.
    if (!Object.values(input).some((value) => value !== undefined)) return current;
    await updateMerchant(tx.db, id, input);
    const merchant = await getMerchant(tx.db, id);
    // Records only the settings whose values differ; a change to nothing records nothing.
    await recordChange(tx, {
      merchantId: merchant.id,
      actor,
      kind: 'merchant',
      action: 'updated',
      subjectId: merchant.id,
      subjectLabel: merchant.name,
      before: auditedSettings(current),
      after: auditedSettings(merchant),
    });
    return merchant;
  });
}

export async function removeMerchant(db: Db, id: string): Promise<void> {
  await getMerchant(db, id);
  await deleteMerchant(db, id);
}
