import type { AccountTransaction, Payment } from '@paydesk/domain/payments/payments.contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { fillIn, setupUser } from '../../../../test/user';
import {
  ACCOUNT_ID,
  CUSTOMER_ID,
  LOCATIONS,
  MERCHANT_ID,
  buildRow,
  page,
  serveMerchantOptions,
} from '../test-fixtures';
import { MiscPaymentRoute } from './misc-payment';
import { MovePaymentRoute } from './move-payment';

const PAYMENT_ID = '00000000-0000-4000-8000-000000000e01';
const OTHER_CUSTOMER = '00000000-0000-4000-8000-000000000c09';
const OTHER_ACCOUNT = '00000000-0000-4000-8000-000000000d09';

function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT_ID,
    status: 'PAID',
    origin: 'staff',
    account: ACCOUNT_ID,
    customer: CUSTOMER_ID,
    location: LOCATIONS[0]!.id,
    amount: 10_000,
    convenience_fee: 0,
    total_amount: 10_000,
    fee_waived: false,
    refunded_amount: 0,
    refundable_amount: 10_000,
    failure_message: null,
    created: '2026-11-25T15:30:00.000Z',
    created_by_name: 'Avery Admin',
    sources: [],
    reversals: [],
    receipt: {
      merchant_name: 'Demo Motors',
      merchant_phone: null,
      location_name: 'Main St',
      customer_name: null,
      customer_email: null,
      account_external_id: null,
      payer_name: 'Dana Down',
      description: 'Down payment on a 2019 Civic',
      time_zone: 'America/New_York',
    },
    ...overrides,
  };
}

const TRANSACTION: AccountTransaction = {
  id: PAYMENT_ID,
  kind: 'payment',
  status: 'PAID',
  created: '2026-11-25T15:30:00.000Z',
  amount: 10_000,
  payment: {
    id: PAYMENT_ID,
    total_amount: 10_000,
    amount: 10_000,
    convenience_fee: 0,
    origin: 'staff',
    status: 'PAID',
  },
  methods: ['Visa XXXX4242'],
  created_by_name: 'Avery Admin',
  failure_message: null,
};

function serveCustomers() {
  serveMerchantOptions();
  const other = buildRow({
    id: OTHER_CUSTOMER,
    first_name: 'Omar',
    last_name: 'Other',
    external_id: 'B-2002',
    accounts: [
      {
        id: OTHER_ACCOUNT,
        external_id: 'B-2002',
        role: 'primary',
        status: 'active',
        amount_due_cents: 50_000,
        due_date: null,
        autopay: false,
      },
    ],
  });
  server.use(
    http.get(`/api/merchants/${MERCHANT_ID}/customers/`, ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      return HttpResponse.json(page([buildRow(), other].filter((row) => row.first_name.includes(search))));
    }),
  );
}

async function pick(user: ReturnType<typeof setupUser>, name: RegExp, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Move payment', () => {
  function renderMove(profile = buildProfile({ role: 'admin' })) {
    return renderRoutes([{ path: '/customers/move-payment', element: <MovePaymentRoute /> }], {
      session: buildSession(profile),
      initialEntries: [`/customers/move-payment?merchant=${MERCHANT_ID}`],
    });
  }

  it('finds a payment on an account, moves it to another account with a reason and one Idempotency-Key', async () => {
    serveCustomers();
    const moves: Array<{ key: string | null; body: unknown }> = [];
    server.use(
      http.get(`/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}/accounts/${ACCOUNT_ID}/transactions/`, () =>
        HttpResponse.json(page([TRANSACTION])),
      ),
      http.post(`/api/merchants/${MERCHANT_ID}/move_payment/`, async ({ request }) => {
        moves.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        return HttpResponse.json(buildPayment({ account: OTHER_ACCOUNT }));
      }),
    );
    const user = setupUser();
    renderMove();
    await user.click(await screen.findByRole('button', { name: 'Move payment' }));
    expect(await screen.findByText('Choose the payment to move.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(moves).toHaveLength(0);

    await fillIn(user, screen.getByRole('textbox', { name: /^Search the account it is on/ }), 'Carla');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Account it is on/ })).toHaveAttribute('placeholder', 'Choose…'),
    );
    await pick(user, /^Account it is on/, /Carla Customer · A-1001/);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Payment/ })).toHaveAttribute('placeholder', 'Choose…'),
    );
    await pick(user, /^Payment/, /11\/25\/2026 10:30.*\$100\.00.*PAID/);
    await fillIn(user, screen.getByRole('textbox', { name: /^Search the account to move it to/ }), 'Omar');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Move to account/ })).toHaveAttribute('placeholder', 'Choose…'),
    );
    await pick(user, /^Move to account/, /Omar Other · B-2002/);
    await fillIn(user, screen.getByRole('textbox', { name: /^Reason/ }), 'Taken on the wrong account');
    await user.click(screen.getByRole('button', { name: 'Move payment' }));

    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0]?.key).toBeTruthy();
    expect(moves[0]?.body).toEqual({
      payment: PAYMENT_ID,
      account: OTHER_ACCOUNT,
      reason: 'Taken on the wrong account',
    });
    expect(await screen.findByText(/Payment moved to Omar Other · B-2002/)).toBeInTheDocument();
  }, 60_000);

  it('pages through all of the account’s transactions to find an older payment, and keeps the one chosen', async () => {
    serveCustomers();
    // 23 transactions: the newest 10 are refunds (nothing to move); the one to move is on the third page.
    const refunds = Array.from({ length: 22 }, (_, index) => ({
      ...TRANSACTION,
      id: `00000000-0000-4000-8000-0000000f${String(index).padStart(4, '0')}`,
      kind: 'refund' as const,
      status: 'REFUND' as const,
      created: `2026-11-${String(27 - Math.floor(index / 10)).padStart(2, '0')}T15:30:00.000Z`,
    }));
    const older = { ...TRANSACTION, created: '2026-10-02T15:30:00.000Z' };
    const all = [...refunds, older];
    const pagesAsked: string[] = [];
    server.use(
      http.get(
        `/api/merchants/${MERCHANT_ID}/customers/${CUSTOMER_ID}/accounts/${ACCOUNT_ID}/transactions/`,
        ({ request }) => {
          const query = new URL(request.url).searchParams;
          const number = Number(query.get('page') ?? '1');
          const size = Number(query.get('page_size') ?? '10');
          pagesAsked.push(String(number));
          return HttpResponse.json({
            count: all.length,
            next: null,
            previous: null,
            results: all.slice((number - 1) * size, number * size),
          });
        },
      ),
    );
    const user = setupUser();
    renderMove();
    await fillIn(user, await screen.findByRole('textbox', { name: /^Search the account it is on/ }), 'Carla');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Account it is on/ })).toHaveAttribute('placeholder', 'Choose…'),
    );
    await pick(user, /^Account it is on/, /Carla Customer · A-1001/);
    expect(await screen.findByText('Transactions 1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Payment/ })).toHaveAttribute(
      'placeholder',
      'No payment to move on this page',
    );

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Transactions 21–23 of 23')).toBeInTheDocument();
    expect(pagesAsked).toContain('3');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Payment/ })).toHaveAttribute('placeholder', 'Choose…'),
    );
    await pick(user, /^Payment/, /10\/02\/2026 11:30.*\$100\.00.*PAID/);
    // Back to a newer page: the payment chosen stays chosen.
    await user.click(screen.getByRole('button', { name: 'previous page' }));
    expect(await screen.findByText('Transactions 11–20 of 23')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Payment/ })).toHaveValue(
      '10/02/2026 11:30 AM · $100.00 · PAID · Visa XXXX4242',
    );
  }, 60_000);

  it('is closed to a custom role without is_payment_refund_allowed', async () => {
    serveCustomers();
    const profile = buildProfile({ role: 'custom', accessRoles: ['is_customer_update_allowed'] });
    profile.merchants[0]!.check_custom_roles = true;
    renderMove(profile);
    expect(await screen.findByText('You are not allowed to move payments.')).toBeInTheDocument();
  });
});

