import { PERMISSION_FLAGS, type PermissionFlag } from '@paydesk/domain/access/roles';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { centsField } from '@paydesk/domain/validation/rules';
import { z } from 'zod';

const permissionsShape = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  PermissionFlag,
  z.ZodBoolean
>;

/** Amounts are integer cents on the wire. */
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
    .max(100, { error: 'Must be at most 100 characters' }),
  role_description: z.string().trim().max(500, { error: 'Must be at most 500 characters' }),
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
    ctx.addIssue({
      code: 'custom',
      path: ['settings', 'max_merchant_payment_amount'],
      message: 'Must be at least the minimum amount',
    });
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

export type RoleInput = z.output<typeof roleInputSchema>;
export type RoleDto = z.input<typeof roleSchema>;
