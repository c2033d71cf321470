import { z } from 'zod';
import { AUTHENTICATED } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { merchantSchema } from '../merchants/merchants.contract';
import { REQUIRED, VALUE_INVALID } from '../validation/messages';
import { passwordConfirmation, passwordField, requiredString } from '../validation/rules';
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
  /** The merchant the user used last (`rememberLastMerchant`), while it is still one of `merchants`; else null. */
  last_merchant_id: z.uuid().nullable(),
  access: z.object({ roles: z.array(z.string()), groups: z.array(z.string()), exp: z.number() }),
});

export type Profile = z.infer<typeof profileSchema>;

/** The merchant the user switched to or opened: one they may act for (another is a 404). */
export const lastMerchantSchema = z.object({
  merchant_id: requiredString().pipe(z.uuid({ error: VALUE_INVALID })),
});
/** The signed-in user's own name (SPEC's user names: required, trimmed). */
export const profileNameSchema = z.object({ first_name: requiredString(), last_name: requiredString() });
export type ProfileNameInput = z.input<typeof profileNameSchema>;

/** The signed-in user's new password, by the rules of a reset, proven by the current one. */
export const profilePasswordSchema = z.object({ current_password: requiredString(), new_password: passwordField() });
export type ProfilePasswordInput = z.input<typeof profilePasswordSchema>;

/** What the Change password form checks: the body, and the new password typed twice (not sent). */
export const profilePasswordFormSchema = passwordConfirmation(
  profilePasswordSchema.extend({ confirm_password: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }) }),
  { password: 'new_password', confirm: 'confirm_password' },
);

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
  rememberLastMerchant: defineEndpoint({
    method: 'PUT',
    path: '/profile/last_merchant/',
    summary: 'Remember the merchant the user works on, where their next sessions start',
    tags: ['auth'],
    access: AUTHENTICATED,
    body: lastMerchantSchema,
    status: 204,
    errors: [400, 401, 404],
  }),
  updateName: defineEndpoint({
    method: 'PATCH',
    path: '/profile/',
    summary: "Change the signed-in user's name",
    tags: ['auth'],
    access: AUTHENTICATED,
    body: profileNameSchema,
    status: 200,
    response: profileSchema,
    errors: [400, 401],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/profile/password/',
    summary: "Change the signed-in user's password; their other sign-ins end, this one stays",
    tags: ['auth'],
    access: AUTHENTICATED,
    body: profilePasswordSchema,
    status: 204,
    errors: [400, 401, 429],
  }),
} as const;
