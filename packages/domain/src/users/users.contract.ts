import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { REQUIRED } from '../validation/messages';
import { emailField, requiredString } from '../validation/rules';

/** A user's role on a merchant: a base role, or `custom` with a custom role. */
export const MERCHANT_ROLES = ['super_admin', 'admin', 'staff', 'custom'] as const;
export const merchantRoleSchema = z.enum(MERCHANT_ROLES);
export type MerchantRole = z.infer<typeof merchantRoleSchema>;

/** The roles an invitation may give; `custom` needs a custom_role_id. */
export const inviteRoleSchema = z.enum(['admin', 'staff', 'custom'], { error: REQUIRED });
export type InviteRole = z.infer<typeof inviteRoleSchema>;

export const merchantUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A user disabled at this merchant has no role here. */
  role: merchantRoleSchema.nullable(),
  custom_role: z.object({ id: z.uuid(), role_name: z.string() }).nullable(),
  is_super_user: z.boolean(),
  is_pending: z.boolean(),
  /** The account: false when the user may not sign in at all. */
  is_active: z.boolean(),
  /** When the user was disabled at this merchant (they can be re-enabled here); null while they hold a role. */
  disabled_at: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
});

export const inviteSchema = z.object({
  email: emailField(),
  first_name: requiredString(),
  last_name: requiredString(),
  role: inviteRoleSchema,
  custom_role_id: z.string().nullable().optional(),
});

/** What the invite form checks when a custom role is chosen (the server answers the same `Required`). */
export const customInviteSchema = inviteSchema.extend({ custom_role_id: requiredString() });

export const merchantUserParams = z.object({ id: z.string(), userId: z.string() });

/** The role given by a role change or a re-enable; `custom` needs a custom_role_id. */
export const assignRoleSchema = z.object({
  role: z.enum(['super_admin', 'admin', 'staff', 'custom'], { error: REQUIRED }),
  custom_role_id: z.string().nullable().optional(),
});

/** Disabling at this merchant removes the role here; `everywhere` disables the whole account (docs/decisions/0010). */
export const disableSchema = z.object({ everywhere: z.boolean().optional() });

export type AssignRoleInput = z.input<typeof assignRoleSchema>;
export type DisableUserInput = z.input<typeof disableSchema>;

export type MerchantUser = z.infer<typeof merchantUserSchema>;
export type InviteUserInput = z.input<typeof inviteSchema>;

const tags = ['users'];
const access = merchantAccess(ACCESS_REQUIREMENTS.userSettings);

/** The keys `ordering` accepts on a merchant's users list. */
export const MERCHANT_USER_SORT_KEYS = ['name', 'email', 'created'] as const;
export const merchantUserListQuery = paginationQuery.extend(orderingQuery(MERCHANT_USER_SORT_KEYS, 'name').shape);

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/users/',
    summary: 'Users of a merchant',
    tags,
    access,
    params: z.object({ id: z.string() }),
    query: merchantUserListQuery,
    status: 200,
    response: pageSchema(merchantUserSchema),
    errors: [400, 401, 403, 404],
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/users/invite/',
    summary: 'Invite a user by email',
    tags,
    access,
    params: z.object({ id: z.string() }),
    body: inviteSchema,
    status: 201,
    response: merchantUserSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/users/:userId/disable/',
    summary:
      'Disable a user at this merchant (their role here is removed; with no role left, or with `everywhere`, the account is disabled and its sessions end)',
    tags,
    access,
    params: merchantUserParams,
    body: disableSchema.nullish(),
    status: 200,
    response: merchantUserSchema,
    errors: [400, 401, 403, 404],
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/users/:userId/enable/',
    summary: 'Re-enable a user disabled at this merchant, with a role',
    tags,
    access,
    params: merchantUserParams,
    body: assignRoleSchema,
    status: 200,
    response: merchantUserSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  changeRole: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/users/:userId/',
    summary: 'Change the role a user holds at this merchant',
    tags,
    access,
    params: merchantUserParams,
    body: assignRoleSchema,
    status: 200,
    response: merchantUserSchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
