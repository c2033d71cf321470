import type { Payment } from '@paydesk/domain/payments/payments.contract';
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
  PAYMENT_METHODS,
  buildCustomer,
  page,
  serveMerchantOptions,
  autopayAndPromiseHandlers,
} from '../test-fixtures';
import { CustomerAccountDetailsRoute } from './customer-account-details';
import { CustomerLayoutRoute } from './customer-layout';
import { CustomerPaymentMethodsRoute } from './customer-payment-methods';

const BASE = `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}`;
const PAYMENT_ID = '00000000-0000-4000-8000-000000000e01';
const METHOD = PAYMENT_METHODS[0]!;

function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT_ID,
    status: 'PAID',
    origin: 'staff',
    account: ACCOUNT_ID,
    customer: CUSTOMER_ID,
    location: 'l-1',
    amount: 10_000,
    convenience_fee: 295,
    total_amount: 10_295,
    fee_waived: false,
    refunded_amount: 0,
    refundable_amount: 10_295,
    failure_message: null,
    created: '2026-11-25T15:30:00.000Z',
    created_by_name: 'Avery Admin',
    sources: [
      {
        id: 's-1',
        payment_method: METHOD.id,
        payment_method_label: METHOD.label,
        payment_type: 'CREDIT',
        amount_without_fee: 10_000,
        convenience_fee: 295,
        total: 10_295,
        state: 'approved',
        refundable: 10_295,
        processor_reference: 'ch_sbx_123',
        decline_message: null,
        return_code: null,
      },
    ],
    reversals: [],
    receipt: {
      merchant_name: 'Demo Motors',
      merchant_phone: null,
      location_name: 'Main St',
      customer_name: 'Carla Customer',
      customer_email: 'carla@example.com',
      account_external_id: 'A-1001',
      payer_name: null,
      description: null,
      time_zone: 'America/New_York',
    },
    ...overrides,
  };
}

