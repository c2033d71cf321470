import type { Customer, CustomerEvent, CustomerNote } from '@paydesk/domain/customers/customers.contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BROWSER_ZONE, MERCHANT_ZONE, runInTimeZone } from '../../../../test/time-zone';
import {
  CUSTOMER_ID,
  HISTORY,
  MERCHANT_ID,
  NOTES,
  PAYMENT_METHODS,
  autopayAndPromiseHandlers,
  buildAccount,
  buildCustomer,
  page,
  serveMerchantOptions,
} from '../test-fixtures';
import { CustomerFullViewRoute } from './customer-layout';

// The browser is in Tokyo, the merchant in Los Angeles: every moment below falls on one day in Tokyo and the day
// before in Los Angeles (UTC-8 in early March 2026), so a date shown in the browser's zone fails.
runInTimeZone(BROWSER_ZONE);

const BASE = `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const PAGE_PATH = `/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}/detail`;

const PROMISED: CustomerEvent = {
  id: '00000000-0000-4000-8000-000000000f03',
  kind: 'promise.created',
  account_id: null,
  actor: HISTORY[0]!.actor,
  before: null,
  // 22:00 UTC on March 5th: 2:00 PM that day in Los Angeles, 7:00 AM on March 6th in Tokyo.
  after: { amount_cents: 5000, scheduled_date: '2026-03-05T22:00:00.000Z' },
  // 02:30 UTC on March 3rd: 6:30 PM on March 2nd in Los Angeles, 11:30 AM on March 3rd in Tokyo.
  created: '2026-03-03T02:30:00.000Z',
};
const NOTE: CustomerNote = {
  ...NOTES[0]!,
  created: '2026-03-02T03:15:00.000Z', // 03/01/2026 7:15 PM in Los Angeles
  edited: '2026-03-04T04:45:00.000Z', // 03/03/2026 8:45 PM in Los Angeles
};

function serve(customer: Customer) {
  serveMerchantOptions();
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json(customer)),
    http.post(`${BASE}/update_last_viewed/`, () => new HttpResponse(null, { status: 204 })),
    http.get(`/api/merchants/${MERCHANT_ID}/customers/`, () => HttpResponse.json(page([]))),
    http.get(`${BASE}/history/`, () => HttpResponse.json(page([PROMISED]))),
    http.get(`${BASE}/notes/`, () => HttpResponse.json(page([NOTE]))),
    http.get(`${BASE}/payment_methods/`, () =>
      // 05:00 UTC on March 1st: 9:00 PM on February 28th in Los Angeles.
      HttpResponse.json(page([{ ...PAYMENT_METHODS[0]!, created: '2026-03-01T05:00:00.000Z' }])),
    ),
    http.get(`${BASE}/accounts/:accountId/transactions/`, () => HttpResponse.json(page([]))),
    http.get(`/api/merchants/${MERCHANT_ID}/accounts/:accountId/scheduled_payments/`, () =>
      HttpResponse.json(page([])),
    ),
    ...autopayAndPromiseHandlers(MERCHANT_ID),
  );
}

function renderCustomer() {
  const merchant = buildMerchant({ id: MERCHANT_ID, timezone: MERCHANT_ZONE });
  return renderRoutes(
    [{ path: '/merchants/:merchantID/customers/:customerID/detail', element: <CustomerFullViewRoute /> }],
    {
      session: buildSession(buildProfile({ role: 'admin', merchant })),
      initialEntries: [PAGE_PATH],
    },
  );
}

describe("the customer page's dates, in the merchant's zone with the browser in another", () => {
  it('shows when the account was opened, the FreshBooks check, the history, notes and payment methods', async () => {
    serve(
      buildCustomer({
        merchant: { id: MERCHANT_ID, name: 'Demo Motors', is_integrated: true },
        integration_sync: {
          status: 'unchanged',
          // 06:10 UTC on March 6th: 10:10 PM on March 5th in Los Angeles.
          checked_at: '2026-03-06T06:10:00.000Z',
          message: 'FreshBooks has the same details.',
        },
        // 07:00 UTC on January 10th: 11:00 PM on January 9th in Los Angeles. The due date is a day, not a moment.
        accounts: [buildAccount({ created: '2026-01-10T07:00:00.000Z', due_date: '2026-03-10' })],
      }),
    );
    renderCustomer();

    const notice = await screen.findByRole('status', { name: 'FreshBooks check' });
    expect(notice).toHaveTextContent('Checked 03/05/2026 10:10 PM.');

    const account = screen.getByRole('region', { name: 'Account A-1001' });
    expect(within(account).getByText('01/09/2026')).toBeInTheDocument();
    expect(within(account).getByText('03/10/2026')).toBeInTheDocument();

    expect(await screen.findByText('03/02/2026 6:30 PM · Avery Admin')).toBeInTheDocument();
    expect(screen.getByText('03/05/2026 2:00 PM')).toBeInTheDocument();

    expect(await screen.findByText('Avery Admin · 03/01/2026 7:15 PM · edited 03/03/2026 8:45 PM')).toBeInTheDocument();

    const method = await screen.findByRole('row', { name: /Work Visa XXXX4242/ });
    expect(within(method).getByText('02/28/2026')).toBeInTheDocument();
  });

  it('says on which day a removed customer was removed', async () => {
    // 03:00 UTC on March 7th: 7:00 PM on March 6th in Los Angeles.
    serve(buildCustomer({ removed: true, removed_at: '2026-03-07T03:00:00.000Z' }));
    renderCustomer();

    expect(await screen.findByText(/^Removed on 03\/06\/2026\./)).toBeInTheDocument();
  });
});
