import { Alert, Table, Text } from '@mantine/core';
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
 * The first rows as they will be imported, each cell checked with the import's rules; a cell with a problem is
 * marked and says what is wrong. Location and tag names are checked by the server when the rows import.
 */
export function PreviewStep({ rows, mapping }: PreviewStepProps) {
  const fields = IMPORT_FIELDS.filter((field) => mapping[field]);
  const checked = rows.slice(0, PREVIEW_ROWS).map((cells) => {
    const record = recordOf(cells, mapping);
    const check = checkImportRow(record);
    return { record, errors: check.ok ? {} : check.errors };
  });
  const withProblems = checked.filter((row) => Object.keys(row.errors).length > 0).length;

  return (
    <>
      <Alert color={withProblems > 0 ? 'yellow' : 'green'} mb="sm">
        {withProblems > 0
          ? `${withProblems} of the first ${checked.length} rows have problems. They will not be imported; the report lists them with the reason.`
          : `The first ${checked.length} rows look right.`}{' '}
        Every row is checked again when it is imported.
      </Alert>
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
