import type { PaymentPromise } from '@paydesk/domain/promises/promises.contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { PromisesRoute } from './promises';

const UNCONFIRMED: PaymentPromise = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  account: 'a-1',
  account_external_id: 'A-1001',
  customer: 'c-1',
  customer_name: 'Carla Customer',
  amount: 5_000,
  scheduled_date: '2026-03-07T17:00:00.000Z',
  payment_method: null,
  payment_method_label: null,
  note: '',
  status: 'PROMISED',
  confirmed_at: null,
  outcome: 'open',
  paid_amount: null,
  resolved_at: null,
  created: '2026-03-01T15:00:00.000Z',
  created_by_name: 'Sam Staff',
};
const SCHEDULED: PaymentPromise = {
  ...UNCONFIRMED,
  id: '7f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
  customer_name: 'Dan Debtor',
  status: 'SCHEDULED',
  payment_method: 'pm-1',
  payment_method_label: 'Visa XXXX4242',
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe('promises', () => {
  it('shows Unconfirmed and Confirmed (SPEC §3) and confirms an unconfirmed promise', async () => {
    let confirmed = false;
    server.use(
      http.get('/api/merchants/m-1/promises/', () =>
        HttpResponse.json(page([confirmed ? { ...UNCONFIRMED, status: 'PROMISE_CONFIRMED' } : UNCONFIRMED, SCHEDULED])),
      ),
      http.post(`/api/merchants/m-1/promises/${UNCONFIRMED.id}/confirm/`, () => {
        confirmed = true;
        return HttpResponse.json({ ...UNCONFIRMED, status: 'PROMISE_CONFIRMED' });
      }),
    );
    const user = setupUser();
    renderRoutes([{ path: '/promises', element: <PromisesRoute /> }], {
      session: buildSession(buildProfile({ role: 'staff', merchant: buildMerchant({ id: 'm-1' }) })),
      initialEntries: ['/promises?merchant=m-1'],
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(table).getByText('Confirmed')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Confirm the promise/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Confirm the promise of Carla Customer' }));
    expect(await screen.findByText('Promise confirmed')).toBeInTheDocument();
    await within(table).findAllByText('Confirmed');
    expect(within(table).queryByText('Unconfirmed')).not.toBeInTheDocument();
  });
});
