import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortableThProps = {
  children: ReactNode;
  /** The column's sort state (`aria-sort`); `none` when the list is sorted by another column. */
  direction: 'ascending' | 'descending' | 'none';
  /** Sorts by this column, or reverses it when it is already the sort column. */
  onSort: () => void;
};

const ICONS = { ascending: IconChevronUp, descending: IconChevronDown, none: IconSelector };

/** A column header that sorts the list: a button inside the `th`, which carries `aria-sort`. */
export function SortableTh({ children, direction, onSort }: SortableThProps) {
  const Icon = ICONS[direction];
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm" mih={24}>
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
