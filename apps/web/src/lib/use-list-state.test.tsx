import { merchantListQuery } from '@paydesk/domain/merchants/merchants.contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState } from './use-list-state';

const readStatus = (params: URLSearchParams) => ({ status: params.getAll('status') });

function renderListState(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListState(merchantListQuery, readStatus),
      location: useLocation(),
      navigationType: useNavigationType(),
      navigate: useNavigate(),
    }),
    { wrapper },
  );
}

const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useListState', () => {
  it('reads page, page size, search and order from the URL', () => {
    const { result } = renderListState('/merchants?page=3&page_size=75&search=Demo&ordering=-created');
    const { page, pageSize, search, searchText, ordering } = result.current.list;
    expect({ page, pageSize, search, searchText, ordering }).toEqual({
      page: 3,
      pageSize: 75,
      search: 'Demo',
      searchText: 'Demo',
      ordering: '-created',
    });
    expect(result.current.list.sortOf('created').direction).toBe('descending');
    expect(result.current.list.sortOf('name').direction).toBe('none');
  });

  it('reads the defaults without params, and for values the contract or the page sizes refuse', () => {
    const plain = renderListState('/merchants').result.current.list;
    expect([plain.page, plain.pageSize, plain.search, plain.ordering]).toEqual([1, 50, '', 'name']);
    expect(plain.sortOf('name').direction).toBe('ascending');

    const invalid = renderListState('/merchants?page=0&page_size=7&ordering=-password&search=%20%20').result.current
      .list;
    expect([invalid.page, invalid.pageSize, invalid.search, invalid.ordering]).toEqual([1, 50, '', 'name']);
    const garbage = renderListState('/merchants?page=two&page_size=5000&ordering=').result.current.list;
    expect([garbage.page, garbage.pageSize, garbage.ordering]).toEqual([1, 50, 'name']);
  });

  it('pushes page changes into the URL, keeping other params', () => {
    const { result } = renderListState('/merchants?tab=all&ordering=created');
    act(() => result.current.list.setPage(2));
    expect(queryOf(result.current.location.search)).toEqual({ tab: 'all', ordering: 'created', page: '2' });
    expect(result.current.navigationType).toBe('PUSH');
    expect(result.current.list.page).toBe(2);
    act(() => result.current.list.footer.onPageChange(1));
    expect(queryOf(result.current.location.search)).toEqual({ tab: 'all', ordering: 'created' });
  });

  it('goes back to page 1 for a new page size or order, and toggles the order of a column', () => {
    const { result } = renderListState('/merchants?page=4');
    act(() => result.current.list.footer.onPageSizeChange(100));
    expect(queryOf(result.current.location.search)).toEqual({ page_size: '100' });
    act(() => result.current.list.setPage(3));
    act(() => result.current.list.sortOf('name').onSort());
    expect(queryOf(result.current.location.search)).toEqual({ page_size: '100', ordering: '-name' });
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.sortOf('name').onSort());
    expect(result.current.list.ordering).toBe('name');
    expect(queryOf(result.current.location.search)).toEqual({ page_size: '100' });
    act(() => result.current.list.sortOf('created').onSort());
    expect(result.current.list.ordering).toBe('created');
  });

  it('writes a typed search after the debounce, trimmed, replacing the entry and going back to page 1', async () => {
    const { result } = renderListState('/merchants?page=2');
    act(() => result.current.list.setSearchText('Demo '));
    expect(result.current.list.searchText).toBe('Demo ');
    expect(result.current.list.search).toBe('');
    await waitFor(() => expect(queryOf(result.current.location.search)).toEqual({ search: 'Demo' }));
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.list.page).toBe(1);
    // The box keeps what was typed, trailing space included.
    expect(result.current.list.searchText).toBe('Demo ');
  });

  it('follows the URL when it changes under the search box (back, forward, a link)', async () => {
    const { result } = renderListState('/merchants?search=Demo');
    act(() => result.current.navigate('/merchants?search=Legacy&page=2'));
    expect(result.current.list.searchText).toBe('Legacy');
    act(() => result.current.navigate(-1));
    expect(result.current.list.searchText).toBe('Demo');
    expect(result.current.list.page).toBe(1);
    // Nothing typed, so nothing is written back after the debounce.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(queryOf(result.current.location.search)).toEqual({ search: 'Demo' });
    expect(result.current.navigationType).toBe('POP');
  });

  it('sets a filter (one param, several or none) going back to page 1, and pushes it', () => {
    const { result } = renderListState('/merchants?page=3&search=Demo');
    act(() => result.current.list.setFilter('status', ['active', 'paused']));
    expect(result.current.list.filters).toEqual({ status: ['active', 'paused'] });
    expect(result.current.location.search).toBe('?search=Demo&status=active&status=paused');
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setFilter('status', 'active'));
    expect(result.current.list.filters).toEqual({ status: ['active'] });
    act(() => result.current.list.setFilter('status', ''));
    expect(result.current.location.search).toBe('?search=Demo');
  });

  it('builds each write on the last one, before the router has rendered it', () => {
    const { result } = renderListState('/merchants?page=3');
    act(() => {
      // Three writes in one turn: each must build on the one before, not on the params rendered before them.
      result.current.list.setFilter('status', 'active');
      result.current.list.sortOf('created').onSort();
      result.current.list.setFilter('status', 'paused');
    });
    expect(queryOf(result.current.location.search)).toEqual({ status: 'paused', ordering: 'created' });
    act(() => result.current.navigate(-1));
    act(() => result.current.list.setPage(4));
    // Once the router has rendered the writes, the location it shows (here: back) is the newest.
    expect(queryOf(result.current.location.search)).toEqual({ status: 'active', ordering: 'created', page: '4' });
  });
});