function servePayments(options: { failFirst?: boolean } = {}) {
  const calls = { take: [] as Array<{ key: string | null; body: unknown }>, refund: [] as unknown[], emailed: 0 };
  let failNext = options.failFirst ?? false;
  let transactions: unknown[] = [];
  serveMerchantOptions();
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json(buildCustomer())),
    http.post(`${BASE}/update_last_viewed/`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${BASE}/payment_methods/`, () => HttpResponse.json(page(PAYMENT_METHODS))),
    http.get(`${BASE}/accounts/:accountId/transactions/`, () => HttpResponse.json(page(transactions))),
    http.get(`/api/merchants/${MERCHANT_ID}/accounts/:accountId/scheduled_payments/`, () =>
      HttpResponse.json(page([])),
    ),
    ...autopayAndPromiseHandlers(MERCHANT_ID),
    http.post(`/api/merchants/${MERCHANT_ID}/accounts/${ACCOUNT_ID}/payments/`, async ({ request }) => {
      calls.take.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      if (failNext) {
        failNext = false;
        return HttpResponse.error();
      }
      transactions = [
        {
          id: PAYMENT_ID,
          kind: 'payment',
          status: 'PAID',
          created: '2026-11-25T15:30:00.000Z',
          amount: 10_295,
          payment: {
            id: PAYMENT_ID,
            total_amount: 10_295,
            amount: 10_000,
            convenience_fee: 295,
            origin: 'staff',
            status: 'PAID',
          },
          methods: [METHOD.label],
          created_by_name: 'Avery Admin',
          failure_message: null,
        },
      ];
      return HttpResponse.json(buildPayment(), { status: 201 });
    }),
    http.get(`/api/merchants/${MERCHANT_ID}/payments/${PAYMENT_ID}/`, () => HttpResponse.json(buildPayment())),
    http.post(`/api/merchants/${MERCHANT_ID}/payments/${PAYMENT_ID}/receipt/`, () => {
      calls.emailed += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`/api/merchants/${MERCHANT_ID}/refund_payment/`, async ({ request }) => {
      calls.refund.push(await request.json());
      return HttpResponse.json(buildPayment({ status: 'PARTIALLY_REFUNDED', refunded_amount: 5_000 }));
    }),
  );
  return calls;
}

function renderAccount(profile = buildProfile({ role: 'admin' })) {
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

describe('taking a payment on the account page', () => {
  it('shows the fee before paying, pays once with one Idempotency-Key across a retry, then shows and emails the receipt', async () => {
    const calls = servePayments({ failFirst: true });
    const user = setupUser();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Take payment on account A-1001' }));
    const dialog = await screen.findByRole('dialog', { name: /Take a payment/ });
    await user.click(within(dialog).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: METHOD.label }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '100');
    expect(within(dialog).getByLabelText('Convenience fee')).toHaveTextContent('$2.95');
    expect(within(dialog).getByLabelText('Total')).toHaveTextContent('$102.95');

    await user.click(within(dialog).getByRole('button', { name: 'Pay $102.95' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $102.95' }));

    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(calls.take).toHaveLength(2);
    expect(calls.take[0]?.key).toBeTruthy();
    expect(calls.take[1]?.key).toBe(calls.take[0]?.key);
    expect(calls.take[1]?.body).toEqual({
      customer: CUSTOMER_ID,
      sources: [{ payment_method: METHOD.id, amount: 10_000 }],
      waive_fee: false,
    });
    expect(within(receipt).getAllByText('$102.95').length).toBeGreaterThanOrEqual(2);
    // 15:30 UTC is 10:30 in New York.
    expect(within(receipt).getByText(/11\/25\/2026 10:30/)).toBeInTheDocument();
    await user.click(within(receipt).getByRole('button', { name: 'Email receipt' }));
    await waitFor(() => expect(calls.emailed).toBe(1));
  });

  it('refuses less than $1.00 in the words of the SPEC before asking the server', async () => {
    const calls = servePayments();
    const user = setupUser();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Take payment on account A-1001' }));
    const dialog = await screen.findByRole('dialog', { name: /Take a payment/ });
    await user.click(within(dialog).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: METHOD.label }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '0.99');
    await user.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment must be larger than $1.00.');
    expect(calls.take).toHaveLength(0);
  });
});

describe('a new bank account typed in the Take payment dialog', () => {
  it('tokenises it and sends only the token, with the debit authorisation, saved when asked', async () => {
    const calls = servePayments();
    const tokenised: unknown[] = [];
    server.use(
      http.post('/sandbox/gateway/tokens/', async ({ request }) => {
        tokenised.push(await request.json());
        return HttpResponse.json(
          { token: 'tok_sbx_bank', brand: null, funding: null, bin: null, last4: '6789' },
          { status: 201 },
        );
      }),
    );
    const user = setupUser();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Take payment on account A-1001' }));
    const dialog = await screen.findByRole('dialog', { name: /Take a payment/ });
    await user.click(within(dialog).getByRole('combobox', { name: /^Payment method/ }));
    await user.click(await screen.findByRole('option', { name: 'New card or bank account' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Bank account' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await fillIn(user, amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $102.95' }));
    expect(await within(dialog).findByText('The customer must give this authorisation.')).toBeInTheDocument();
    expect(tokenised).toHaveLength(0);

    await fillIn(user, within(dialog).getByRole('textbox', { name: /^Account holder/ }), 'Carla Customer');
    await fillIn(user, within(dialog).getByRole('textbox', { name: /^Routing number/ }), '011000015');
    await fillIn(user, within(dialog).getByRole('textbox', { name: /^Account number/ }), '000123456789');
    await user.click(within(dialog).getByRole('checkbox', { name: 'The customer gave this authorisation' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Save for later payments' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $102.95' }));

    await screen.findByRole('dialog', { name: 'Receipt' });
    expect(tokenised).toEqual([
      { bank: { routing_number: '011000015', account_number: '000123456789', account_holder: 'Carla Customer' } },
    ]);
    expect(calls.take).toHaveLength(1);
    expect(calls.take[0]?.body).toEqual({
      customer: CUSTOMER_ID,
      sources: [
        {
          token: 'tok_sbx_bank',
          save: true,
          nickname: '',
          authorization: {
            text: expect.stringContaining('I, Carla Customer, authorize Demo Motors') as unknown,
            method: 'phone',
          },
          amount: 10_000,
        },
      ],
      waive_fee: false,
    });
    expect(JSON.stringify(calls.take[0]?.body)).not.toContain('000123456789');
  }, 60_000);
});

describe('refunding from the transactions', () => {
  it('pre-fills what is left on each source and refunds what staff enter', async () => {
    const calls = servePayments();
    server.use(
      http.get(`${BASE}/accounts/:accountId/transactions/`, () =>
        HttpResponse.json(
          page([
            {
              id: PAYMENT_ID,
              kind: 'payment',
              status: 'PAID',
              created: '2026-11-25T15:30:00.000Z',
              amount: 10_295,
              payment: {
                id: PAYMENT_ID,
                total_amount: 10_295,
                amount: 10_000,
                convenience_fee: 295,
                origin: 'staff',
                status: 'PAID',
              },
              methods: [METHOD.label],
              created_by_name: 'Avery Admin',
              failure_message: null,
            },
          ]),
        ),
      ),
    );
    const user = setupUser();
    renderAccount();
    const transactions = await screen.findByRole('region', { name: 'Transactions' });
    await user.click(await within(transactions).findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const input = await within(dialog).findByRole('textbox', { name: `Refund to ${METHOD.label}` });
    expect(input).toHaveValue('$102.95');
    await user.clear(input);
    await user.type(input, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $50.00' }));
    await waitFor(() => expect(calls.refund).toHaveLength(1));
    expect(calls.refund[0]).toEqual({
      payment: PAYMENT_ID,
      total: 5_000,
      sources: [{ payment_method: METHOD.id, amount: 5_000 }],
    });
  });

  it('offers no Refund to a custom role without is_payment_refund_allowed', async () => {
    servePayments();
    server.use(
      http.get(`${BASE}/accounts/:accountId/transactions/`, () =>
        HttpResponse.json(
          page([
            {
              id: PAYMENT_ID,
              kind: 'payment',
              status: 'PAID',
              created: '2026-11-25T15:30:00.000Z',
              amount: 10_295,
              payment: {
                id: PAYMENT_ID,
                total_amount: 10_295,
                amount: 10_000,
                convenience_fee: 295,
                origin: 'staff',
                status: 'PAID',
              },
              methods: [METHOD.label],
              created_by_name: 'Avery Admin',
              failure_message: null,
            },
          ]),
        ),
      ),
    );
    const profile = buildProfile({ role: 'custom', accessRoles: ['is_customer_update_allowed'] });
    profile.merchants[0]!.check_custom_roles = true;
    renderAccount(profile);
    const transactions = await screen.findByRole('region', { name: 'Transactions' });
    expect(await within(transactions).findByRole('button', { name: 'Receipt' })).toBeInTheDocument();
    expect(within(transactions).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});

describe('adding a card on the payment methods tab', () => {
  it('sends the number only to the tokeniser and saves the token with a nickname', async () => {
    servePayments();
    const sent: Array<{ url: string; body: string }> = [];
    server.use(
      http.post('/sandbox/gateway/tokens/', async ({ request }) => {
        sent.push({ url: request.url, body: await request.text() });
        return HttpResponse.json(
          { token: 'tok_sbx_1', brand: 'visa', funding: 'credit', bin: '424242', last4: '4242' },
          { status: 201 },
        );
      }),
      http.post(`${BASE}/payment_methods/`, async ({ request }) => {
        sent.push({ url: request.url, body: await request.text() });
        return HttpResponse.json({ ...METHOD, id: 'new-method', label: 'Spare XXXX4242' }, { status: 201 });
      }),
    );
    const user = setupUser();
    renderRoutes(
      [
        {
          path: '/merchants/:merchantID/customers/:customerID',
          element: <CustomerLayoutRoute />,
          children: [{ path: 'payment-methods', element: <CustomerPaymentMethodsRoute /> }],
        },
      ],
      {
        session: buildSession(buildProfile({ role: 'staff' })),
        initialEntries: [`/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}/payment-methods`],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add card' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Card number/ }), '4242424242424241');
    await user.type(within(dialog).getByRole('textbox', { name: /^Expiry/ }), '12/30');
    await user.type(within(dialog).getByRole('textbox', { name: /^Security code/ }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByText('Card number is invalid.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const number = within(dialog).getByRole('textbox', { name: /^Card number/ });
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nickname' }), 'Spare');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.url).toMatch(/\/sandbox\/gateway\/tokens\/$/);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(JSON.parse(sent[1]?.body ?? '{}')).toEqual({ token: 'tok_sbx_1', nickname: 'Spare' });
    expect(sent[1]?.body).not.toContain('4242424242424242');
  });
});
