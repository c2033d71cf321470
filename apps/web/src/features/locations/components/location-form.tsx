import { Button, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { PHONE_INPUT_MAX_LENGTH } from '@paydesk/domain/constants';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { locationInputSchema, type Location, type LocationInput } from '@paydesk/domain/locations/locations.contract';
import { STATES, US_TIME_ZONES } from '@paydesk/domain/locations/regions';
import type { ReactNode } from 'react';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { submitFocusingErrors } from '../../../lib/focus-errors';

export type LocationFormValues = {
  name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  /** As typed; empty for no phone. */
  phone: string;
  timezone: string;
};

type LocationFormProps = {
  location?: Location;
  submitLabel: string;
  /** Resolves when saved; a rejection's field errors are shown on the fields. */
  onSubmit: (input: LocationInput) => Promise<unknown>;
  /** Shown without Save and with every field read-only (users who may not change locations). */
  readOnly?: boolean;
  actions?: ReactNode;
};

const FIELDS = ['name', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'phone', 'timezone'];

const STATE_OPTIONS = STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const TIME_ZONE_OPTIONS = US_TIME_ZONES.map(([id, label]) => ({ value: id, label }));

const resolveInput = schemaResolver(locationInputSchema, { sync: true });

/** The body the server receives: an empty phone is no phone; the state and zone are checked by the schema. */
export function toLocationInput(values: LocationFormValues): LocationInput {
  return { ...values, phone: values.phone.trim() === '' ? null : values.phone } as LocationInput;
}

function validateLocation(values: LocationFormValues): FormErrors {
  return resolveInput(toLocationInput(values));
}

function toFormValues(location: Location | undefined): LocationFormValues {
  return {
    name: location?.name ?? '',
    address_line1: location?.address_line1 ?? '',
    address_line2: location?.address_line2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    postal_code: location?.postal_code ?? '',
    phone: formatPhoneNumber(location?.phone),
    timezone: location?.timezone ?? '',
  };
}

/** A location: name, address (SPEC §9 state list, §5 postal code), phone (§5, US and CA) and time zone. */
export function LocationForm({ location, submitLabel, onSubmit, readOnly = false, actions }: LocationFormProps) {
  const form = useForm<LocationFormValues>({ initialValues: toFormValues(location), validate: validateLocation });
  const leavePrompt = useLeavePrompt(!readOnly && form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    const input = locationInputSchema.parse(toLocationInput(values));
    try {
      await onSubmit(input);
      form.resetDirty();
    } catch (error) {
      showFormError(form, error, { fields: FIELDS });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly || form.submitting}>
        <Stack gap="md" maw={640}>
          <TextInput label="Name" withAsterisk={!readOnly} {...form.getInputProps('name')} />
          <TextInput label="Address line 1" withAsterisk={!readOnly} {...form.getInputProps('address_line1')} />
          <TextInput label="Address line 2" {...form.getInputProps('address_line2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="City" withAsterisk={!readOnly} {...form.getInputProps('city')} />
            <Select
              label="State"
              withAsterisk={!readOnly}
              data={STATE_OPTIONS}
              searchable
              placeholder="Choose a state"
              {...form.getInputProps('state')}
              onChange={(value) => form.setFieldValue('state', value ?? '')}
            />
            <TextInput label="Postal code" withAsterisk={!readOnly} {...form.getInputProps('postal_code')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX_LENGTH}
              placeholder="(212) 555-0123"
              {...form.getInputProps('phone')}
            />
            <Select
              label="Time zone"
              withAsterisk={!readOnly}
              data={TIME_ZONE_OPTIONS}
              placeholder="Choose a time zone"
              {...form.getInputProps('timezone')}
              onChange={(value) => form.setFieldValue('timezone', value ?? '')}
            />
          </SimpleGrid>
          <Group gap="sm">
            {!readOnly && (
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
            )}
            {actions}
          </Group>
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
