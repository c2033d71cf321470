import { Table, Text } from '@mantine/core';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  checkImportRow,
  recordOf,
  type ImportMapping,
} from '@paydesk/domain/customers/customer-imports.contract';
import classes from './preview-step.module.css';

/** How many rows the preview shows and checks. */
export const PREVIEW_ROWS = 10;

type PreviewStepProps = { rows: Array<Record<string, string>>; mapping: ImportMapping };

/**
 * The first rows as they will be read, each cell checked with the import's rules; a cell with a problem is marked
 * and says what is wrong. The counts of what the import will do come from the server (`ImportSummary`).
 */
export function PreviewStep({ rows, mapping }: PreviewStepProps) {
  const fields = IMPORT_FIELDS.filter((field) => mapping[field]);
  const checked = rows.slice(0, PREVIEW_ROWS).map((cells) => {
    const record = recordOf(cells, mapping);
    const check = checkImportRow(record);
    return { record, errors: check.ok ? {} : check.errors };
  });

  return (
    <>
      <Text size="sm" c="dimmed">
        {`The first ${checked.length} rows as they will be read; a cell with a problem says what is wrong.`}
      </Text>
      {/* Focusable, so keyboard users can scroll a wide table sideways. */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label="Rows to import">
        <Table striped withTableBorder aria-label="Preview of the first rows" miw={Math.max(480, fields.length * 130)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              {fields.map((field) => (
                <Table.Th key={field} scope="col">
                  {IMPORT_FIELD_LABELS[field]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checked.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>{index + 1}</Table.Td>
                {fields.map((field) => {
                  const problem = row.errors[field];
                  return (
                    <Table.Td
                      key={field}
                      className={problem ? classes.problem : undefined}
                      data-problem={problem ? 'true' : undefined}
                    >
                      {row.record[field]}
                      {problem && (
                        <Text size="xs" c="red.9" fw={500}>
                          {problem}
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </>
  );
}
