import { Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import { US_STATES } from '@paydesk/domain/constants';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  businessDetailsInputSchema,
  type BusinessDetails,
  type BusinessDetailsInput,
} from '@paydesk/domain/onboarding/onboarding.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type BusinessDetailsFormValues = {
  legal_name: string;
  dba: string;
  ein: string;
  business_type: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  website: string;
};

const FIELDS = [
  'legal_name',
  'dba',
  'ein',
  'business_type',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'phone',
  'website',
];

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: BUSINESS_TYPE_LABELS[type] }));
const validateInput = schemaResolver(businessDetailsInputSchema, { sync: true });

function toInput(values: BusinessDetailsFormValues): BusinessDetailsInput {
  return { ...values, business_type: values.business_type as BusinessDetailsInput['business_type'] };
}

function toFormValues(details: BusinessDetails): BusinessDetailsFormValues {
  return {
    legal_name: details.legal_name,
    dba: details.dba,
    ein: '',
    business_type: details.business_type ?? '',
    address_line1: details.address_line1,
    address_line2: details.address_line2,
    city: details.city,
    state: details.state,
    postal_code: details.postal_code,
    phone: details.phone ? formatPhoneNumber(details.phone) : '',
    website: details.website ?? '',
  };
}

type BusinessDetailsFormProps = {
  details: BusinessDetails;
  readOnly: boolean;
  onSubmit: (input: BusinessDetailsInput) => Promise<unknown>;
};

/** The merchant's legal name, DBA, EIN (masked; blank keeps the stored one), type, address, phone and website. */
export function BusinessDetailsForm({ details, readOnly, onSubmit }: BusinessDetailsFormProps) {
  const form = useForm<BusinessDetailsFormValues>({
    initialValues: toFormValues(details),
    validate: (values) => {
      const errors = validateInput(toInput(values));
      if (!details.ein_last4 && !values.ein.trim()) errors.ein = REQUIRED;
      return errors;
    },
  });
  const leavePrompt = useLeavePrompt(!readOnly && form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit(toInput(values));
      form.setFieldValue('ein', '');
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, { fields: FIELDS });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Business details">
      <Fieldset variant="unstyled" disabled={readOnly || form.submitting}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Legal name" withAsterisk {...form.getInputProps('legal_name')} />
            <TextInput label="Doing business as (DBA)" {...form.getInputProps('dba')} />
            <PasswordInput
              label="EIN"
              withAsterisk={!details.ein_last4}
              description={
                details.ein_last4 ? `Stored: •••• ${details.ein_last4}. Leave blank to keep it.` : '9 digits, no dashes'
              }
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the EIN' }}
              {...form.getInputProps('ein')}
            />
            <Select
              label="Business type"
              withAsterisk
              data={BUSINESS_TYPE_OPTIONS}
              {...form.getInputProps('business_type')}
            />
          </SimpleGrid>
          <TextInput label="Business address" withAsterisk {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" {...form.getInputProps('address_line2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
            <Select label="State" withAsterisk searchable data={STATE_OPTIONS} {...form.getInputProps('state')} />
            <TextInput label="Postal code" withAsterisk {...form.getInputProps('postal_code')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Business phone"
              type="tel"
              withAsterisk
              maxLength={14}
              placeholder="(212) 555-0123"
              {...form.getInputProps('phone')}
            />
            <TextInput
              label="Website"
              type="url"
              placeholder="https://example.com"
              {...form.getInputProps('website')}
            />
          </SimpleGrid>
          {!readOnly && (
            <Group>
              <Button type="submit" loading={form.submitting}>
                Save business details
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
