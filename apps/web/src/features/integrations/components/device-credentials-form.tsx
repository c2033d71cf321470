import { Alert, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import {
  DEVICE_ACCOUNT_FIELD,
  DEVICE_ACCOUNT_LABELS,
  PROVIDER_LABELS,
  ituranCredentialsInput,
  type ConnectionTest,
  type DeviceProvider,
} from '@paydesk/domain/integrations/integrations.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import type { DeviceCredentialsValues, DeviceSettingsView } from '../api/integrations';
import { ConnectionStatusBadge } from './connection-status-badge';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type FormValues = { account_id: string; username: string; password: string };

// Both providers' bodies have the same rules; Ituran's names the account field account_id, as the form does.
const validateInput = schemaResolver(ituranCredentialsInput, { sync: true });

const FIELDS = ['account_id', 'username', 'password'];

/** The provider's refusal of a login, which the API puts on both the user name and the password. */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { username, password } = error.fieldErrors;
  return username?.length && password?.length ? password.join(' ') : null;
}

type DeviceCredentialsFormProps = {
  provider: DeviceProvider;
  settings: DeviceSettingsView;
  /** The merchant's zone, in which the last test's time is shown. */
  timeZone: string | undefined;
  onSave: (values: DeviceCredentialsValues) => Promise<unknown>;
  onTest: () => Promise<ConnectionTest>;
};

/** The merchant's login at PassTime or Ituran, with a Test connection button. The password is never shown. */
export function DeviceCredentialsForm({ provider, settings, timeZone, onSave, onTest }: DeviceCredentialsFormProps) {
  const label = PROVIDER_LABELS[provider];
  const form = useForm<FormValues>({
    initialValues: { account_id: settings.account_id, username: settings.username, password: '' },
    validate: (values): FormErrors => {
      const errors: FormErrors = { ...validateInput(values) };
      if (!values.password && !settings.has_password) errors.password = 'Required';
      return errors;
    },
  });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [testError, setTestError] = useState<string | null>(null);
  // The login last tried was refused: the screen shows the error state until a save or test works.
  const [refused, setRefused] = useState<string | null>(null);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSave({
        account_id: values.account_id.trim(),
        username: values.username.trim(),
        password: values.password || undefined,
      });
      form.setValues({ account_id: values.account_id.trim(), username: values.username.trim(), password: '' });
      form.resetDirty({ account_id: values.account_id.trim(), username: values.username.trim(), password: '' });
      setTest(null);
      setRefused(null);
      notifySuccess(`${label} credentials saved`);
    } catch (error) {
      setRefused(refusalOf(error));
      showFormError(form, error, { fields: FIELDS, fieldMap: { [DEVICE_ACCOUNT_FIELD[provider]]: 'account_id' } });
    }
  });

  async function runTest() {
    setTesting(true);
    setTestError(null);
    try {
      const result = await onTest();
      setTest(result);
      if (result.ok) setRefused(null);
    } catch (error) {
      setTest(null);
      setTestError(error instanceof Error ? error.message : 'The test could not be run.');
    } finally {
      setTesting(false);
    }
  }

  const saved = settings.status !== 'disconnected' && settings.has_password;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={form.submitting}>
        <Stack gap="md" maw={560}>
          <Group gap="sm">
            <Text fw={600}>Status</Text>
            <ConnectionStatusBadge status={refused ? 'error' : settings.status} />
          </Group>
          {refused && (
            <Text size="sm" c="red.9">
              {`${label} refused the login just tried; the saved one is unchanged.`}
            </Text>
          )}
          {settings.last_tested_at && (
            <Text size="sm" c="dimmed">
              Last tested {formatDateTime(settings.last_tested_at, { timeZone })}
              {settings.last_error ? `: ${settings.last_error}` : ': connected.'}
            </Text>
          )}
          <TextInput label={DEVICE_ACCOUNT_LABELS[provider]} withAsterisk {...form.getInputProps('account_id')} />
          <TextInput label="Username" withAsterisk autoComplete="off" {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            withAsterisk={!settings.has_password}
            autoComplete="new-password"
            description={settings.has_password ? 'A password is saved. Leave empty to keep it.' : undefined}
            {...form.getInputProps('password')}
          />
          <Group gap="sm">
            <Button type="submit" loading={form.submitting}>
              Save credentials
            </Button>
            <Button variant="default" onClick={runTest} loading={testing} disabled={!saved || form.isDirty()}>
              Test connection
            </Button>
          </Group>
          <div aria-live="polite">
            {test && (
              <Alert color={test.ok ? 'teal' : 'red'} title={test.ok ? 'Connection works' : 'Connection failed'}>
                {test.message}
              </Alert>
            )}
            {testError && (
              <Alert color="red" title="The test could not be run">
                {testError}
              </Alert>
            )}
          </div>
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
