import { z } from 'zod';
import { AUTHENTICATED } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { merchantSchema } from '../merchants/merchants.contract';
import { merchantRoleSchema } from '../users/users.contract';

export const profileMerchantSchema = merchantSchema.extend({
  role: merchantRoleSchema,
  custom_role: z.object({ id: z.uuid(), role_name: z.string() }).nullable(),
  /** What route and capability checks use on this merchant: the base role, or the custom role's flags. */
  access_roles: z.array(z.string()),
});

export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_super_user: z.boolean(),
  organization: z
    .object({ id: z.uuid(), name: z.string(), logo: z.string().nullable(), in_legacy_app: z.boolean() })
    .nullable(),
  merchants: z.array(profileMerchantSchema),
  access: z.object({ roles: z.array(z.string()), groups: z.array(z.string()), exp: z.number() }),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileMerchant = z.infer<typeof profileMerchantSchema>;

export const profileEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/profile/',
    summary: 'The signed-in user, their organisation, merchants and access claims',
    tags: ['auth'],
    access: AUTHENTICATED,
    status: 200,
    // DRF's page shape around the one profile.
    response: z.object({ count: z.literal(1), next: z.null(), previous: z.null(), results: z.tuple([profileSchema]) }),
    errors: [401],
  }),
} as const;
