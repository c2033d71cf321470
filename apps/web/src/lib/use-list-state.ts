import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, TABLE_DEFAULT_ROWS, TABLE_ROW_OPTIONS } from '@paydesk/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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

/** A filter's value in the URL: one param, several (`?status=PAID&status=FAILED`), or none (empty or absent). */
export type FilterValue = string | readonly string[] | null | undefined;

const normalized = (search: string) => new URLSearchParams(search).toString();

/**
 * The one writer of a list's URL params, each write built from the newest params. A router renders a new location
 * in a transition, so for a moment after a write the rendered params are older than the URL: a second write built
 * from them (a search whose debounce ends just as a filter is chosen) would undo the first. Until the router renders
 * the last write, writes build on it; any other location it renders (back, forward, a link) is the newest.
 */
function useSearchParamsWriter() {
  const location = useLocation();
  const navigate = useNavigate();
  const rendered = normalized(location.search);
  // What the list wrote that the router has not rendered yet, and the rendered params it started from.
  const unrendered = useRef<{ from: string; written: string[] } | null>(null);
  useEffect(() => {
    if (unrendered.current?.written.at(-1) === rendered) unrendered.current = null;
  }, [rendered]);

  const write = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options: { replace: boolean }) => {
      const pending = unrendered.current;
      const catchingUp =
        pending !== null &&
        rendered !== pending.written.at(-1) &&
        (rendered === pending.from || pending.written.includes(rendered));
      const current = catchingUp ? pending.written.at(-1)! : rendered;
      const next = change(new URLSearchParams(current)).toString();
      unrendered.current = catchingUp
        ? { from: pending.from, written: [...pending.written, next] }
        : { from: rendered, written: [next] };
      void navigate(`?${next}`, { replace: options.replace });
    },
    [rendered, navigate],
  );
  return [new URLSearchParams(rendered), write] as const;
}

/**
 * A list's page, rows per page, search, sort order and filters, kept in the URL (`?page=2&page_size=75&search=…&
 * ordering=-name&status=PAID`) so back, forward and refresh keep them. Values are checked against the list contract's
 * query schema: an unknown or invalid one reads as its default; `readFilters` reads the list's filters from the
 * params. A new search, page size, order or filter goes back to page 1. Typing a search replaces the history entry
 * (after the debounce); page, page size, order and filter changes push one. All of them go through one writer, so
 * none undoes another.
 */
export function useListState<Schema extends ListQuerySchema, Filters = Record<string, never>>(
  schema: Schema,
  readFilters?: (params: URLSearchParams) => Filters,
) {
  type Ordering = z.output<Schema>['ordering'] & string;
  const [params, write] = useSearchParamsWriter();
  const state = readListState<Ordering>(schema, params);
  const filters = (readFilters?.(params) ?? {}) as Filters;

  const update = useCallback(
    (change: Change<Ordering>, options: { replace: boolean }) => {
      write((current) => {
        const previous = readListState<Ordering>(schema, current);
        const next = { ...previous, ...change };
        const resetsPage =
          next.search !== previous.search || next.pageSize !== previous.pageSize || next.ordering !== previous.ordering;
        if (resetsPage && change.page === undefined) next.page = 1;
        return writeListState(schema, current, next);
      }, options);
    },
    [schema, write],
  );

  /** Sets (or, empty, removes) a filter's param(s) and goes back to page 1. */
  const setFilter = (name: keyof Filters & string, value: FilterValue) =>
    write(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        const values = typeof value === 'string' ? [value] : (value ?? []);
        for (const item of values) if (item) next.append(name, item);
        next.delete(PARAM.page);
        return next;
      },
      { replace: false },
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
    filters,
    setFilter,
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
