import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MerchantListRoute } from './merchant-list';

const MERCHANTS = [
  buildMerchant({ id: 'm-1', name: 'Demo Motors', allow_group_message: true }),
  buildMerchant({ id: 'm-2', name: 'Custom Roles Auto', allow_group_message: false, check_custom_roles: true }),
];

type ListRequest = { search: string | null; page: string | null; page_size: string | null };

function serveMerchants(count = MERCHANTS.length) {
  const requests: ListRequest[] = [];
  server.use(
    http.get('/api/merchants/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const search = params.get('search');
      requests.push({ search, page: params.get('page'), page_size: params.get('page_size') });
      const results = search ? MERCHANTS.filter((merchant) => merchant.name.includes(search)) : MERCHANTS;
      return HttpResponse.json({ count: search ? results.length : count, next: null, previous: null, results });
    }),
  );
  return requests;
}

/** Every list request's query, as sent. */
function recordListQueries() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get('/api/merchants/', ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ count: 160, next: null, previous: null, results: MERCHANTS });
    }),
  );
  return queries;
}

function renderList({ isSuperUser = false, url = '/merchants' } = {}) {
  const session = buildSession(buildProfile({ isSuperUser, accessRoles: isSuperUser ? ['super_admin'] : ['admin'] }));
  return renderRoutes(
    [
      { path: '/merchants', element: <MerchantListRoute /> },
      { path: '/merchants/:merchantID', element: <h1>Merchant detail page</h1> },
    ],
    { session, initialEntries: [url] },
  );
}

describe('merchant list', () => {
  it('shows the count and a row per merchant with its organization and flags', async () => {
    serveMerchants();
    renderList();

    expect(await screen.findByText('2 merchants')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Demo Motors' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Demo Auto Group')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Group messages')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Custom roles')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Group messages')).not.toBeInTheDocument();
  });

  it('asks for 50 rows first and for 75 when the user picks 75 rows per page', async () => {
    const requests = serveMerchants(160);
    renderList();
    await screen.findByText('160 merchants');
    expect(requests[0]).toEqual({ search: null, page: '1', page_size: '50' });

    await setupUser().selectOptions(screen.getByLabelText('Rows per page'), '75');

    await waitFor(() => expect(requests.at(-1)).toEqual({ search: null, page: '1', page_size: '75' }));
  });

  it('searches once typing pauses for the debounce time, with the text trimmed', async () => {
    const requests = serveMerchants();
    const user = setupUser();
    renderList();
    await screen.findByText('2 merchants');

    await user.type(screen.getByRole('textbox', { name: 'Search merchants' }), '  Custom ');
    // The keys arrive in one burst (no timer turn between them), so the debounce cannot have fired yet.
    expect(requests.filter((request) => request.search !== null)).toEqual([]);

    expect(await screen.findByText('1 merchant')).toBeInTheDocument();
    expect(requests.filter((request) => request.search !== null)).toEqual([
      { search: 'Custom', page: '1', page_size: '50' },
    ]);
    expect(screen.queryByRole('link', { name: 'Demo Motors' })).not.toBeInTheDocument();
  });

  it('keeps the list state in the URL: a refresh at page 2, newest first, asks for that page and order', async () => {
    const queries = recordListQueries();
    renderList({ url: '/merchants?page=2&ordering=-created' });
    await screen.findByText('160 merchants');
    expect(queries).toEqual([{ page: '2', page_size: '50', ordering: '-created' }]);
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
  });

  it('sorts by name from its column header, back to page 1, and shows the order with aria-sort', async () => {
    const queries = recordListQueries();
    const user = setupUser();
    const { router } = renderList({ url: '/merchants?page=3' });
    await screen.findByText('160 merchants');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Name' }));

    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', page_size: '50', ordering: '-name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?ordering=-name');
  });

  it('opens the merchant when its row is clicked', async () => {
    serveMerchants();
    const user = setupUser();
    const { router } = renderList();

    await screen.findByText('2 merchants');
    const row = screen.getAllByRole('row')[2]!;
    await user.click(within(row).getByText('Demo Auto Group'));

    expect(await screen.findByRole('heading', { name: 'Merchant detail page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-2');
  });

  it('offers Create merchant to super users only', async () => {
    serveMerchants();
    renderList({ isSuperUser: false });
    await screen.findByText('2 merchants');
    expect(screen.queryByRole('link', { name: 'Create merchant' })).not.toBeInTheDocument();
  });

  it('shows super users a Create merchant link', async () => {
    serveMerchants();
    renderList({ isSuperUser: true });
    expect(await screen.findByRole('link', { name: 'Create merchant' })).toHaveAttribute('href', '/merchants/create');
  });
});
