import { z } from 'zod';
import { merchantSchema } from '../merchants/merchants.contract';

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_super_user: z.boolean(),
  organization: z
    .object({ id: z.uuid(), name: z.string(), logo: z.string().nullable(), in_legacy_app: z.boolean() })
    .nullable(),
  merchants: z.array(
    merchantSchema.extend({
      role: z.enum(['super_admin', 'admin', 'staff', 'custom']),
      custom_role: z.object({ id: z.uuid(), role_name: z.string() }).nullable(),
      access_roles: z.array(z.string()),
    }),
  ),
  access: z.object({ roles: z.array(z.string()), groups: z.array(z.string()), exp: z.number() }),
});

export type ProfileDto = z.input<typeof profileSchema>;
