import { Group, Text } from '@mantine/core';
import type { IntegrationSync } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/**
 * A quiet line under the customer's header saying how the check against the merchant's system went
 * (`integration_sync`): a problem reads in the warning colour, the details shown being Paydesk's own.
 */
export function IntegrationSyncNotice({ sync }: { sync: IntegrationSync | undefined }) {
  if (!sync) return null;
  const ok = sync.status === 'updated' || sync.status === 'unchanged';
  const Icon = ok ? IconRefresh : IconAlertTriangle;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" aria-label="FreshBooks check">
      <Icon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c={ok ? 'dimmed' : 'orange.9'}>
        {`${sync.message} Checked ${formatDateTime(sync.checked_at)}.`}
      </Text>
    </Group>
  );
}
