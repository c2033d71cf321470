import { z } from 'zod';
import { ACCESS_REQUIREMENTS } from '../access/requirements';
import { merchantAccess } from '../access/endpoint-access';
import { PERMISSION_FLAGS, type PermissionFlag } from '../access/roles';
import { defineEndpoint } from '../api/endpoint';
import { orderingQuery, pageSchema, paginationQuery } from '../api/pagination';
import { REQUIRED, maxLengthMessage } from '../validation/messages';
import { centsField } from '../validation/rules';

export const AMOUNT_BELOW_MINIMUM = 'Must be at least the minimum amount';

const permissionsShape = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  PermissionFlag,
  z.ZodBoolean
>;

/** Amounts are integer cents on the wire (docs/decisions/0003-money-on-the-wire.md); null is no limit. */
const cents = centsField().nullable();

export const roleSchema = z.object({
  id: z.uuid(),
  role_name: z.string(),
  role_description: z.string(),
  permissions: z.object(permissionsShape),
  has_access: z.array(z.enum(PERMISSION_FLAGS)),
  settings: z.object({ min_merchant_payment_amount: cents, max_merchant_payment_amount: cents }),
});

const roleFields = {
  role_name: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(100, { error: maxLengthMessage(100) }),
  role_description: z
    .string()
    .trim()
    .max(500, { error: maxLengthMessage(500) }),
  permissions: z.object(permissionsShape).partial(),
  settings: z.object({ min_merchant_payment_amount: cents.optional(), max_merchant_payment_amount: cents.optional() }),
};

function checkAmountBounds(
  role: { settings?: { min_merchant_payment_amount?: number | null; max_merchant_payment_amount?: number | null } },
  ctx: z.RefinementCtx,
) {
  const min = role.settings?.min_merchant_payment_amount;
  const max = role.settings?.max_merchant_payment_amount;
  if (min != null && max != null && max < min) {
    ctx.addIssue({ code: 'custom', path: ['settings', 'max_merchant_payment_amount'], message: AMOUNT_BELOW_MINIMUM });
  }
}

export const roleInputSchema = z
  .object({
    role_name: roleFields.role_name,
    role_description: roleFields.role_description.default(''),
    permissions: roleFields.permissions.default({}),
    settings: roleFields.settings.default({}),
  })
  .superRefine(checkAmountBounds);

export const rolePatchSchema = z.object(roleFields).partial().superRefine(checkAmountBounds);

export const merchantRoleParams = z.object({ id: z.string(), rid: z.string() });

/**
 * Deleting a role its users still hold: `move_to` gives them another role first, in the same transaction: `admin`,
 * `staff` or the id of another custom role of the merchant.
 */
export const removeRoleQuery = z.object({ move_to: z.string().min(1).optional() });

export type Role = z.infer<typeof roleSchema>;
export type RoleSettings = Role['settings'];
/** The body of POST and PUT, as a client writes it. */
export type RoleInput = z.input<typeof roleInputSchema>;
/** The same body as the server reads it (defaults filled). */
export type ParsedRoleInput = z.output<typeof roleInputSchema>;

const tags = ['roles'];
const access = merchantAccess(ACCESS_REQUIREMENTS.roleSettings);

/** The keys `ordering` accepts on a merchant's custom roles list. */
export const ROLE_SORT_KEYS = ['role_name', 'created'] as const;
export const roleListQuery = paginationQuery.extend(orderingQuery(ROLE_SORT_KEYS, 'role_name').shape);

export const roleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/roles/',
    summary: 'Custom roles of a merchant',
    tags,
    // Whoever may invite users needs the custom roles to choose from.
    access: merchantAccess(ACCESS_REQUIREMENTS.userSettings),
    params: z.object({ id: z.string() }),
    query: roleListQuery,
    status: 200,
    response: pageSchema(roleSchema),
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/merchants/:id/roles/',
    summary: 'Create a custom role',
    tags,
    access,
    params: z.object({ id: z.string() }),
    body: roleInputSchema,
    status: 201,
    response: roleSchema,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/merchants/:id/roles/:rid/',
    summary: 'A custom role',
    tags,
    access,
    params: merchantRoleParams,
    status: 200,
    response: roleSchema,
    errors: [401, 403, 404],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/merchants/:id/roles/:rid/',
    summary: 'Replace a custom role',
    tags,
    access,
    params: merchantRoleParams,
    body: roleInputSchema,
    status: 200,
    response: roleSchema,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/merchants/:id/roles/:rid/',
    summary: 'Change part of a custom role',
    tags,
    access,
    params: merchantRoleParams,
    body: rolePatchSchema,
    status: 200,
    response: roleSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/merchants/:id/roles/:rid/',
    summary: 'Delete a custom role; `move_to` first gives its holders another role (admin, staff or a role id)',
    tags,
    access,
    params: merchantRoleParams,
    query: removeRoleQuery,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
