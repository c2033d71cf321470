import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { TABLE_ROW_OPTIONS } from '@paydesk/domain/constants';

type TableFooterProps = {
  /** Rows in the whole list (the API's `count`). */
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The caller goes back to page 1 when the size changes. */
  onPageSizeChange: (pageSize: number) => void;
};

const ROW_OPTIONS = TABLE_ROW_OPTIONS.map(String);

/** A table's pagination and its rows-per-page choice (SPEC §9: 50, 75 or 100 rows). */
export function TableFooter({ total, page, pageSize, onPageChange, onPageSizeChange }: TableFooterProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="md" mt="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed" component="label" htmlFor="table-rows-per-page">
          Rows per page
        </Text>
        <NativeSelect
          id="table-rows-per-page"
          size="xs"
          w={80}
          data={ROW_OPTIONS}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
