import { Button, Divider, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { PERMISSION_FLAGS, type PermissionFlag } from '@paydesk/domain/access/roles';
import { roleInputSchema, type Role, type RoleInput } from '@paydesk/domain/roles/roles.contract';
import type { ReactNode } from 'react';
import { MoneyInput, readMoneyValue, toMoneyValue, type MoneyValue } from '../../../components/money-input';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { PERMISSION_LABELS } from '../permission-labels';
import { submitFocusingErrors } from '../../../lib/focus-errors';

export type RoleFormValues = {
  role_name: string;
  role_description: string;
  permissions: Record<PermissionFlag, boolean>;
  /** Dollars as typed; integer cents on the wire. */
  min_merchant_payment_amount: MoneyValue;
  max_merchant_payment_amount: MoneyValue;
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

/** The body the server receives; an amount that is not one stays out of `settings`, so the caller reports it. */
function toRoleInput(values: RoleFormValues): RoleInput {
  const settings: NonNullable<RoleInput['settings']> = {};
  for (const field of AMOUNT_FIELDS) {
    const { cents } = readMoneyValue(values[field]);
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
    const { error } = readMoneyValue(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

function toFormValues(role: Role | undefined): RoleFormValues {
  const permissions = Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, role?.permissions[flag] ?? role?.has_access.includes(flag) ?? false]),
  ) as Record<PermissionFlag, boolean>;
  return {
    role_name: role?.role_name ?? '',
    role_description: role?.role_description ?? '',
    permissions,
    min_merchant_payment_amount: toMoneyValue(role?.settings.min_merchant_payment_amount),
    max_merchant_payment_amount: toMoneyValue(role?.settings.max_merchant_payment_amount),
  };
}

/** A custom role: name, description, the 13 permission switches and the merchant payment amount limits. */
export function RoleForm({ role, submitLabel, onSubmit, actions }: RoleFormProps) {
  const form = useForm<RoleFormValues>({
    initialValues: toFormValues(role),
    validate: validateRole,
  });
  // A save in progress may move on (create opens the list); a failed one leaves the form dirty, so it asks again.
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
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
              <MoneyInput label="Minimum payment amount" {...form.getInputProps('min_merchant_payment_amount')} />
              <MoneyInput label="Maximum payment amount" {...form.getInputProps('max_merchant_payment_amount')} />
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
      {leavePrompt}
    </form>
  );
}
