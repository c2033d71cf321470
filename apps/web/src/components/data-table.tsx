import { Table } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
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
  /** Keeps the value on one line on wider screens (phone numbers, badges, amounts, dates). */
  noWrap?: boolean;
  /** Makes the header a sort button (`useListState().sortOf(key)`). */
  sort?: Omit<SortableThProps, 'children'>;
};

export type DataTableProps<Row> = {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Opens the row; the row also holds a link or button for keyboard users. */
  onRowClick?: (row: Row) => void;
  /** Below this width (on tablets and up) the table scrolls sideways. */
  minWidth: number;
  /**
   * Denser rows and a header that stays under the app header while the page scrolls. The table then does not scroll
   * sideways (a scrolling box would hold the header), so its columns must fit from the sm breakpoint up.
   */
  compact?: boolean;
};

/** The app shell's header height: a sticky table header sits just under it. */
const APP_HEADER_HEIGHT = 64;

/** Clicks on a link, button or field of the row do their own thing rather than open the row. */
function isInteractiveTarget(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label') !== null;
}

/**
 * The app's lists: a table on wider screens, a card per row on phones (see data-table.module.css), so every column
 * and the row's actions stay readable at 390 px.
 */
export function DataTable<Row>({ columns, rows, rowKey, onRowClick, minWidth, compact = false }: DataTableProps<Row>) {
  const table = (
    <Table
      className={classes.table}
      verticalSpacing={compact ? 6 : 'sm'}
      highlightOnHover
      stickyHeader={compact}
      stickyHeaderOffset={compact ? APP_HEADER_HEIGHT : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.sort ? (
              <SortableTh key={column.key} {...column.sort}>
                {column.header ?? column.label}
              </SortableTh>
            ) : (
              <Table.Th key={column.key} ta={column.align} data-nowrap={column.noWrap || undefined}>
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
            onClick={
              onRowClick &&
              ((event) => {
                if (!isInteractiveTarget(event)) onRowClick(row);
              })
            }
            style={onRowClick && { cursor: 'pointer' }}
          >
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                ta={column.align}
                data-label={column.primary || column.actions ? undefined : column.label}
                data-primary={column.primary || undefined}
                data-actions={column.actions || undefined}
                data-nowrap={column.noWrap || undefined}
              >
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (compact) return table;
  return (
    <Table.ScrollContainer minWidth={minWidth} className={classes.scroll}>
      {table}
    </Table.ScrollContainer>
  );
}
