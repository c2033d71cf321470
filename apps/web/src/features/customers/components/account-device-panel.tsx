import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import type { CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import {
  DEVICE_PROVIDER_ACCESS,
  DEVICE_PROVIDERS,
  PROVIDER_LABELS,
  accountDeviceInput,
  type DeviceProvider,
} from '@paydesk/domain/integrations/integrations.contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DialogActions } from '../../../components/dialog-actions';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement } from '../../../lib/use-merchant-access';
import { useAccountDeviceAction, useSetAccountDevice } from '../api/account-device';
import { DeviceCommandPanel, deviceLabel } from './device-command-panel';

type AccountDevicePanelProps = {
  merchantID: string;
  customerID: string;
  customerName: string;
  account: Pick<CustomerAccount, 'id' | 'external_id' | 'device'>;
  /** False for a removed customer: nothing changes and no command goes out. */
  active: boolean;
};

type LinkValues = { provider: DeviceProvider; device_id: string };
const validateLink = schemaResolver(accountDeviceInput, { sync: true });

/**
 * The vehicle device on an account: administrators link, change or unlink it; whoever may use its provider sends
 * it commands from here.
 */
export function AccountDevicePanel({ merchantID, customerID, customerName, account, active }: AccountDevicePanelProps) {
  const ref = { merchantID, customerID, accountID: account.id };
  const device = account.device;
  const mayLink = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings) && active;
  const mayCommand =
    useMeetsMerchantRequirement(merchantID, DEVICE_PROVIDER_ACCESS[device?.provider ?? 'passtime']) && active;
  const setDevice = useSetAccountDevice(ref);
  const command = useAccountDeviceAction(ref);
  const [linking, setLinking] = useState(false);
  const [confirmingUnlink, setConfirmingUnlink] = useState(false);
  const accountLabel = account.external_id;

  if (!device && !mayLink) return null;
  return (
    <Stack gap="sm" mt="md">
      <Group gap="sm" justify="space-between">
        <div>
          <Text size="sm" c="dimmed">
            Device
          </Text>
          <Text size="sm">{device ? deviceLabel(device) : 'No device linked'}</Text>
        </div>
        {mayLink && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              aria-label={`${device ? 'Change' : 'Link'} device of account ${accountLabel}`}
              onClick={() => setLinking(true)}
            >
              {device ? 'Change device' : 'Link device'}
            </Button>
            {device && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Unlink device of account ${accountLabel}`}
                onClick={() => setConfirmingUnlink(true)}
              >
                Unlink
              </Button>
            )}
          </Group>
        )}
      </Group>
      {device && mayCommand && (
        <DeviceCommandPanel
          merchantID={merchantID}
          customerName={customerName}
          accountLabel={accountLabel}
          device={device}
          onSend={(action) => command.mutateAsync({ action })}
        />
      )}
      <Modal opened={linking} onClose={() => setLinking(false)} title={`Device of account ${accountLabel}`} centered>
        <DeviceLinkForm
          initial={device ?? { provider: 'passtime', device_id: '' }}
          onSubmit={async (values) => {
            await setDevice.mutateAsync(values);
            notifySuccess(`Device ${deviceLabel(values)} linked to account ${accountLabel}`);
            setLinking(false);
          }}
          onCancel={() => setLinking(false)}
        />
      </Modal>
      <ConfirmModal
        opened={confirmingUnlink}
        title="Unlink device?"
        confirmLabel="Unlink device"
        loading={setDevice.isPending}
        error={setDevice.error}
        onConfirm={() =>
          setDevice.mutate(null, {
            onSuccess: () => {
              setConfirmingUnlink(false);
              notifySuccess(`Device unlinked from account ${accountLabel}`);
            },
          })
        }
        onClose={() => {
          setDevice.reset();
          setConfirmingUnlink(false);
        }}
      >
        {device
          ? `Unlink ${deviceLabel(device)} from account ${accountLabel}? Commands can no longer be sent to it.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}

function DeviceLinkForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: LinkValues;
  onSubmit: (values: LinkValues) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<LinkValues>({ initialValues: initial, validate: validateLink });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ provider: values.provider, device_id: values.device_id.trim() });
    } catch (error) {
      showFormError(form, error, { fields: ['provider', 'device_id'] });
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Provider"
          data={DEVICE_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] }))}
          {...form.getInputProps('provider')}
        />
        <TextInput label="Device ID" withAsterisk data-autofocus {...form.getInputProps('device_id')} />
        <DialogActions label="Save device" onCancel={onCancel} loading={form.submitting} />
      </Stack>
    </form>
  );
}
