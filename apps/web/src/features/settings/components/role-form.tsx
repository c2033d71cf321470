import {
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PERMISSION_FLAGS, type PermissionFlag } from '@paydesk/domain/access/roles';
import { dollarsFromCents } from '@paydesk/domain/format/money';
import { amountMinMessage } from '@paydesk/domain/validation/messages';
import { amountField, optionalField, requiredString, zodFormValidator } from '@paydesk/domain/validation/rules';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { showFormError } from '../../../lib/form-errors';
import { PERMISSION_LABELS } from '../permission-labels';
import type { Role, RoleInput } from '../types';

type AmountValue = number | string;

export type RoleFormValues = {
  role_name: string;
  role_description: string;
  permissions: Record<PermissionFlag, boolean>;
  /** Dollars as typed; integer cents on the wire. */
  min_merchant_payment_amount: AmountValue;
  max_merchant_payment_amount: AmountValue;
};

type RoleFormProps = {
  role?: Role;
  submitLabel: string;
  /** Resolves when saved; a rejection's field errors are shown on the fields. */
  onSubmit: (input: RoleInput) => Promise<unknown>;
  /** Extra actions beside Save, e.g. Cancel and Delete. */
  actions?: ReactNode;
};

/** Amounts in dollars in, integer cents out; a maximum below the minimum reads `Must be at least $min`. */
const roleSchema = z
  .object({
    role_name: requiredString(),
    role_description: z.string(),
    min_merchant_payment_amount: optionalField(amountField()),
    max_merchant_payment_amount: optionalField(amountField()),
  })
  .superRefine((values, ctx) => {
    const min = values.min_merchant_payment_amount;
    const max = values.max_merchant_payment_amount;
    if (min !== undefined && max !== undefined && max < min) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_merchant_payment_amount'],
        message: amountMinMessage(dollarsFromCents(min)),
      });
    }
  });

const FIELDS = [
  'role_name',
  'role_description',
  'min_merchant_payment_amount',
  'max_merchant_payment_amount',
  ...PERMISSION_FLAGS.map((flag) => `permissions.${flag}`),
];

const FIELD_MAP = {
  'settings.min_merchant_payment_amount': 'min_merchant_payment_amount',
  'settings.max_merchant_payment_amount': 'max_merchant_payment_amount',
};

function toAmountValue(cents: number | null | undefined): AmountValue {
  return cents === null || cents === undefined ? '' : dollarsFromCents(cents);
}

function toFormValues(role: Role | undefined): RoleFormValues {
  const permissions = Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, role?.permissions[flag] ?? role?.has_access.includes(flag) ?? false]),
  ) as Record<PermissionFlag, boolean>;
  return {
    role_name: role?.role_name ?? '',
    role_description: role?.role_description ?? '',
    permissions,
    min_merchant_payment_amount: toAmountValue(role?.settings.min_merchant_payment_amount),
    max_merchant_payment_amount: toAmountValue(role?.settings.max_merchant_payment_amount),
  };
}

/** A custom role: name, description, the 13 permission switches and the merchant payment amount limits. */
export function RoleForm({ role, submitLabel, onSubmit, actions }: RoleFormProps) {
  const form = useForm<RoleFormValues>({
    initialValues: toFormValues(role),
    validate: zodFormValidator(roleSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = roleSchema.parse(values);
    const input: RoleInput = {
      role_name: parsed.role_name,
      role_description: parsed.role_description.trim(),
      permissions: { ...values.permissions },
      settings: {
        min_merchant_payment_amount: parsed.min_merchant_payment_amount ?? null,
        max_merchant_payment_amount: parsed.max_merchant_payment_amount ?? null,
      },
    };
    try {
      await onSubmit(input);
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, { fields: FIELDS, fieldMap: FIELD_MAP });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={form.submitting}>
        <Stack gap="lg">
          <Stack gap="md" maw={560}>
            <TextInput label="Role name" withAsterisk {...form.getInputProps('role_name')} />
            <Textarea label="Description" rows={3} {...form.getInputProps('role_description')} />
          </Stack>

          <Divider />
          <div>
            <Text fw={600}>Permissions</Text>
            <Text size="sm" c="dimmed" mb="sm">
              What users with this role may do, on top of what every staff member may do.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              {PERMISSION_FLAGS.map((flag) => (
                <Switch
                  key={flag}
                  label={PERMISSION_LABELS[flag]}
                  {...form.getInputProps(`permissions.${flag}`, { type: 'checkbox' })}
                />
              ))}
            </SimpleGrid>
          </div>

          <Divider />
          <div>
            <Text fw={600}>Merchant payment limits</Text>
            <Text size="sm" c="dimmed" mb="sm">
              The smallest and largest payment users with this role may take. Leave empty for no limit.
            </Text>
            <Group grow align="flex-start" maw={560}>
              <NumberInput
                label="Minimum payment amount"
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                allowNegative={false}
                hideControls
                {...form.getInputProps('min_merchant_payment_amount')}
              />
              <NumberInput
                label="Maximum payment amount"
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                allowNegative={false}
                hideControls
                {...form.getInputProps('max_merchant_payment_amount')}
              />
            </Group>
          </div>

          <Group gap="sm">
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
            {actions}
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
