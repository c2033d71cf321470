import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, TABLE_DEFAULT_ROWS, TABLE_ROW_OPTIONS } from '@paydesk/domain/constants';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A list endpoint's query schema (`paginationQuery` + `orderingQuery`, and `search` where the list has one). */
type ListQuerySchema = z.ZodObject<{
  page: z.ZodType<number, number | undefined>;
  page_size: z.ZodType<number, number | undefined>;
  ordering: z.ZodType<string, string | undefined>;
}>;

export type SortDirection = 'ascending' | 'descending' | 'none';

type ListState<Ordering extends string> = {
  page: number;
  pageSize: number;
  search: string;
  ordering: Ordering;
};

type Change<Ordering extends string> = Partial<ListState<Ordering>>;

const PARAM = { page: 'page', pageSize: 'page_size', search: 'search', ordering: 'ordering' } as const;

function parseField(schema: ListQuerySchema, field: string, value: string | null): unknown {
  const fieldSchema = schema.shape[field as keyof ListQuerySchema['shape']] as z.ZodType | undefined;
  if (!fieldSchema) return undefined;
  const parsed = fieldSchema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : fieldSchema.safeParse(undefined).data;
}

/** The list's state as the URL holds it; anything the contract (or the rows-per-page choice) refuses is its default. */
export function readListState<Ordering extends string>(
  schema: ListQuerySchema,
  params: URLSearchParams,
): ListState<Ordering> {
  const pageSize = Number(parseField(schema, 'page_size', params.get(PARAM.pageSize)));
  const search = parseField(schema, 'search', params.get(PARAM.search));
  return {
    page: Number(parseField(schema, 'page', params.get(PARAM.page))) || 1,
    pageSize: (TABLE_ROW_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : TABLE_DEFAULT_ROWS,
    search: typeof search === 'string' ? search.trim() : '',
    ordering: parseField(schema, 'ordering', params.get(PARAM.ordering)) as Ordering,
  };
}

/** The URL params with the state written in; defaults are left out so a plain list keeps a plain URL. */
export function writeListState<Ordering extends string>(
  schema: ListQuerySchema,
  params: URLSearchParams,
  state: ListState<Ordering>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaults = readListState<Ordering>(schema, new URLSearchParams());
  for (const key of Object.keys(PARAM) as (keyof ListState<Ordering>)[]) {
    const value = state[key];
    if (value === defaults[key] || value === '') next.delete(PARAM[key]);
    else next.set(PARAM[key], String(value));
  }
  return next;
}

/**
 * A list's page, rows per page, search and sort order, kept in the URL (`?page=2&page_size=75&search=…&ordering=-name`)
 * so back, forward and refresh keep them. Values are checked against the list contract's query schema: an unknown
 * or invalid one reads as its default. A new search, page size or order goes back to page 1. Typing a search replaces
 * the history entry (after the debounce); page, page size and order changes push one.
 */
export function useListState<Schema extends ListQuerySchema>(schema: Schema) {
  type Ordering = z.output<Schema>['ordering'] & string;
  const [params, setParams] = useSearchParams();
  const state = readListState<Ordering>(schema, params);

  const update = useCallback(
    (change: Change<Ordering>, options: { replace: boolean }) => {
      setParams(
        (current) => {
          const previous = readListState<Ordering>(schema, current);
          const next = { ...previous, ...change };
          const resetsPage =
            next.search !== previous.search ||
            next.pageSize !== previous.pageSize ||
            next.ordering !== previous.ordering;
          if (resetsPage && change.page === undefined) next.page = 1;
          return writeListState(schema, current, next);
        },
        { replace: options.replace },
      );
    },
    [schema, setParams],
  );

  // The search box shows what is typed at once; the URL (and the request) follow after the debounce.
  const [searchText, setSearchText] = useState(state.search);
  const [typedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [shownSearch, setShownSearch] = useState(state.search);
  if (shownSearch !== state.search) {
    // The URL changed under the box (back, forward, a link): show its search, unless that is what is typed.
    setShownSearch(state.search);
    if (searchText.trim() !== state.search) setSearchText(state.search);
  }
  useEffect(() => {
    // Only a settled search that differs from the URL's is written (not one the URL just put into the box).
    if (typedSearch !== shownSearch && typedSearch === searchText.trim())
      update({ search: typedSearch }, { replace: true });
  }, [typedSearch, searchText, shownSearch, update]);

  const ordering = state.ordering;
  const sortOf = (key: string): { direction: SortDirection; onSort: () => void } => ({
    direction: ordering === key ? 'ascending' : ordering === `-${key}` ? 'descending' : 'none',
    onSort: () => update({ ordering: (ordering === key ? `-${key}` : key) as Ordering }, { replace: false }),
  });

  return {
    ...state,
    searchText,
    setSearchText,
    setPage: (page: number) => update({ page }, { replace: false }),
    setPageSize: (pageSize: number) => update({ pageSize }, { replace: false }),
    setOrdering: (value: Ordering) => update({ ordering: value }, { replace: false }),
    /** The sort state of a sort key, for its column header (`aria-sort`), and the click that toggles it. */
    sortOf,
    /** The props TableFooter takes, besides `total`. */
    footer: {
      page: state.page,
      pageSize: state.pageSize,
      onPageChange: (page: number) => update({ page }, { replace: false }),
      onPageSizeChange: (pageSize: number) => update({ pageSize }, { replace: false }),
    },
  };
}
