import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { AccountDevice } from '@paydesk/domain/customers/customers.contract';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import {
  DEVICE_ACTION_LABELS,
  DEVICE_ACTIONS,
  PROVIDER_LABELS,
  STARTER_DISABLE_WARNING,
  type DeviceAction,
  type DeviceActionResult,
} from '@paydesk/domain/integrations/integrations.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyError } from '../../../lib/notify';

type DeviceCommandPanelProps = {
  merchantID: string;
  customerName: string;
  accountLabel: string;
  device: AccountDevice;
  onSend: (action: DeviceAction) => Promise<DeviceActionResult>;
};

export const deviceLabel = (device: AccountDevice) => `${PROVIDER_LABELS[device.provider]} ${device.device_id}`;

/** Where a failed command went: a failed action, on the page that retries and resolves them. */
function FailureNote({ merchantID, result }: { merchantID: string; result: DeviceActionResult }) {
  const failed = result.failed_action;
  if (!failed) return null;
  return (
    <Text size="sm">
      {failed.is_resolvable
        ? 'Recorded as a failed action that can be retried. '
        : `Recorded as a failed action. ${ERROR_MESSAGES['integrations.unresolvable_action']} `}
      <Anchor component={Link} to={`/merchants/${merchantID}/failed-actions`} size="sm" c="inherit" underline="always">
        Open failed actions
      </Anchor>
    </Text>
  );
}

/**
 * Commands to the device linked to an account: Enable starter, Disable starter (after a confirmation naming the
 * customer, the account and the device) and Locate; shows the result or the failed action it became.
 */
export function DeviceCommandPanel({
  merchantID,
  customerName,
  accountLabel,
  device,
  onSend,
}: DeviceCommandPanelProps) {
  const [sending, setSending] = useState<DeviceAction | null>(null);
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [result, setResult] = useState<{ action: DeviceAction; outcome: DeviceActionResult } | null>(null);

  async function send(action: DeviceAction) {
    setSending(action);
    setResult(null);
    try {
      setResult({ action, outcome: await onSend(action) });
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(null);
      setConfirmingDisable(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {DEVICE_ACTIONS.map((action) => (
          <Button
            key={action}
            size="compact-sm"
            variant={action === 'starter_disable' ? 'light' : 'default'}
            color={action === 'starter_disable' ? 'red' : undefined}
            loading={sending === action}
            disabled={sending !== null && sending !== action}
            onClick={() => (action === 'starter_disable' ? setConfirmingDisable(true) : void send(action))}
          >
            {DEVICE_ACTION_LABELS[action]}
          </Button>
        ))}
      </Group>
      <div aria-live="polite">
        {result && (
          <Alert
            color={result.outcome.succeeded ? 'teal' : 'red'}
            title={`${DEVICE_ACTION_LABELS[result.action]}: ${result.outcome.succeeded ? 'command sent' : 'command failed'}`}
          >
            <Text size="sm">{result.outcome.message}</Text>
            {result.outcome.location && (
              <Text size="sm">
                Location: {result.outcome.location.latitude}, {result.outcome.location.longitude}
              </Text>
            )}
            {!result.outcome.succeeded && <FailureNote merchantID={merchantID} result={result.outcome} />}
          </Alert>
        )}
      </div>
      <ConfirmModal
        opened={confirmingDisable}
        title="Disable starter?"
        confirmLabel="Disable starter"
        loading={sending === 'starter_disable'}
        onConfirm={() => void send('starter_disable')}
        onClose={() => setConfirmingDisable(false)}
      >
        {`Disable the starter for ${customerName}, account ${accountLabel}, device ${deviceLabel(device)}? ${STARTER_DISABLE_WARNING}.`}
      </ConfirmModal>
    </Stack>
  );
}
