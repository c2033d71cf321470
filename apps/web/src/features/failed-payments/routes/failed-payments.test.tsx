import type { FailedPayment } from '@paydesk/domain/failed-payments/failed-payments.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { FailedPaymentsRoute } from './failed-payments';

const CUSTOMER_ID = '5a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f31';
const SOFT: FailedPayment = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  created: '2026-03-04T15:07:00.000Z',
  origin: 'scheduled',
  customer: { id: CUSTOMER_ID, first_name: 'Carla', last_name: 'Customer' },
  account: { id: 'a-1', external_id: 'A-1001', amount_due: 50_000 },
  amount: 12_000,
  payment_method: { id: 'pm-1', label: 'Visa XXXX9995', flagged: false },
  decline_code: 'insufficient_funds',
  reason: 'Your card has insufficient funds.',
  decline_class: 'soft',
  attempt: 0,
  next_retry_at: '2026-03-07T14:00:00.000Z',
};
const STOLEN: FailedPayment = {
  ...SOFT,
  id: '7f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
  origin: 'staff',
  customer: { id: 'c-2', first_name: 'Dan', last_name: 'Debtor' },
  account: { id: 'a-2', external_id: 'A-2002', amount_due: 0 },
  payment_method: { id: 'pm-2', label: 'Visa XXXX9979', flagged: true },
  decline_code: 'stolen_card',
  reason: 'Your card was declined.',
  decline_class: 'hard',
  attempt: 1,
  next_retry_at: null,
};
const GOOD_CARD = {
  id: 'pm-3',
  payment_type: 'CREDIT',
  card_type: 'Visa',
  card_brand: 'visa',
  funding: 'credit',
  nickname: 'Spare',
  masked_card_number: 'XXXXXXXXXXXX4242',
  masked_account_number: null,
  label: 'Spare XXXX4242',
  exp_month: 12,
  exp_year: 2030,
  routing_number: null,
  account_holder: null,
  authorization: null,
  created: '2026-03-01T10:00:00.000Z',
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage() {
  return renderRoutes([{ path: '/failed-payments', element: <FailedPaymentsRoute /> }], {
    session: buildSession(buildProfile({ role: 'staff', merchant: buildMerchant({ id: 'm-1' }) })),
    initialEntries: ['/failed-payments?merchant=m-1'],
  });
}

describe('failed payments', () => {
  it("shows each with the reason in words, the next automatic retry in the merchant's time zone, and flags", async () => {
    server.use(http.get('/api/merchants/m-1/failed_payments/', () => HttpResponse.json(page([SOFT, STOLEN]))));
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Your card has insufficient funds.')).toBeInTheDocument();
    // 14:00 UTC on March 7th is 9:00 in New York.
    expect(within(table).getByText(/^03\/07\/2026 0?9:00/)).toBeInTheDocument();
    expect(within(table).getByText('Flagged')).toBeInTheDocument();
    expect(within(table).getByText('Retry 1')).toBeInTheDocument();
    expect(within(table).getByText('Paid up')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Retry the/ })).toHaveLength(1);
    expect(screen.getByText('2 failed payments')).toBeInTheDocument();
  });

  it('retries from another saved method with one Idempotency-Key across a lost answer', async () => {
    const calls: Array<{ key: string | null; body: unknown }> = [];
    let answered = 0;
    server.use(
      http.get('/api/merchants/m-1/failed_payments/', () => HttpResponse.json(page(answered > 0 ? [] : [SOFT]))),
      http.get(`/api/merchants/m-1/customers/${CUSTOMER_ID}/payment_methods/`, () =>
        HttpResponse.json(page([GOOD_CARD])),
      ),
      http.post(`/api/merchants/m-1/failed_payments/${SOFT.id}/retry/`, async ({ request }) => {
        calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        if (calls.length === 1) return HttpResponse.error();
        answered += 1;
        return HttpResponse.json(
          { id: 'p-new', status: 'PAID', total_amount: 12_295, failure_message: null },
          {
            status: 201,
          },
        );
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry the $120.00 payment of Carla Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry payment' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Pay with' }));
    await user.click(await screen.findByRole('option', { name: 'Spare XXXX4242' }));
    await user.click(within(dialog).getByRole('button', { name: 'Retry $120.00' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry $120.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Retry payment' })).not.toBeInTheDocument());
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).toEqual({ payment_method: 'pm-3' });
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(await screen.findByText('No failed payments.')).toBeInTheDocument();
  });

  it('shows a second decline in the dialog', async () => {
    server.use(
      http.get('/api/merchants/m-1/failed_payments/', () => HttpResponse.json(page([SOFT]))),
      http.get(`/api/merchants/m-1/customers/${CUSTOMER_ID}/payment_methods/`, () => HttpResponse.json(page([]))),
      http.post(`/api/merchants/m-1/failed_payments/${SOFT.id}/retry/`, () =>
        HttpResponse.json(
          { id: 'p-new', status: 'FAILED', total_amount: 12_295, failure_message: 'Your card has insufficient funds.' },
          { status: 201 },
        ),
      ),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Retry the/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry $120.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Declined again: Your card has insufficient funds.',
    );
  });
});
