import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import {
  DEVICE_ACTION_LABELS,
  DEVICE_ACTIONS,
  deviceActionInput,
  type DeviceAction,
  type DeviceActionResult,
  type DeviceProvider,
} from '@paydesk/domain/integrations/integrations.contract';
import { useState } from 'react';
import { showFormError } from '../../../lib/form-errors';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type FormValues = { device_id: string; action: DeviceAction };

const validateInput = schemaResolver(deviceActionInput, { sync: true });

type DeviceCommandPanelProps = {
  provider: DeviceProvider;
  /** False until credentials are saved. */
  enabled: boolean;
  onSend: (input: { provider: DeviceProvider; device_id: string; action: DeviceAction }) => Promise<DeviceActionResult>;
};

function describeFailure(result: DeviceActionResult): string {
  const failed = result.failed_action;
  if (!failed) return '';
  return failed.is_resolvable
    ? 'Recorded as a failed action that can be retried.'
    : `Recorded as a failed action. ${ERROR_MESSAGES['integrations.unresolvable_action']}`;
}

/** "Send a device command": a device id and an action; shows the result or the failed action it became. */
export function DeviceCommandPanel({ provider, enabled, onSend }: DeviceCommandPanelProps) {
  const form = useForm<FormValues>({
    initialValues: { device_id: '', action: 'locate' },
    validate: (values) => validateInput({ ...values, provider }),
  });
  const [result, setResult] = useState<DeviceActionResult | null>(null);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    setResult(null);
    try {
      setResult(await onSend({ provider, device_id: values.device_id.trim(), action: values.action }));
    } catch (error) {
      showFormError(form, error, { fields: ['device_id', 'action'] });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {!enabled && (
          <Text size="sm" c="dimmed">
            Save the credentials first to send commands.
          </Text>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Device ID"
            withAsterisk
            w={{ base: '100%', xs: 220 }}
            disabled={!enabled}
            {...form.getInputProps('device_id')}
          />
          <NativeSelect
            label="Action"
            w={{ base: '100%', xs: 200 }}
            disabled={!enabled}
            data={DEVICE_ACTIONS.map((action) => ({ value: action, label: DEVICE_ACTION_LABELS[action] }))}
            {...form.getInputProps('action')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={form.submitting} disabled={!enabled}>
            Send command
          </Button>
        </Group>
        <div aria-live="polite">
          {result && (
            <Alert
              color={result.succeeded ? 'teal' : 'red'}
              title={result.succeeded ? 'Command sent' : 'Command failed'}
            >
              <Text size="sm">{result.message}</Text>
              {result.location && (
                <Text size="sm">
                  Location: {result.location.latitude}, {result.location.longitude}
                </Text>
              )}
              {!result.succeeded && <Text size="sm">{describeFailure(result)}</Text>}
            </Alert>
          )}
        </div>
      </Stack>
    </form>
  );
}