describe('Down payment', () => {
  it('takes a new card with a payer and description: the number only to the tokeniser, then the receipt', async () => {
    serveCustomers();
    const sent: Array<{ url: string; key: string | null; body: string }> = [];
    server.use(
      http.get(`/api/merchants/${MERCHANT_ID}/bins/:bin/`, () =>
        HttpResponse.json({
          bin: '400005',
          card_brand: 'visa',
          card_type: 'Visa',
          funding: 'debit',
          payment_type: 'DEBIT',
        }),
      ),
      http.post('/sandbox/gateway/tokens/', async ({ request }) => {
        sent.push({ url: request.url, key: null, body: await request.text() });
        return HttpResponse.json(
          { token: 'tok_sbx_9', brand: 'visa', funding: 'debit', bin: '400005', last4: '5556' },
          { status: 201 },
        );
      }),
      http.post(`/api/merchants/${MERCHANT_ID}/misc_payments/`, async ({ request }) => {
        sent.push({ url: request.url, key: request.headers.get('Idempotency-Key'), body: await request.text() });
        return HttpResponse.json(buildPayment({ account: null, customer: null }), { status: 201 });
      }),
      http.get(`/api/merchants/${MERCHANT_ID}/payments/${PAYMENT_ID}/`, () =>
        HttpResponse.json(buildPayment({ account: null, customer: null })),
      ),
    );
    const user = setupUser();
    renderRoutes([{ path: '/merchants/:merchantID/misc-payment/*', element: <MiscPaymentRoute /> }], {
      session: buildSession(buildProfile({ role: 'staff' })),
      initialEntries: [`/merchants/${MERCHANT_ID}/misc-payment/`],
    });
    await user.click(await screen.findByRole('button', { name: 'Take payment' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(3);
    expect(sent).toHaveLength(0);

    await fillIn(user, screen.getByRole('textbox', { name: /^Payer name/ }), 'Dana Down');
    await fillIn(user, screen.getByRole('textbox', { name: /^Description/ }), 'Down payment on a 2019 Civic');
    await pick(user, /^Location/, /^Main St$/);
    await fillIn(user, screen.getByRole('textbox', { name: /^Card number/ }), '4000 0566 5566 5556');
    expect(await screen.findByText('Debit')).toBeInTheDocument();
    await fillIn(user, screen.getByRole('textbox', { name: /^Expiry/ }), '12/30');
    await fillIn(user, screen.getByRole('textbox', { name: /^Security code/ }), '123');
    await fillIn(user, screen.getByRole('textbox', { name: /^Amount/ }), '250');
    await user.click(screen.getByRole('button', { name: 'Take payment' }));

    expect(await screen.findByRole('dialog', { name: 'Receipt' })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      card: { number: '4000056655665556', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(sent[1]?.key).toBeTruthy();
    expect(JSON.parse(sent[1]!.body)).toEqual({
      payer_name: 'Dana Down',
      description: 'Down payment on a 2019 Civic',
      location: LOCATIONS[0]!.id,
      sources: [{ token: 'tok_sbx_9', save: false, nickname: '', amount: 25_000 }],
      waive_fee: false,
    });
    expect(sent[1]?.body).not.toContain('4000056655665556');
  }, 60_000);
});
