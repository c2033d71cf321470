import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { CUSTOMER_ID, LOCATIONS, MERCHANT_ID, TAGS, buildRow, page, serveMerchantOptions } from '../test-fixtures';
import { CustomerListRoute } from './customer-list';

const ROWS = [
  buildRow(),
  buildRow({
    id: '00000000-0000-4000-8000-000000000c09',
    first_name: 'Dan',
    last_name: 'Debtor',
    sms_phone_number: '+15550102000',
    external_id: 'A-2002',
    email: null,
    accounts: [
      {
        id: '00000000-0000-4000-8000-000000000d09',
        external_id: 'A-2002',
        role: 'primary',
        status: 'closed',
        amount_due_cents: 0,
        due_date: null,
        autopay: false,
      },
    ],
  }),
];

/** Serves the list and records each request's query. */
function serveList(rows = ROWS) {
  const queries: URLSearchParams[] = [];
  serveMerchantOptions();
  server.use(
    http.get(`/api/merchants/${MERCHANT_ID}/customers/`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ ...page(rows), count: 120 });
    }),
  );
  return queries;
}

function renderList(path = `/merchants/${MERCHANT_ID}/customers`, profile = buildProfile({ role: 'admin' })) {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID?/customers', element: <CustomerListRoute /> },
      { path: '/merchants/:merchantID/customers/:customerID', element: <p>Customer page</p> },
      { path: '/merchants/:merchantID/customers/create', element: <p>Create page</p> },
    ],
    { session: buildSession(profile), initialEntries: [path] },
  );
}

describe('customers list', () => {
  it('shows each customer with phone, account, status, amount due and due date', async () => {
    serveList();
    renderList();

    const row = (await screen.findByRole('link', { name: 'Carla Customer' })).closest('tr')!;
    expect(within(row).getByText('(212) 555-0123')).toBeInTheDocument();
    expect(within(row).getByText('A-1001')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(row).getByText('12/05/2026')).toBeInTheDocument();
    // Fewer columns, so every value fits whole at 1280 px: location is a filter, email and created on the customer.
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Account',
      'Phone',
      'Status',
      'Amount due',
      'Due date',
    ]);
    expect(
      within(screen.getByRole('link', { name: 'Dan Debtor' }).closest('tr')!).getByText('Closed'),
    ).toBeInTheDocument();
    expect(screen.getByText('120 customers')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carla Customer' })).toHaveAttribute(
      'href',
      `/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`,
    );
  });

  it('searches on the server once typing pauses for 500 ms, with the search in the URL', async () => {
    const queries = serveList();
    const user = setupUser();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Carla Customer' });
    const before = queries.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '(555) 010-2000');
    // Nothing is asked while typing.
    expect(queries.slice(before).some((query) => query.has('search'))).toBe(false);
    const typedAt = Date.now();

    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('(555) 010-2000'));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
    expect(queries.slice(before).filter((query) => query.has('search'))).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=%28555%29+010-2000');
  });

  it('filters by location, status and tag, keeping them in the URL and going back to page 1', async () => {
    const queries = serveList();
    const user = setupUser();
    const { router } = renderList(`/merchants/${MERCHANT_ID}/customers?page=2`);
    await screen.findByRole('link', { name: 'Carla Customer' });
    await screen.findByRole('option', { name: 'Airport Rd' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Airport Rd');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'Repo Risk');

    await waitFor(() => expect(queries.at(-1)?.get('tag')).toBe(TAGS[1]!.id));
    const last = queries.at(-1)!;
    expect(last.get('location')).toBe(LOCATIONS[1]!.id);
    expect(last.get('status')).toBe('pending');
    expect(last.get('page')).toBe('1');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('location')).toBe(LOCATIONS[1]!.id);
    expect(params.get('status')).toBe('pending');
    expect(params.get('tag')).toBe(TAGS[1]!.id);
    expect(params.has('page')).toBe(false);
  });

  it('reads its filters, sort and page size from the URL', async () => {
    const queries = serveList();
    renderList(`/merchants/${MERCHANT_ID}/customers?status=closed&ordering=-due_date&page_size=75`);
    await screen.findByRole('link', { name: 'Carla Customer' });

    const last = queries.at(-1)!;
    expect(last.get('status')).toBe('closed');
    expect(last.get('ordering')).toBe('-due_date');
    expect(last.get('page_size')).toBe('75');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('closed');
    expect(screen.getByRole('columnheader', { name: /Due date/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by a column and reverses it on a second click', async () => {
    const queries = serveList();
    const user = setupUser();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Carla Customer' });

    await user.click(screen.getByRole('button', { name: 'Amount due' }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('amount_due'));
    expect(screen.getByRole('columnheader', { name: /Amount due/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Amount due' }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('-amount_due'));
    expect(router.state.location.search).toBe('?ordering=-amount_due');
  });

  it('shows 50, 75 or 100 rows per page', async () => {
    const queries = serveList();
    const user = setupUser();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Carla Customer' });
    expect(queries.at(-1)?.get('page_size')).toBe('50');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');

    await waitFor(() => expect(queries.at(-1)?.get('page_size')).toBe('100'));
    expect(router.state.location.search).toBe('?page_size=100');
  });

  it('lists the customers of every merchant of the user, with their merchant, without a merchant in the path', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/customers/', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([buildRow({ merchant: { id: 'm-2', name: 'Custom Roles Auto' } })]));
      }),
    );
    renderList('/merchants/customers');

    const link = await screen.findByRole('link', { name: 'Carla Customer' });
    expect(link).toHaveAttribute('href', `/merchants/m-2/customers/${CUSTOMER_ID}`);
    expect(screen.getByRole('columnheader', { name: 'Merchant' })).toBeInTheDocument();
    expect(within(link.closest('tr')!).getByText('Custom Roles Auto')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create customer' })).not.toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('offers Create and Import to users who may change customers', async () => {
    serveList();
    renderList();

    expect(await screen.findByRole('link', { name: 'Create customer' })).toHaveAttribute(
      'href',
      `/merchants/${MERCHANT_ID}/customers/create`,
    );
    expect(screen.getByRole('link', { name: 'Import' })).toBeInTheDocument();
  });

  it('hides Create and Import from a custom role without customer update, and at integrated merchants', async () => {
    serveList();
    const customRoles = buildMerchant({ check_custom_roles: true });
    const view = renderList(
      undefined,
      buildProfile({ role: 'custom', accessRoles: ['staff', 'is_note_update_allowed'], merchant: customRoles }),
    );
    await screen.findByRole('link', { name: 'Carla Customer' });
    expect(screen.queryByRole('link', { name: 'Create customer' })).not.toBeInTheDocument();
    view.unmount();

    renderList(undefined, buildProfile({ role: 'admin', merchant: buildMerchant({ is_integrated: true }) }));
    await screen.findByRole('link', { name: 'Carla Customer' });
    expect(screen.queryByRole('link', { name: 'Create customer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('links to the recently viewed customers', async () => {
    serveList();
    server.use(
      http.get(`/api/merchants/${MERCHANT_ID}/customers/recently_viewed/`, () =>
        HttpResponse.json({
          results: [
            {
              id: CUSTOMER_ID,
              first_name: 'Carla',
              last_name: 'Customer',
              external_id: 'A-1001',
              removed: false,
              viewed_at: '2026-02-01T10:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderList();

    const strip = await screen.findByRole('navigation', { name: 'Recently viewed customers' });
    expect(await within(strip).findByRole('link', { name: 'Carla Customer' })).toHaveAttribute(
      'href',
      `/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`,
    );
  });
});
