import { Badge } from '@mantine/core';
import type { ConnectionStatus } from '@paydesk/domain/integrations/integrations.contract';

const LOOK: Record<ConnectionStatus, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'teal' },
  error: { label: 'Error', color: 'red' },
  disconnected: { label: 'Not connected', color: 'gray' },
};

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const { label, color } = LOOK[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
