import { Group, Loader, Pagination, Paper, Stack, Text, TextInput, Title, type StyleProp } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { QueryState } from './query-state';
import { TableFooter } from './table-footer';

/** `3 customers`, `1 customer`; null until the list has loaded (the count line then holds its place). */
export function countOf(data: { count: number } | undefined, singular: string, plural = `${singular}s`) {
  if (!data) return null;
  return `${data.count} ${data.count === 1 ? singular : plural}`;
}

/** The count line, read out as it changes; an empty line keeps its place while the list loads. */
function CountLine({ count }: { count: string | null }) {
  return (
    <Text c="dimmed" size="sm" aria-live="polite">
      {count ?? ' '}
    </Text>
  );
}

type ListPageProps = {
  /** The page's heading and (with “· Paydesk”) its document title. */
  title: string;
  /** Above the heading, e.g. breadcrumbs. */
  above?: ReactNode;
  /** Under the heading: what the list holds. */
  description?: ReactNode;
  /** The count line under the heading (`countOf`; null while loading). */
  count?: string | null;
  /** The page's buttons, right of the heading. */
  actions?: ReactNode;
  /** The list (a ListSection) and anything else the page shows. */
  children: ReactNode;
};

/** A list screen: its heading (with a count line and the page's buttons), then its sections. */
export function ListPage({ title, above, description, count, actions, children }: ListPageProps) {
  const heading = (
    <div>
      <Title order={1}>{title}</Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
      {count !== undefined && <CountLine count={count} />}
    </div>
  );
  return (
    <Stack gap="lg">
      <title>{`${title} · Paydesk`}</title>
      {above}
      {actions ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}

/** What useListState keeps for the search box. */
type SearchState = { searchText: string; setSearchText: (text: string) => void };

export type ListSearch = {
  list: SearchState;
  /** The box's name: its visible label, or (with `hiddenLabel`) only its accessible one. */
  label: string;
  hiddenLabel?: boolean;
  placeholder: string;
  maxLength?: number;
  /** `search`: a search box (role searchbox) rather than a plain text box. */
  type?: 'search';
  /** Shows a spinner in the box while the list is asked again. */
  loading?: boolean;
  w?: StyleProp<number | string>;
};

/** Pages of 50, 75 or 100 rows, chosen by the user (`useListState().footer`). */
type RowsPerPagePager = {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};
/** Pages of a fixed size: the page buttons alone, shown when there is more than one page. */
type FixedPager = { page: number; pageSize: number; onPageChange: (page: number) => void };

type ListQuery<Row> = {
  isSuccess: boolean;
  error: Error | null;
  data?: { count: number; results: readonly Row[] };
};

type ListSectionProps<Row> = {
  query: ListQuery<Row>;
  loadingLabel: string;
  errorTitle: string;
  /** The table, but its rows. */
  table: Omit<DataTableProps<Row>, 'rows'>;
  /** What an empty list (or one that nothing matches) says. */
  empty: ReactNode;
  /** Shown instead of the list when it cannot be asked for (e.g. “Choose a merchant first.”). */
  unavailable?: ReactNode;
  search?: ListSearch;
  /** The list's filter fields, after the search box. */
  filters?: ReactNode;
  /** The count line, in the toolbar (when the page heading does not hold it; null while loading). */
  count?: string | null;
  /** Buttons in the toolbar, on the right. */
  actions?: ReactNode;
  /** Between the toolbar and the table, e.g. a notice. */
  notice?: ReactNode;
  pager?: RowsPerPagePager | FixedPager;
  /** The rows the pager counts, when not the list's `count` (a count the server capped offers one page more). */
  pagerTotal?: number;
  p?: 'md' | 'lg';
  /** Anything the list opens (dialogs). */
  children?: ReactNode;
};

function SearchBox({ list, label, hiddenLabel, placeholder, maxLength, type, loading, w }: ListSearch) {
  return (
    <TextInput
      label={hiddenLabel ? undefined : label}
      aria-label={hiddenLabel ? label : undefined}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={loading ? <Loader size="xs" /> : null}
      value={list.searchText}
      maxLength={maxLength}
      type={type}
      onChange={(event) => list.setSearchText(event.currentTarget.value)}
      w={w ?? { base: '100%', xs: 320 }}
    />
  );
}

function Pager({ total, pager }: { total: number; pager: RowsPerPagePager | FixedPager }) {
  if ('onPageSizeChange' in pager) return <TableFooter total={total} {...pager} />;
  if (total <= pager.pageSize) return null;
  return (
    <Group justify="flex-end" mt="md">
      <Pagination
        total={Math.ceil(total / pager.pageSize)}
        value={pager.page}
        onChange={pager.onPageChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}

/**
 * A list in a box: its toolbar (search, filters, count, buttons), then the table once the list has loaded (its
 * loading and error states before), what an empty list says, and the pager.
 */
export function ListSection<Row>({
  query,
  loadingLabel,
  errorTitle,
  table,
  empty,
  unavailable,
  search,
  filters,
  count,
  actions,
  notice,
  pager,
  pagerTotal,
  p = 'md',
  children,
}: ListSectionProps<Row>) {
  const fields = (search || filters) && (
    <Group gap="sm" align="flex-end">
      {search && <SearchBox {...search} />}
      {filters}
    </Group>
  );
  const end = (count !== undefined || actions) && (
    <Group gap="md">
      {count !== undefined && <CountLine count={count} />}
      {actions}
    </Group>
  );
  return (
    <Paper withBorder p={p}>
      {unavailable ? (
        <Text c="dimmed">{unavailable}</Text>
      ) : (
        <>
          {(fields || end) && (
            <Group justify="space-between" align="flex-end" gap="sm" mb="md">
              {fields || <span />}
              {end}
            </Group>
          )}
          {notice}
          {!query.isSuccess || !query.data ? (
            <QueryState error={query.error} loadingLabel={loadingLabel} errorTitle={errorTitle} />
          ) : (
            <>
              <DataTable {...table} rows={query.data.results} />
              {query.data.results.length === 0 && (
                <Text c="dimmed" ta="center" py="xl">
                  {empty}
                </Text>
              )}
              {pager && <Pager total={pagerTotal ?? query.data.count} pager={pager} />}
            </>
          )}
        </>
      )}
      {children}
    </Paper>
  );
}
