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
import {
  deleteMerchant,
  findMerchantById,
  findMerchants,
  findOrganizationById,
  insertMerchant,
  insertOrganization,
  updateMerchant,
  type MerchantWithOrganization,
} from './merchants.repository';

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

export async function listMerchants(
  db: Db,
  viewer: { id: string; is_super_user: boolean },
  options: { search?: string; limit: number; offset: number; ordering: string },
) {
  const search = options.search?.trim() ?? '';
  return findMerchants(db, { ...options, search, userId: viewer.is_super_user ? null : viewer.id });
}

export async function createMerchant(
  db: Db,
  input: z.output<typeof createMerchantSchema>,
): Promise<MerchantWithOrganization> {
  const { organization_id, organization_name, ...fields } = input;
  if (!organization_id && !organization_name) {
    throw new FieldErrors({ organization_id: ['Required'] });
  }
  const id = await db.transaction(async (tx) => {
    const organization = organization_id
      ? await findOrganizationById(tx, organization_id)
      : await insertOrganization(tx, { name: organization_name ?? fields.name });
    if (!organization) throw FieldErrors.of('organization_id', 'Organization not found');
    const merchant = await insertMerchant(tx, {
      ...fields,
      logo: fields.logo ?? null,
      organization_id: organization.id,
    });
    return merchant.id;
  });
  return getMerchant(db, id);
}

/**
 * Changes a merchant. The platform settings (PLATFORM_MERCHANT_SETTINGS) are the super user's: anyone else changing
 * one gets a field error on it, so nothing is silently dropped; sending the current value is fine.
 */
export async function changeMerchant(
  db: Db,
  id: string,
  input: Partial<z.output<typeof merchantFieldsSchema>>,
  actor: { isSuperUser: boolean },
): Promise<MerchantWithOrganization> {
  if (!actor.isSuperUser) {
    const current = await getMerchant(db, id);
    const changed = PLATFORM_MERCHANT_SETTINGS.filter(
      (setting) => input[setting] !== undefined && input[setting] !== current[setting],
    );
    if (changed.length > 0)
      throw new FieldErrors(Object.fromEntries(changed.map((setting) => [setting, [PLATFORM_SETTING_ONLY]])));
  }
  // An empty change (PATCH `{}`) changes nothing; SQL has no UPDATE without a SET.
  if (Object.values(input).some((value) => value !== undefined)) await updateMerchant(db, id, input);
  return getMerchant(db, id);
}

export async function removeMerchant(db: Db, id: string): Promise<void> {
  await getMerchant(db, id);
  await deleteMerchant(db, id);
}

export function findOrganization(db: Db, id: string) {
  return findOrganizationById(db, id);
}
