import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { fillIn, setupUser } from '../../../../test/user';
import {
  ACCOUNT_ID,
  CUSTOMER_ID,
  MERCHANT_ID,
  buildCustomer,
  buildRow,
  page,
  serveMerchantOptions,
  autopayAndPromiseHandlers,
} from '../test-fixtures';
import { AccountCustomersRoute } from './account-customers';
import { CustomerAccountDetailsRoute } from './customer-account-details';
import { CustomerLayoutRoute } from './customer-layout';

const BASE = `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const PAGE_PATH = `/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const OTHER_ID = '00000000-0000-4000-8000-000000000c07';

function serve() {
  const bodies: Array<{ path: string; body: unknown }> = [];
  serveMerchantOptions();
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json(buildCustomer())),
    http.post(`${BASE}/update_last_viewed/`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${BASE}/accounts/:accountId/transactions/`, () => HttpResponse.json(page([]))),
    http.get(`/api/merchants/${MERCHANT_ID}/accounts/:accountId/scheduled_payments/`, () =>
      HttpResponse.json(page([])),
    ),
    ...autopayAndPromiseHandlers(MERCHANT_ID),
    http.patch(`${BASE}/`, async ({ request }) => {
      bodies.push({ path: 'customer', body: await request.json() });
      return HttpResponse.json({ sms_phone_number: ['Phone Number is Already in Use.'] }, { status: 400 });
    }),
    http.get(`/api/merchants/${MERCHANT_ID}/customers/`, () =>
      HttpResponse.json(
        page([buildRow({ id: OTHER_ID, first_name: 'Olive', last_name: 'Other', external_id: 'A-7' })]),
      ),
    ),
    http.post(`${BASE}/accounts/${ACCOUNT_ID}/customers/`, async ({ request }) => {
      bodies.push({ path: 'co-borrower', body: await request.json() });
      return HttpResponse.json({ results: [] }, { status: 201 });
    }),
  );
  return bodies;
}

function renderPage(path = PAGE_PATH) {
  return renderRoutes(
    [
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      {
        path: '/merchants/:merchantID/customers/:customerID',
        element: <CustomerLayoutRoute />,
        children: [
          { index: true, element: <CustomerAccountDetailsRoute /> },
          { path: 'co-borrowers', element: <AccountCustomersRoute /> },
        ],
      },
    ],
    { session: buildSession(buildProfile({ role: 'staff' })), initialEntries: [path] },
  );
}

describe('customer edit', () => {
  it('checks the fields, shows the server errors on them, and asks before leaving with unsaved changes', async () => {
    const bodies = serve();
    const user = setupUser();
    const { router } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit customer' }));
    const form = screen.getByRole('form', { name: 'Edit customer' });
    // Opening Edit puts focus on the first field, not on <body>.
    expect(within(form).getByRole('textbox', { name: /^First name/ })).toHaveFocus();
    const phone = within(form).getByRole('textbox', { name: /^Mobile phone/ });
    expect(phone).toHaveValue('(212) 555-0123');
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(phone).toHaveAccessibleDescription('Phone number is not valid');
    expect(bodies).toEqual([]);
    // A failed submit moves focus from the button to the first field in error.
    await waitFor(() => expect(phone).toHaveFocus());
    await user.click(within(form).getByRole('textbox', { name: /^First name/ }));

    await user.clear(phone);
    await user.type(phone, '(212) 555-0188');
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone Number is Already in Use.'));
    // So does the server's answer on a field.
    await waitFor(() => expect(phone).toHaveFocus());
    expect(bodies[0]).toMatchObject({
      path: 'customer',
      body: { sms_phone_number: '(212) 555-0188', email: 'carla@example.com' },
    });

    await router.navigate('/elsewhere');
    const prompt = await screen.findByRole('dialog', { name: 'Leave Page?' });
    await user.click(within(prompt).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('shows the mailing address and edits it: the state from the SPEC list, the ZIP checked before sending', async () => {
    const bodies = serve();
    const address = { address_line1: '12 Ocean Dr', address_line2: null, city: 'Miami Beach', state: 'FL' };
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json(buildCustomer({ ...address, zip: '33139' }))),
      http.patch(`${BASE}/`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push({ path: 'customer', body });
        return HttpResponse.json(buildCustomer(body));
      }),
    );
    const user = setupUser();
    renderPage();

    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(await within(card).findByText('12 Ocean Dr')).toBeInTheDocument();
    expect(within(card).getByText('Miami Beach, FL 33139')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit customer' }));
    const form = screen.getByRole('form', { name: 'Edit customer' });
    expect(within(form).getByRole('combobox', { name: /^State/ })).toHaveValue('Florida (FL)');
    const zip = within(form).getByRole('textbox', { name: /^ZIP code/ });
    await user.clear(zip);
    await fillIn(user, zip, '941');
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));
    expect(zip).toHaveAccessibleDescription('Must be a ZIP code: 12345 or 12345-6789');
    expect(bodies).toEqual([]);

    await user.clear(zip);
    await fillIn(user, zip, '94105');
    await fillIn(user, within(form).getByRole('textbox', { name: /^Address line 2/ }), 'Suite 5');
    const city = within(form).getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await fillIn(user, city, 'San Francisco');
    await user.click(within(form).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'California (CA)' }));
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({
      address_line1: '12 Ocean Dr',
      address_line2: 'Suite 5',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
    });
  });

  it('says the changes were not saved when the customer was removed meanwhile, not just "Not found."', async () => {
    serve();
    let removed = false;
    server.use(
      http.get(`${BASE}/`, () =>
        HttpResponse.json(buildCustomer(removed ? { removed: true, removed_at: '2026-03-05T15:00:00Z' } : {})),
      ),
      http.patch(`${BASE}/`, () => {
        removed = true;
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    const user = setupUser();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit customer' }));
    const form = screen.getByRole('form', { name: 'Edit customer' });
    await user.clear(within(form).getByRole('textbox', { name: /^Email/ }));
    await user.paste('new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save customer' }));

    const alert = (await screen.findByText('Your changes were not saved')).closest<HTMLElement>('[role="alert"]');
    expect(alert).toHaveTextContent('Carla Customer was removed while you were editing');
    expect(await screen.findByText('This customer was removed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit customer' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not found.')).not.toBeInTheDocument();
  });

  it('adds an existing customer found by search as a co-borrower', async () => {
    const bodies = serve();
    const user = setupUser();
    renderPage(`${PAGE_PATH}/co-borrowers`);

    await user.click(await screen.findByRole('button', { name: 'Add co-borrower' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a co-borrower to account A-1001' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a customer' }), 'Olive');
    await user.click(await within(dialog).findByRole('radio', { name: /Olive Other/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add co-borrower' }));

    await waitFor(() => expect(bodies).toEqual([{ path: 'co-borrower', body: { customer_id: OTHER_ID } }]));
  });
});
