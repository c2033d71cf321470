import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type GetInputPropsReturnType } from '@mantine/form';
import {
  CUSTOMER_LANGUAGES,
  FRESHBOOKS_CUSTOMER_FIELDS,
  MANAGED_IN_FRESHBOOKS,
  customerPatchSchema,
  dateOfBirthField,
  type Customer,
  type CustomerPatchInput,
} from '@paydesk/domain/customers/customers.contract';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import type { NamedOption } from '../api/merchant-options';
import { OptionSelect } from './option-select';
import { DateField } from '../../../components/date-field';
import { submitFocusingErrors, useFocusFirstField } from '../../../lib/focus-errors';

export type CustomerFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  sms_phone_number: string;
  date_of_birth: string;
  language: string;
  location_id: string;
};

export const CUSTOMER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'sms_phone_number',
  'date_of_birth',
  'language',
  'location_id',
] as const;

export const LANGUAGE_OPTIONS = CUSTOMER_LANGUAGES.map((value) => ({
  value,
  label: { 'en-US': 'English', 'es-US': 'Spanish', 'fr-CA': 'French (Canada)' }[value],
}));

export function toCustomerFormValues(customer: Customer): CustomerFormValues {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email ?? '',
    sms_phone_number: formatPhoneNumber(customer.sms_phone_number),
    date_of_birth: customer.date_of_birth ?? '',
    language: customer.language,
    location_id: customer.location.id,
  };
}

const patchResolver = schemaResolver(customerPatchSchema, { sync: true });

/** The domain's customer rules, and a date of birth not after today in the merchant's zone (as the server checks). */
export function validateCustomerFields(values: CustomerFormValues, timeZone: string | undefined): FormErrors {
  const errors: FormErrors = { ...patchResolver(values) };
  const dob = dateOfBirthField(toCalendarDate(new Date(), timeZone)).safeParse(values.date_of_birth);
  if (!dob.success && !errors.date_of_birth) errors.date_of_birth = dob.error.issues[0]?.message;
  return errors;
}

/** Empty optional fields are sent as null (no email, no phone, no date of birth). */
export function toCustomerPatch(values: CustomerFormValues): CustomerPatchInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email.trim() || null,
    sms_phone_number: values.sms_phone_number.trim() || null,
    date_of_birth: values.date_of_birth || null,
    language: values.language as CustomerPatchInput['language'],
    location_id: values.location_id,
  };
}

type FieldsProps = {
  form: {
    getInputProps: (path: string) => GetInputPropsReturnType;
    values: CustomerFormValues;
    setFieldValue: (path: 'location_id', value: string) => void;
    errors: FormErrors;
  };
  locations: readonly NamedOption[];
  withLocation?: boolean;
  /** Fields the merchant's FreshBooks keeps: shown read-only, marked "Managed in FreshBooks". */
  managed?: readonly string[];
};

/** The customer's own fields, shared by the edit and create forms. */
export function CustomerFields({ form, locations, withLocation = true, managed = [] }: FieldsProps) {
  const managedProps = (field: string) =>
    managed.includes(field) ? { readOnly: true, variant: 'filled', description: MANAGED_IN_FRESHBOOKS } : {};
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="First name"
        withAsterisk
        {...form.getInputProps('first_name')}
        {...managedProps('first_name')}
      />
      <TextInput label="Last name" withAsterisk {...form.getInputProps('last_name')} {...managedProps('last_name')} />
      <TextInput
        label="Mobile phone"
        type="tel"
        autoComplete="off"
        {...form.getInputProps('sms_phone_number')}
        {...managedProps('sms_phone_number')}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="off"
        {...form.getInputProps('email')}
        {...managedProps('email')}
      />
      <DateField label="Date of birth" {...form.getInputProps('date_of_birth')} />
      <NativeSelect label="Language" data={LANGUAGE_OPTIONS} {...form.getInputProps('language')} />
      {withLocation && (
        <OptionSelect
          label="Location"
          emptyLabel="Choose a location"
          withAsterisk
          options={locations}
          value={form.values.location_id}
          onChange={(value) => form.setFieldValue('location_id', value)}
          error={form.errors.location_id as string | undefined}
        />
      )}
    </SimpleGrid>
  );
}

type CustomerFormProps = {
  customer: Customer;
  locations: readonly NamedOption[];
  /** The merchant's zone: a date of birth may be today on its calendar, not later. */
  timeZone: string | undefined;
  onSubmit: (input: CustomerPatchInput) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Edit a customer's fields (customerUpdate); opt-ins change through their own confirmation. At an integrated
 * merchant the fields FreshBooks keeps are read-only and not sent.
 */
export function CustomerForm({ customer, locations, timeZone, onSubmit, onCancel }: CustomerFormProps) {
  const managed: readonly string[] = customer.merchant.is_integrated ? FRESHBOOKS_CUSTOMER_FIELDS : [];
  const form = useForm<CustomerFormValues>({
    initialValues: toCustomerFormValues(customer),
    validate: (values) => validateCustomerFields(values, timeZone),
  });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);
  const formRef = useFocusFirstField<HTMLFormElement>();

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      const patch = toCustomerPatch(values);
      for (const field of managed) delete patch[field as keyof CustomerPatchInput];
      await onSubmit(patch);
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, {
        fields: CUSTOMER_FIELDS,
        codeFields: { 'phone_number.duplicate': 'sms_phone_number', 'customer.dob_in_future': 'date_of_birth' },
      });
    }
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Edit customer">
      <Stack gap="md">
        <CustomerFields form={form} locations={locations} managed={managed} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save customer
          </Button>
        </Group>
      </Stack>
      {leavePrompt}
    </form>
  );
}
