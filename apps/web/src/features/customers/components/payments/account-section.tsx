import { Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../../components/data-table';
import { QueryState } from '../../../../components/query-state';

type AccountSectionProps<Data> = {
  /** The section's heading and its landmark's name. */
  title: string;
  /** Beside the heading, e.g. an On/Off badge. */
  badge?: ReactNode;
  /** The section's buttons, right of the heading. */
  actions?: ReactNode;
  query: { data?: Data; error: Error | null };
  loadingLabel: string;
  errorTitle: string;
  /** The section's body once its query has answered. */
  children: (data: Data) => ReactNode;
  /** What the section opens (dialogs), outside its body. */
  dialogs?: ReactNode;
};

/**
 * A section of an account on the customer's page (autopay, scheduled payments, promises, transactions): a titled box
 * with its buttons, its query's loading and error states, then its body.
 */
export function AccountSection<Data>({
  title,
  badge,
  actions,
  query,
  loadingLabel,
  errorTitle,
  children,
  dialogs,
}: AccountSectionProps<Data>) {
  const heading = (
    <Title order={3} fz="h5">
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          {badge ? (
            <Group gap="xs">
              {heading}
              {badge}
            </Group>
          ) : (
            heading
          )}
          {actions}
        </Group>
        {query.data === undefined ? (
          <QueryState error={query.error} loadingLabel={loadingLabel} errorTitle={errorTitle} />
        ) : (
          children(query.data)
        )}
      </Stack>
      {dialogs}
    </Paper>
  );
}

type AccountTableProps<Row> = {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** What the section says when it has no rows. */
  empty: string;
  /** Pages of a fixed size: page buttons when there is more than one. */
  pager?: { page: number; pageSize: number; count: number; onPageChange: (page: number) => void };
};

/** An account section's table, what it says when empty, and its page buttons. */
export function AccountTable<Row>({ columns, rows, rowKey, empty, pager }: AccountTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <>
      <DataTable columns={columns} rows={rows} rowKey={rowKey} minWidth={640} />
      {pager && pager.count > pager.pageSize && (
        <Pagination
          total={Math.ceil(pager.count / pager.pageSize)}
          value={pager.page}
          onChange={pager.onPageChange}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </>
  );
}
