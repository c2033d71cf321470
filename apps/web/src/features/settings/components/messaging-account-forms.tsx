import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MessagingSettings } from '@paydesk/domain/messaging/messaging-settings.contract';
import { LocationPicker } from '../../../components/location-picker';
import { PasswordInput } from '../../../components/password-input';
import { submitFocusingErrors } from '../../../lib/focus-errors';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAddSendingNumber, useSaveTwilioAccount } from '../api/messaging-settings';

/**
 * Super users: the merchant's own Twilio account. The auth token is never shown; left empty it is kept. "Use the
 * platform account" clears both (the global account from configuration sends the merchant's texts).
 */
export function TwilioAccountForm({ merchantID, settings }: { merchantID: string; settings: MessagingSettings }) {
  const save = useSaveTwilioAccount(merchantID);
  const form = useForm({
    initialValues: { account_sid: settings.twilio?.account_sid ?? '', auth_token: '' },
  });
  const submit = async (body: { account_sid: string; auth_token?: string }, message: string) => {
    try {
      await save.mutateAsync(body);
      form.setValues({ account_sid: body.account_sid, auth_token: '' });
      form.resetDirty({ account_sid: body.account_sid, auth_token: '' });
      notifySuccess(message);
    } catch (error) {
      showFormError(form, error, { fields: ['account_sid', 'auth_token'] });
    }
  };
  const handleSubmit = submitFocusingErrors(form, (values) =>
    submit(
      { account_sid: values.account_sid.trim(), ...(values.auth_token ? { auth_token: values.auth_token } : {}) },
      'Twilio account saved',
    ),
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={form.submitting || save.isPending}>
        <Stack gap="sm" maw={560}>
          <TextInput label="Account SID" autoComplete="off" {...form.getInputProps('account_sid')} />
          <PasswordInput
            label="Auth token"
            autoComplete="new-password"
            description={settings.twilio?.has_auth_token ? 'A token is saved. Leave empty to keep it.' : undefined}
            {...form.getInputProps('auth_token')}
          />
          <Group>
            <Button type="submit">Save Twilio account</Button>
            {settings.twilio && (
              <Button variant="default" onClick={() => void submit({ account_sid: '' }, 'Using the platform account')}>
                Use the platform account
              </Button>
            )}
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** Super users: gives the merchant a number to send from, for one location or all. */
export function AddSendingNumberForm({ merchantID }: { merchantID: string }) {
  const add = useAddSendingNumber(merchantID);
  const form = useForm<{ phone_number: string; location_id: string | null }>({
    initialValues: { phone_number: '', location_id: null },
  });
  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await add.mutateAsync({ phone_number: values.phone_number.trim(), location_id: values.location_id });
      form.reset();
      notifySuccess('Sending number added');
    } catch (error) {
      showFormError(form, error, { fields: ['phone_number', 'location_id'] });
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={form.submitting}>
        <Text fw={600} size="sm" mb="xs">
          Add a number
        </Text>
        <Group align="flex-end">
          <TextInput label="Phone number" maxLength={20} {...form.getInputProps('phone_number')} />
          <LocationPicker
            merchantID={merchantID}
            label="Location"
            placeholder="All locations"
            clearable
            value={form.values.location_id}
            onChange={(value) => form.setFieldValue('location_id', value)}
            error={form.errors.location_id}
          />
          <Button type="submit">Add number</Button>
        </Group>
      </Fieldset>
    </form>
  );
}
