import { CloseButton, Group, Text } from '@mantine/core';
import type { IntegrationSync, IntegrationSyncStatus } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

/** Checks that went as they should: the details shown are what FreshBooks holds (or held a few minutes ago). */
const SETTLED: readonly IntegrationSyncStatus[] = ['updated', 'unchanged', 'recent'];

type OpenNotice = { customerID: string; sync: IntegrationSync | undefined; dismissed: boolean };

/**
 * The check this open of the customer came with. It belongs to the open: it stays through the edits and reloads
 * that follow (an edit answers no check, a reload after a note a later one) until the customer is opened again or
 * the user dismisses it. `loaded` is true once the customer's detail has been fetched and nothing is in flight.
 */
export function useOpenIntegrationSync(customerID: string, sync: IntegrationSync | undefined, loaded: boolean) {
  const [notice, setNotice] = useState<OpenNotice | null>(null);
  if (loaded && notice?.customerID !== customerID) setNotice({ customerID, sync, dismissed: false });
  const shown = notice?.customerID === customerID && !notice.dismissed ? notice.sync : undefined;
  return {
    sync: shown,
    dismiss: () => setNotice((current) => current && { ...current, dismissed: true }),
  };
}

/**
 * A quiet line under the customer's header saying how the check against the merchant's system went
 * (`integration_sync`): a problem reads in the warning colour, the details shown being Paydesk's own.
 */
export function IntegrationSyncNotice({
  sync,
  timeZone,
  onDismiss,
}: {
  sync: IntegrationSync | undefined;
  /** The merchant's zone, in which the check's time is shown. */
  timeZone: string | undefined;
  onDismiss: () => void;
}) {
  if (!sync) return null;
  const ok = SETTLED.includes(sync.status);
  const Icon = ok ? IconRefresh : IconAlertTriangle;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" aria-label="FreshBooks check">
      <Icon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c={ok ? 'dimmed' : 'orange.9'}>
        {`${sync.message} Checked ${formatDateTime(sync.checked_at, { timeZone })}.`}
      </Text>
      <CloseButton size="sm" aria-label="Dismiss the FreshBooks check" onClick={onDismiss} />
    </Group>
  );
}
