import { Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { US_STATES } from '@paydesk/domain/constants';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import {
  ownerCreateSchema,
  ownerReplaceSchema,
  type Owner,
  type OwnerCreateInput,
} from '@paydesk/domain/owners/owners.contract';
import type { ReactNode } from 'react';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { DateField } from '../../../components/date-field';
import { submitFocusingErrors } from '../../../lib/focus-errors';

export type OwnerFormValues = {
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  phone: string;
  date_of_birth: string;
  ssn: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  ownership_percentage: number | string;
};

const FIELDS = [
  'first_name',
  'last_name',
  'title',
  'email',
  'phone',
  'date_of_birth',
  'ssn',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'ownership_percentage',
] as const;

export const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

const validateCreate = schemaResolver(ownerCreateSchema, { sync: true });
const validateReplace = schemaResolver(ownerReplaceSchema, { sync: true });

/** The body the server receives; a percentage that is not a number is sent as typed, for the schema to refuse. */
export function toOwnerInput(values: OwnerFormValues): OwnerCreateInput {
  const percentage = values.ownership_percentage;
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    title: values.title,
    email: values.email,
    phone: values.phone,
    date_of_birth: values.date_of_birth,
    ssn: values.ssn,
    address_line1: values.address_line1,
    address_line2: values.address_line2,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    ownership_percentage: typeof percentage === 'number' ? percentage : (percentage as unknown as number),
  };
}

function toFormValues(owner: Owner | undefined): OwnerFormValues {
  return {
    first_name: owner?.first_name ?? '',
    last_name: owner?.last_name ?? '',
    title: owner?.title ?? '',
    email: owner?.email ?? '',
    phone: owner ? formatPhoneNumber(owner.phone) : '',
    date_of_birth: owner?.date_of_birth ?? '',
    ssn: '',
    address_line1: owner?.address_line1 ?? '',
    address_line2: owner?.address_line2 ?? '',
    city: owner?.city ?? '',
    state: owner?.state ?? '',
    postal_code: owner?.postal_code ?? '',
    ownership_percentage: owner?.ownership_percentage ?? '',
  };
}

type OwnerFormProps = {
  /** The owner to edit; absent when adding one (the SSN is then required). */
  owner?: Owner;
  submitLabel: string;
  readOnly?: boolean;
  /** Resolves when saved; a rejection's field errors are shown on the fields. */
  onSubmit: (input: OwnerCreateInput) => Promise<unknown>;
  actions?: ReactNode;
};

/**
 * A business owner: name, title, contact, date of birth, SSN (masked, with a show toggle; on edit blank keeps the
 * stored one), home address and ownership percentage. Checked with the API's own schemas.
 */
export function OwnerForm({ owner, submitLabel, readOnly = false, onSubmit, actions }: OwnerFormProps) {
  const creating = !owner;
  const form = useForm<OwnerFormValues>({
    initialValues: toFormValues(owner),
    validate: (values): FormErrors => (creating ? validateCreate : validateReplace)(toOwnerInput(values)),
  });
  const leavePrompt = useLeavePrompt(!readOnly && form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit(toOwnerInput(values));
      form.setFieldValue('ssn', '');
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, { fields: FIELDS });
    }
  });

  const ssnDescription = creating
    ? '9 digits, no dashes'
    : owner.ssn_last4
      ? `Stored: •••• ${owner.ssn_last4}. Leave blank to keep it.`
      : 'Leave blank to keep the stored SSN.';

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly || form.submitting}>
        <Stack gap="md" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk autoComplete="off" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('last_name')} />
            <TextInput label="Title" placeholder="Managing member" {...form.getInputProps('title')} />
            <NumberInput
              label="Ownership percentage"
              withAsterisk
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              suffix="%"
              {...form.getInputProps('ownership_percentage')}
            />
            <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
            <TextInput
              label="Phone"
              type="tel"
              withAsterisk
              maxLength={14}
              placeholder="(212) 555-0123"
              {...form.getInputProps('phone')}
            />
            <DateField label="Date of birth" withAsterisk {...form.getInputProps('date_of_birth')} />
            <PasswordInput
              label="SSN"
              withAsterisk={creating}
              description={ssnDescription}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the SSN' }}
              {...form.getInputProps('ssn')}
            />
          </SimpleGrid>
          <TextInput label="Home address" withAsterisk {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" {...form.getInputProps('address_line2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
            <Select label="State" withAsterisk searchable data={STATE_OPTIONS} {...form.getInputProps('state')} />
            <TextInput label="Postal code" withAsterisk {...form.getInputProps('postal_code')} />
          </SimpleGrid>
          {!readOnly && (
            <Group gap="sm" mt="sm">
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
              {actions}
            </Group>
          )}
          {readOnly && actions && <Group gap="sm">{actions}</Group>}
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
