import { Alert, List, Stack, Text } from '@mantine/core';
import type { ImportPreview } from '@paydesk/domain/customers/customer-imports.contract';
import { accountStatusDisplay } from '@paydesk/domain/format/account-status';
import { formatCount } from '@paydesk/domain/format/count';

/** A status as the customer screens name it. */
const statusLabel = (status: string) =>
  status === 'do_not_contact' ? 'Do Not Contact' : accountStatusDisplay(status).label;

const count = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;

/** What the import will do, by the server's checks of every row: the counts, the failures, do-not-contact changes. */
export function ImportSummary({ preview }: { preview: ImportPreview }) {
  const imported = preview.create + preview.update;
  return (
    <Stack gap="sm">
      <Alert color={preview.fail > 0 ? 'yellow' : 'green'} title="What the import will do">
        <Text size="sm">
          {`Of ${count(preview.total, 'row', 'rows')}: ${count(preview.create, 'new customer', 'new customers')}, ${count(
            preview.update,
            'update',
            'updates',
          )} of existing accounts, ${count(preview.fail, 'row', 'rows')} that will not be imported.`}
        </Text>
        {preview.fail > 0 && imported > 0 && (
          <Text size="sm">The rows that fail are listed in the report after the import, with the reason.</Text>
        )}
      </Alert>
      {preview.failures.length > 0 && (
        <div>
          <Text fw={500} size="sm" mb={4}>
            {preview.failures.length < preview.fail
              ? `The first ${preview.failures.length} rows that will fail`
              : 'Rows that will fail'}
          </Text>
          <List size="sm" spacing={2} aria-label="Rows that will fail">
            {preview.failures.map((failure) => (
              <List.Item key={failure.row_number}>{`Row ${failure.row_number}: ${failure.reason}`}</List.Item>
            ))}
          </List>
        </div>
      )}
      {preview.do_not_contact_changes.length > 0 && (
        <div>
          <Text fw={500} size="sm" mb={4}>
            Do not contact changes
          </Text>
          <List size="sm" spacing={2} aria-label="Do not contact changes">
            {preview.do_not_contact_changes.map((change) => (
              <List.Item key={change.row_number}>
                {`Row ${change.row_number}: ${change.name} (${change.external_id}), ${statusLabel(change.from)} → ${statusLabel(change.to)}`}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
