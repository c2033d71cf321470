import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { MerchantAccountDetailRoute } from './merchant-account-detail';

const ACCOUNT = {
  id: 'a-1',
  location_id: 'l-2',
  location_name: 'Main St',
  name: 'Main St cards',
  kind: 'card',
  processor: 'sandbox',
  processor_merchant_id: 'SBX-100200300',
  deposit_routing_number: '011000015',
  deposit_account_last4: '6789',
  rate_bps: 295,
  per_transaction_cents: 30,
  convenience_fee_enabled: true,
  convenience_fee_cents: 295,
  status: 'active',
  created: '2026-03-05T12:00:00Z',
};

const LOCATIONS = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 'l-2',
      name: 'Main St',
      address_line1: '120 Main St',
      address_line2: '',
      city: 'Hartford',
      state: 'CT',
      postal_code: '06103',
      phone: null,
      timezone: 'America/New_York',
      created: '2026-03-05T12:00:00Z',
    },
  ],
};

function renderDetail(role: 'admin' | 'staff') {
  server.use(
    http.get('/api/merchants/m-1/merchant_locations/', () => HttpResponse.json(LOCATIONS)),
    http.get('/api/merchants/m-1/merchant_accounts/a-1/', () => HttpResponse.json(ACCOUNT)),
  );
  return renderRoutes(
    [
      {
        path: '/merchants/:merchantID?/locations/:locationID?/merchant-accounts/:merchantAccountID',
        element: <MerchantAccountDetailRoute />,
      },
    ],
    {
      session: buildSession(buildProfile({ role })),
      initialEntries: ['/merchants/m-1/locations/l-2/merchant-accounts/a-1'],
    },
  );
}

describe('merchant accounts: detail', () => {
  it('shows the rate as a percent and the bank account by its last four; staff may not change it', async () => {
    renderDetail('staff');
    expect(await screen.findByRole('heading', { name: 'Main St cards' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Rate/ })).toHaveValue('2.95%');
    expect(screen.getByText('On file: •••• 6789')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete merchant account' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
  });

  it('saves an administrator’s change without the account number unless it is retyped', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.patch('/api/merchants/m-1/merchant_accounts/a-1/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...ACCOUNT, ...body });
      }),
    );
    const user = setupUser();
    renderDetail('admin');
    const rate = await screen.findByRole('textbox', { name: /^Rate/ });
    await user.clear(rate);
    await user.paste('3.1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Merchant account saved')).toBeInTheDocument();
    expect(body).toMatchObject({ rate_bps: 310, convenience_fee_cents: 295, per_transaction_cents: 30 });
    expect(body).not.toHaveProperty('deposit_account_number');
  }, 40_000);
});
