import { z } from 'zod';
import { urlField } from '@paydesk/domain/validation/rules';
import { REQUIRED } from '@paydesk/domain/validation/messages';

export const merchantSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  organization_name: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  in_legacy_app: z.boolean(),
  check_custom_roles: z.boolean(),
  allow_group_message: z.boolean(),
  is_integrated: z.boolean(),
  created: z.iso.datetime({ offset: true }),
});

const name = z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(200);

export const merchantFieldsSchema = z.object({
  name,
  logo: urlField().nullable().optional(),
  in_legacy_app: z.boolean().optional(),
  check_custom_roles: z.boolean().optional(),
  allow_group_message: z.boolean().optional(),
  is_integrated: z.boolean().optional(),
});

export const createMerchantSchema = merchantFieldsSchema.extend({
  organization_id: z.uuid().optional(),
  organization_name: z.string().trim().min(1).max(200).optional(),
});

export const merchantListQuery = z.object({
  search: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? ''),
});
