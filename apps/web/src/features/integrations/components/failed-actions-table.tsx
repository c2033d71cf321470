import { Badge, Text } from '@mantine/core';
import { formatDateTime } from '@paydesk/domain/format/date';
import { DEVICE_ACTION_LABELS, type FailedAction } from '@paydesk/domain/integrations/integrations.contract';
import { DataTable, type DataColumn } from '../../../components/data-table';

const columnsIn = (timeZone: string | undefined): DataColumn<FailedAction>[] => [
  { key: 'created', label: 'Date', primary: true, render: (row) => formatDateTime(row.created, { timeZone }) },
  { key: 'device', label: 'Device', render: (row) => row.device_id },
  { key: 'action', label: 'Action', render: (row) => DEVICE_ACTION_LABELS[row.action] },
  {
    key: 'error',
    label: 'Error',
    render: (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.error_message}
      </Text>
    ),
  },
  {
    key: 'resolvable',
    label: 'Resolution',
    render: (row) => (
      <Badge variant="light" color={row.is_resolvable ? 'teal' : 'orange'}>
        {row.is_resolvable ? 'Resolvable' : 'Manual'}
      </Badge>
    ),
  },
  { key: 'status', label: 'Status', render: (row) => (row.status === 'open' ? 'Open' : 'Resolved') },
];

/** A provider's recent failed actions, newest first; "Manual" ones must be resolved by a person. */
export function FailedActionsTable({
  rows,
  timeZone,
}: {
  rows: readonly FailedAction[];
  timeZone: string | undefined;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No failed actions.
      </Text>
    );
  }
  return <DataTable columns={columnsIn(timeZone)} rows={rows} rowKey={(row) => row.id} minWidth={720} />;
}
