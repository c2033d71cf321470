import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';
import { SortableTh, type SortableThProps } from './sortable-th';

export type DataColumn<Row> = {
  key: string;
  /** The column's name: its header, and the label of its value when rows are stacked on a phone. */
  label: string;
  /** A header other than the label, e.g. visually hidden. */
  header?: ReactNode;
  render: (row: Row) => ReactNode;
  /** The row's title when stacked: shown first, without a label. */
  primary?: boolean;
  /** Buttons for the row: last, unlabelled and right-aligned when stacked. */
  actions?: boolean;
  align?: 'left' | 'right';
  /** Makes the header a sort button (`useListState().sortOf(key)`). */
  sort?: Omit<SortableThProps, 'children'>;
};

type DataTableProps<Row> = {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Opens the row; the row also holds a link or button for keyboard users. */
  onRowClick?: (row: Row) => void;
  /** Below this width (on tablets and up) the table scrolls sideways. */
  minWidth: number;
};

/**
 * The app's lists: a table on wider screens, a card per row on phones (see data-table.module.css), so every column
 * and the row's actions stay readable at 390 px.
 */
export function DataTable<Row>({ columns, rows, rowKey, onRowClick, minWidth }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sort ? (
                <SortableTh key={column.key} {...column.sort}>
                  {column.header ?? column.label}
                </SortableTh>
              ) : (
                <Table.Th key={column.key} ta={column.align}>
                  {column.header ?? column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              onClick={onRowClick && (() => onRowClick(row))}
              style={onRowClick && { cursor: 'pointer' }}
            >
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.align}
                  data-label={column.primary || column.actions ? undefined : column.label}
                  data-primary={column.primary || undefined}
                  data-actions={column.actions || undefined}
                >
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
