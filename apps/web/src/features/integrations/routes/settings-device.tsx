import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DeviceProvider } from '@paydesk/domain/integrations/integrations.contract';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import {
  useDeviceSettings,
  useFailedActions,
  useSaveDeviceCredentials,
  useTestDeviceConnection,
} from '../api/integrations';
import { DeviceCredentialsForm } from '../components/device-credentials-form';
import { FailedActionsTable } from '../components/failed-actions-table';
import { useMerchantTimeZone } from '../../../lib/merchant-query';

function SettingsDevice({ provider }: { provider: DeviceProvider }) {
  const { merchantID = '' } = useParams();
  const settings = useDeviceSettings(merchantID, provider);
  const timeZone = useMerchantTimeZone(merchantID);
  const save = useSaveDeviceCredentials(merchantID, provider);
  const test = useTestDeviceConnection(merchantID, provider);
  const failed = useFailedActions(merchantID, provider);

  if (!settings.data) {
    return (
      <QueryState
        error={settings.error}
        loadingLabel="Loading settings"
        errorTitle="The settings could not be loaded"
      />
    );
  }
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Credentials
        </Title>
        <DeviceCredentialsForm
          // A fresh form once the saved values change (e.g. after another tab saved them).
          key={`${settings.data.account_id}:${settings.data.username}`}
          provider={provider}
          settings={settings.data}
          timeZone={timeZone}
          onSave={(values) => save.mutateAsync(values)}
          onTest={() => test.mutateAsync()}
        />
      </Paper>
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            Recent failed actions
          </Title>
          <Anchor component={Link} to={`/merchants/${merchantID}/failed-actions`} size="sm">
            Retry or resolve them on Failed actions
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          Commands are sent from a customer’s account, to the device an administrator linked to it.
        </Text>
        {failed.data ? (
          <FailedActionsTable rows={failed.data.results} timeZone={timeZone} />
        ) : (
          <QueryState
            error={failed.error}
            loadingLabel="Loading failed actions"
            errorTitle="The failed actions could not be loaded"
          />
        )}
      </Paper>
    </Stack>
  );
}

/** /merchants/:merchantID/settings/passtime (admin, super_admin or is_merchant_passtime_allowed). */
export function SettingsPasstimeRoute() {
  return <SettingsDevice provider="passtime" />;
}

/** /merchants/:merchantID/settings/ituran (admin, super_admin or is_merchant_ituran_allowed). */
export function SettingsIturanRoute() {
  return <SettingsDevice provider="ituran" />;
}
