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
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { PERMISSION_FLAGS, type PermissionFlag } from '@paydesk/domain/access/roles';
import { dollarsFromCents, parseCentsFromDollars } from '@paydesk/domain/format/money';
import { roleInputSchema, type Role, type RoleInput } from '@paydesk/domain/roles/roles.contract';
import { NUMBER_INVALID } from '@paydesk/domain/validation/messages';
import type { ReactNode } from 'react';
import { showFormError } from '../../../lib/form-errors';
import { PERMISSION_LABELS } from '../permission-labels';

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

const AMOUNT_FIELDS = ['min_merchant_payment_amount', 'max_merchant_payment_amount'] as const;

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

const validateRoleInput = schemaResolver(roleInputSchema, { sync: true });

/** Dollars as typed to integer cents (null when empty); undefined when the text is not an amount. */
function toCents(value: AmountValue): number | null | undefined {
  if (typeof value === 'string' && value.trim() === '') return null;
  return parseCentsFromDollars(value) ?? undefined;
}

/** The body the server receives; an amount that is not one stays out of `settings`, so the caller reports it. */
function toRoleInput(values: RoleFormValues): RoleInput {
  const settings: NonNullable<RoleInput['settings']> = {};
  for (const field of AMOUNT_FIELDS) {
    const cents = toCents(values[field]);
    if (cents !== undefined) settings[field] = cents;
  }
  return {
    role_name: values.role_name,
    role_description: values.role_description,
    permissions: { ...values.permissions },
    settings,
  };
}

/** The server's checks on the body it would receive, placed on the form's fields; amounts stay in dollars. */
function validateRole(values: RoleFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(validateRoleInput(toRoleInput(values)))) {
    errors[FIELD_MAP[path as keyof typeof FIELD_MAP] ?? path] = message;
  }
  for (const field of AMOUNT_FIELDS) {
    if (toCents(values[field]) === undefined) errors[field] = NUMBER_INVALID;
  }
  return errors;
}

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
    validate: validateRole,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    // Validated above, so parsing only trims the texts the way the server will.
    const input = roleInputSchema.parse(toRoleInput(values));
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
