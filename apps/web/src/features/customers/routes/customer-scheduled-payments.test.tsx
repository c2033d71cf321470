import { addCalendarDays, toCalendarDate } from '@paydesk/domain/dates/calendar';
import { formatDate } from '@paydesk/domain/format/date';
import type { ScheduledPayment } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import {
  ACCOUNT_ID,
  CUSTOMER_ID,
  MERCHANT_ID,
  PAYMENT_METHODS,
  buildCustomer,
  page,
  serveMerchantOptions,
  autopayAndPromiseHandlers,
} from '../test-fixtures';
import { CustomerAccountDetailsRoute } from './customer-account-details';
import { CustomerLayoutRoute } from './customer-layout';

const BASE = `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const SCHEDULED = `/api/merchants/${MERCHANT_ID}/accounts/${ACCOUNT_ID}/scheduled_payments/`;
const METHOD = PAYMENT_METHODS[0]!;
// A day three weeks ahead in the merchant's time zone, so the test means the same whenever it runs.
const DAY = addCalendarDays(toCalendarDate(new Date(), 'America/New_York'), 21);

function buildScheduled(overrides: Partial<ScheduledPayment> = {}): ScheduledPayment {
  return {
    id: '00000000-0000-4000-8000-000000000f01',
    account: ACCOUNT_ID,
    customer: CUSTOMER_ID,
    payment_method: METHOD.id,
    payment_method_label: METHOD.label,
    amount: 25_000,
    date: DAY,
    run_at: `${DAY}T14:00:00.000Z`,
    state: 'scheduled',
    payment: null,
    failure_message: null,
    created: '2026-11-25T15:30:00.000Z',
    created_by_name: 'Avery Admin',
    cancelled_at: null,
    cancelled_by_name: null,
    ...overrides,
  };
}

function serveScheduled(initial: ScheduledPayment[] = []) {
  const calls = { created: [] as Array<{ key: string | null; body: unknown }>, cancelled: [] as unknown[] };
  let rows = initial;
  serveMerchantOptions();
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json(buildCustomer())),
    http.post(`${BASE}/update_last_viewed/`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${BASE}/payment_methods/`, () => HttpResponse.json(page(PAYMENT_METHODS))),
    http.get(`${BASE}/accounts/:accountId/transactions/`, () => HttpResponse.json(page([]))),
    http.get(SCHEDULED, () => HttpResponse.json(page(rows))),
    ...autopayAndPromiseHandlers(MERCHANT_ID),
    http.post(SCHEDULED, async ({ request }) => {
      calls.created.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      rows = [buildScheduled()];
      return HttpResponse.json(rows[0], { status: 201 });
    }),
    http.post(`/api/merchants/${MERCHANT_ID}/cancel_scheduled_payment/`, async ({ request }) => {
      calls.cancelled.push(await request.json());
      rows = rows.map((row) => ({ ...row, state: 'cancelled' as const, cancelled_by_name: 'Avery Admin' }));
      return HttpResponse.json(rows[0]);
    }),
  );
  return calls;
}

function renderAccount(profile = buildProfile({ role: 'staff' })) {
  return renderRoutes(
    [
      {
        path: '/merchants/:merchantID/customers/:customerID',
        element: <CustomerLayoutRoute />,
        children: [{ index: true, element: <CustomerAccountDetailsRoute /> }],
      },
    ],
    { session: buildSession(profile), initialEntries: [`/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`] },
  );
}

describe('scheduled payments on the account page', () => {
  it('schedules a payment from a saved method with an Idempotency-Key and shows it scheduled', async () => {
    const calls = serveScheduled();
    const user = setupUser();
    renderAccount();
    const section = await screen.findByRole('region', { name: 'Scheduled payments' });
    expect(await within(section).findByText('No scheduled payments.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Schedule a payment on account A-1001' }));
    const dialog = await screen.findByRole('dialog', { name: /Schedule a payment/ });

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a payment method.');

    await user.click(within(dialog).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: METHOD.label }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '250');
    await user.type(within(dialog).getByRole('textbox', { name: /^Date/ }), formatDate(DAY));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]?.key).toBeTruthy();
    expect(calls.created[0]?.body).toEqual({
      customer: CUSTOMER_ID,
      payment_method: METHOD.id,
      amount: 25_000,
      date: DAY,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Schedule a payment/ })).not.toBeInTheDocument());
    expect(await within(section).findByText('Scheduled')).toBeInTheDocument();
    expect(within(section).getByText('$250.00')).toBeInTheDocument();
  });

  it('refuses more than the account owes before asking the server', async () => {
    const calls = serveScheduled();
    const user = setupUser();
    renderAccount();
    const section = await screen.findByRole('region', { name: 'Scheduled payments' });
    await user.click(await within(section).findByRole('button', { name: /Schedule a payment/ }));
    const dialog = await screen.findByRole('dialog', { name: /Schedule a payment/ });
    await user.click(within(dialog).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: METHOD.label }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Date/ }), formatDate(DAY));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment can not be more than the amount due.');
    expect(calls.created).toHaveLength(0);
  });

  it('cancels a scheduled payment after asking, and offers no Cancel on one that ran', async () => {
    const calls = serveScheduled([
      buildScheduled(),
      buildScheduled({
        id: '00000000-0000-4000-8000-000000000f02',
        state: 'failed',
        failure_message: 'Your card has insufficient funds.',
      }),
    ]);
    const user = setupUser();
    renderAccount();
    const section = await screen.findByRole('region', { name: 'Scheduled payments' });
    expect(await within(section).findByText('Your card has insufficient funds.')).toBeInTheDocument();
    const cancelButtons = within(section).getAllByRole('button', { name: /^Cancel the payment scheduled for/ });
    expect(cancelButtons).toHaveLength(1);
    await user.click(cancelButtons[0]!);
    const confirm = await screen.findByRole('dialog', { name: 'Cancel scheduled payment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(calls.cancelled).toEqual([{ payment: '00000000-0000-4000-8000-000000000f01' }]));
    expect(await within(section).findAllByText('Cancelled')).not.toHaveLength(0);
  });
});
