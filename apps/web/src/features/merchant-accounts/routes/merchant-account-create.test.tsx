import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { MerchantAccountCreateRoute } from './merchant-account-create';

const LOCATIONS = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 'l-1', name: 'Airport Rd' },
    { id: 'l-2', name: 'Main St' },
  ].map((location) => ({
    ...location,
    address_line1: '1 Main St',
    address_line2: '',
    city: 'Hartford',
    state: 'CT',
    postal_code: '06103',
    phone: null,
    timezone: 'America/New_York',
    created: '2026-03-05T12:00:00Z',
  })),
};

function renderCreate(path = '/merchants/m-1/locations/merchant-accounts/create') {
  server.use(http.get('/api/merchants/m-1/merchant_locations/', () => HttpResponse.json(LOCATIONS)));
  return renderRoutes(
    [
      {
        path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/create',
        element: <MerchantAccountCreateRoute />,
      },
      {
        path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts',
        element: <h1>Merchant accounts list page</h1>,
      },
    ],
    { session: buildSession(buildProfile({ role: 'admin' })), initialEntries: [path] },
  );
}

async function fill(user: ReturnType<typeof setupUser>, name: RegExp | string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

describe('merchant accounts: create', () => {
  it('checks the routing number, the rate and the convenience fee before sending', async () => {
    let sent = false;
    server.use(
      http.post('/api/merchants/m-1/merchant_accounts/', () => {
        sent = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();
    await fill(user, /^Routing number/, '021000022');
    await fill(user, /^Account number/, '12-34');
    await fill(user, /^Rate/, '101');
    await user.click(screen.getByRole('switch', { name: 'Charge customers a convenience fee' }));
    await user.click(screen.getByRole('button', { name: 'Create merchant account' }));

    expect(screen.getByRole('combobox', { name: /^Location/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: /^Routing number/ })).toHaveAccessibleDescription(
      'Routing number is not valid',
    );
    expect(screen.getByRole('textbox', { name: /^Account number/ })).toHaveAccessibleDescription(
      expect.stringContaining('Account number is not valid'),
    );
    expect(screen.getByRole('textbox', { name: /^Rate/ })).toHaveAccessibleDescription('Must be at most 100%');
    expect(screen.getByRole('textbox', { name: /^Convenience fee/ })).toHaveAccessibleDescription('Required');
    expect(sent).toBe(false);
  }, 40_000);

  it('sends the rate as basis points and the amounts as cents, at the list’s location', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/merchants/m-1/merchant_accounts/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { id: 'a-9', location_name: 'Main St', deposit_account_last4: '6789', ...body },
          { status: 201 },
        );
      }),
    );
    const user = setupUser();
    const { router } = renderCreate('/merchants/m-1/locations/l-2/merchant-accounts/create');
    expect(await screen.findByDisplayValue('Main St')).toBeInTheDocument();
    await fill(user, /^Name/, 'Lot cards');
    await fill(user, /^Processor merchant ID/, 'SBX-1');
    await fill(user, /^Routing number/, '021000021');
    await fill(user, /^Account number/, '000123456789');
    await fill(user, /^Rate/, '2.95');
    await fill(user, 'Per transaction', '0.30');
    await user.click(screen.getByRole('switch', { name: 'Charge customers a convenience fee' }));
    await fill(user, /^Convenience fee/, '2.50');
    await user.click(screen.getByRole('button', { name: 'Create merchant account' }));

    expect(await screen.findByRole('heading', { name: 'Merchant accounts list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/locations/l-2/merchant-accounts');
    expect(screen.getByText('Merchant account Lot cards created')).toBeInTheDocument();
    expect(body).toEqual({
      location_id: 'l-2',
      name: 'Lot cards',
      kind: 'card',
      processor: 'sandbox',
      processor_merchant_id: 'SBX-1',
      deposit_routing_number: '021000021',
      deposit_account_number: '000123456789',
      rate_bps: 295,
      per_transaction_cents: 30,
      convenience_fee_enabled: true,
      convenience_fee_cents: 250,
      status: 'active',
    });
  }, 40_000);
});
