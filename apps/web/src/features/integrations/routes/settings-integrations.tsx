import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@paydesk/domain/format/date';
import { PROVIDER_LABELS, type Connection } from '@paydesk/domain/integrations/integrations.contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getOauthLinks, useConnections, useDisconnectFreshbooks } from '../api/integrations';
import { ConnectionStatusBadge } from '../components/connection-status-badge';
import { rememberMerchant } from '../connect-memory';

/** Leaves the app for the provider's authorization page (a full navigation, as OAuth needs). */
export const browser = { assign: (url: string) => window.location.assign(url) };

const DESCRIPTIONS = {
  freshbooks: 'Send invoices and payments to your FreshBooks books.',
  passtime: 'Starter interrupt and GPS for vehicles with PassTime devices.',
  ituran: 'Starter interrupt and GPS for vehicles with Ituran devices.',
} as const;

function ConnectedSince({ connection, timeZone }: { connection: Connection; timeZone: string | undefined }) {
  if (connection.status === 'disconnected' || !connection.account_label) return null;
  return (
    <Text size="sm">
      {connection.provider === 'freshbooks' ? 'Business' : 'Account'}: <strong>{connection.account_label}</strong>
      {connection.connected_at ? ` · since ${formatDate(connection.connected_at, { timeZone })}` : ''}
    </Text>
  );
}

/** Why the connection failed: a refused test, or FreshBooks refusing the connection (connect it again). */
function LastError({ connection }: { connection: Connection }) {
  if (!connection.last_error) return null;
  return (
    <Text size="sm" c="red">
      {connection.last_error}
    </Text>
  );
}

function FreshbooksCard({ merchantID, connection }: { merchantID: string; connection: Connection }) {
  const timeZone = useMerchantTimeZone(merchantID);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectFreshbooks(merchantID);
  const connected = connection.status === 'connected';

  async function connect() {
    setStarting(true);
    try {
      const { results } = await getOauthLinks(merchantID);
      const link = results.find((candidate) => candidate.provider === 'freshbooks');
      if (!link) throw new Error('No FreshBooks link was given.');
      rememberMerchant(merchantID);
      browser.assign(link.url);
    } catch (error) {
      notifyError(error);
      setStarting(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {PROVIDER_LABELS.freshbooks}
          </Title>
          <ConnectionStatusBadge status={connection.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {DESCRIPTIONS.freshbooks}
        </Text>
        <ConnectedSince connection={connection} timeZone={timeZone} />
        <LastError connection={connection} />
        <Group mt="auto">
          {connected ? (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              Disconnect FreshBooks
            </Button>
          ) : (
            <Button onClick={connect} loading={starting}>
              {connection.status === 'error' ? 'Reconnect FreshBooks' : 'Connect FreshBooks'}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Disconnect FreshBooks?"
        confirmLabel="Disconnect"
        confirmColor="red"
        loading={disconnect.isPending}
        error={disconnect.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess('FreshBooks disconnected');
            },
          })
        }
      >
        Paydesk will stop sending invoices and payments to {connection.account_label || 'FreshBooks'}. You can connect
        again at any time.
      </ConfirmModal>
    </Card>
  );
}

function DeviceCard({ merchantID, connection }: { merchantID: string; connection: Connection }) {
  const timeZone = useMerchantTimeZone(merchantID);
  const provider = connection.provider as 'passtime' | 'ituran';
  const label = PROVIDER_LABELS[provider];
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {label}
          </Title>
          <ConnectionStatusBadge status={connection.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {DESCRIPTIONS[provider]}
        </Text>
        <ConnectedSince connection={connection} timeZone={timeZone} />
        <LastError connection={connection} />
        <Group mt="auto">
          <Anchor component={Link} to={`/merchants/${merchantID}/settings/${provider}`} fw={500}>
            {label} settings
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** /merchants/:merchantID/settings/integrations (super_admin): FreshBooks, PassTime and Ituran at a glance. */
export function SettingsIntegrationsRoute() {
  const { merchantID = '' } = useParams();
  const connections = useConnections(merchantID);
  if (!connections.data) {
    return (
      <QueryState
        error={connections.error}
        loadingLabel="Loading integrations"
        errorTitle="The integrations could not be loaded"
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {connections.data.results.map((connection) =>
        connection.provider === 'freshbooks' ? (
          <FreshbooksCard key={connection.provider} merchantID={merchantID} connection={connection} />
        ) : (
          <DeviceCard key={connection.provider} merchantID={merchantID} connection={connection} />
        ),
      )}
    </SimpleGrid>
  );
}
