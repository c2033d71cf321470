import { Button, Group, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type GetInputPropsReturnType } from '@mantine/form';
import {
  CUSTOMER_ADDRESS_FIELDS,
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
import { STATES } from '@paydesk/domain/locations/regions';
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
  /** The mailing address, each part '' for none; `state` a SPEC §9 state code. */
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip: string;
};

export const CUSTOMER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'sms_phone_number',
  'date_of_birth',
  'language',
  'location_id',
  ...CUSTOMER_ADDRESS_FIELDS,
] as const;

/** The SPEC §9 state list, as the location form offers it. */
const STATE_OPTIONS = STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

/** An empty address, for a new customer's form. */
export const NO_ADDRESS = { address_line1: '', address_line2: '', city: '', state: '', zip: '' };

/** The address as the server takes it: every part, blank ones as null (no such part). */
export function toAddressInput(values: Pick<CustomerFormValues, (typeof CUSTOMER_ADDRESS_FIELDS)[number]>) {
  return Object.fromEntries(CUSTOMER_ADDRESS_FIELDS.map((field) => [field, values[field].trim() || null])) as Record<
    (typeof CUSTOMER_ADDRESS_FIELDS)[number],
    string | null
  >;
}

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
    address_line1: customer.address_line1 ?? '',
    address_line2: customer.address_line2 ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip: customer.zip ?? '',
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

/** The address as an envelope shows it: line 1, line 2, then "City, ST 12345"; no lines when none is known. */
export function mailingAddressLines(customer: Pick<Customer, (typeof CUSTOMER_ADDRESS_FIELDS)[number]>): string[] {
  const place = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [customer.address_line1, customer.address_line2, place].filter((line): line is string => Boolean(line));
}

/** Empty optional fields are sent as null (no email, no phone, no date of birth, no address part). */
export function toCustomerPatch(values: CustomerFormValues): CustomerPatchInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email.trim() || null,
    sms_phone_number: values.sms_phone_number.trim() || null,
    date_of_birth: values.date_of_birth || null,
    language: values.language as CustomerPatchInput['language'],
    location_id: values.location_id,
    ...toAddressInput(values),
  };
}

type FieldsProps = {
  form: {
    getInputProps: (path: string) => GetInputPropsReturnType;
    values: CustomerFormValues;
    setFieldValue: (path: 'location_id' | 'state', value: string) => void;
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
      <Text fw={500} size="sm" style={{ gridColumn: '1 / -1' }}>
        Mailing address (optional; its state sets the customer's quiet hours)
      </Text>
      <TextInput label="Address line 1" autoComplete="off" {...form.getInputProps('address_line1')} />
      <TextInput label="Address line 2" autoComplete="off" {...form.getInputProps('address_line2')} />
      <TextInput label="City" autoComplete="off" {...form.getInputProps('city')} />
      <SimpleGrid cols={2} spacing="md">
        <Select
          label="State"
          data={STATE_OPTIONS}
          searchable
          clearable
          placeholder="Choose a state"
          {...form.getInputProps('state')}
          value={form.values.state || null}
          onChange={(value) => form.setFieldValue('state', value ?? '')}
        />
        <TextInput label="ZIP code" autoComplete="off" inputMode="numeric" {...form.getInputProps('zip')} />
      </SimpleGrid>
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
