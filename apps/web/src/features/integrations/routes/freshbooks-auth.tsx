import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { connectFreshbooks } from '../api/integrations';
import { rememberedMerchant } from '../connect-memory';
import { queryKeys } from '../../../lib/query-keys';

/**
 * /freshbooks/auth/:code: where FreshBooks sends the browser back after Allow (or Deny). Finishes connecting with the
 * code and the `state` of the query, then links back to the merchant's integrations.
 */
export function FreshbooksAuthRoute() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const state = search.get('state') ?? '';
  const denied = search.get('error');
  // A query, not a mutation: it runs once per code and state even when React mounts the screen twice; the state is
  // single-use, so a second request would be refused.
  const connect = useQuery({
    queryKey: queryKeys.integrations.freshbooksConnect(code, state),
    queryFn: () => connectFreshbooks({ code, state }),
    enabled: !denied && code !== '' && state !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const merchantID = connect.data?.merchant_id ?? rememberedMerchant();
  const integrationsPath = merchantID ? `/merchants/${merchantID}/settings/integrations` : '/merchants';

  let body;
  let linkLabel: string | null = 'Try again from Integrations';
  if (denied) {
    body = (
      <Alert color="orange" title="FreshBooks was not connected">
        <Text size="sm">Access was denied on the FreshBooks page.</Text>
      </Alert>
    );
  } else if (!state) {
    body = (
      <Alert color="red" title="FreshBooks could not be connected">
        <Text size="sm">This address is missing its state. Start connecting again.</Text>
      </Alert>
    );
  } else if (connect.data) {
    linkLabel = 'Back to Integrations';
    body = (
      <Alert color="teal" title="FreshBooks connected">
        <Text size="sm">
          Connected to <strong>{connect.data.connection.account_label}</strong>.
        </Text>
      </Alert>
    );
  } else if (connect.error) {
    body = (
      <Alert color="red" title="FreshBooks could not be connected">
        <Text size="sm">{connect.error.message}</Text>
      </Alert>
    );
  } else {
    linkLabel = null;
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Connecting FreshBooks…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <title>FreshBooks · Paydesk</title>
      <Title order={1}>FreshBooks</Title>
      <Paper withBorder p="lg" aria-live="polite">
        <Stack gap="md">
          {body}
          {linkLabel && (
            <Anchor component={Link} to={integrationsPath} fw={500}>
              {linkLabel}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
