import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { setupUser } from '../../../../../test/user';
import { ACCOUNT_ID, CUSTOMER_ID, MERCHANT_ID } from '../../test-fixtures';
import { ReceiptModal } from './receipt-modal';
import { SendPaymentLinkModal } from './send-payment-link-modal';

const PAYMENT_ID = '00000000-0000-4000-8000-000000000e01';
const SEND_URL = `/api/merchants/${MERCHANT_ID}/accounts/${ACCOUNT_ID}/send_message/`;

const PAYMENT = {
  id: PAYMENT_ID,
  status: 'PAID',
  origin: 'staff',
  account: ACCOUNT_ID,
  customer: CUSTOMER_ID,
  location: 'l-1',
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
    customer_name: 'Carla Customer',
    customer_email: 'carla@example.com',
    account_external_id: 'A-1001',
    payer_name: null,
    description: null,
    time_zone: 'America/New_York',
  },
};

function sentMessage(outside = false) {
  return {
    [CUSTOMER_ID]: {
      id: '00000000-0000-4000-8000-0000000000f1',
      customer_id: CUSTOMER_ID,
      sender: 'Avery Admin',
      direction: 'outbound',
      body: 'Thank you Carla!',
      language: 'en-US',
      translations: {},
      created: '2026-11-25T15:31:00.000Z',
      attachments: [],
      status: 'queued',
      error_code: null,
      error_message: null,
      secondary_message: null,
      flagged_opt_out: false,
      outside_send_window: outside,
    },
  };
}

function serveSend(answers: Array<() => Response>) {
  const calls: Array<{ key: string | null; body: unknown }> = [];
  server.use(
    http.post(SEND_URL, async ({ request }) => {
      calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return answer ? answer() : HttpResponse.json(sentMessage(), { status: 201 });
    }),
  );
  return calls;
}

function render(element: React.ReactNode) {
  return renderRoutes([{ path: '/', element }], {
    session: buildSession(buildProfile({ role: 'admin' })),
    initialEntries: ['/'],
  });
}

describe('Text receipt in the receipt modal', () => {
  it("sends the THANKS template for the payment's customer and account, one key across a retry", async () => {
    server.use(http.get(`/api/merchants/${MERCHANT_ID}/payments/${PAYMENT_ID}/`, () => HttpResponse.json(PAYMENT)));
    const calls = serveSend([
      () => HttpResponse.json({ code: 'account.do_not_contact' }, { status: 409 }),
      () => HttpResponse.json(sentMessage(true), { status: 201 }),
    ]);
    const user = setupUser();
    render(<ReceiptModal merchantID={MERCHANT_ID} paymentID={PAYMENT_ID} onClose={() => {}} />);
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });

    await user.click(await within(receipt).findByRole('button', { name: 'Text receipt' }));
    expect(await within(receipt).findByRole('alert')).toHaveTextContent('Account status prevents contact.');
    await user.click(within(receipt).getByRole('button', { name: 'Text receipt' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.body).toEqual({ customer: CUSTOMER_ID, template: 'THANKS' });
    expect(calls[0]?.key).toBeTruthy();
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(await screen.findByText("Receipt text sent. It is outside the customer's texting hours.")).toBeVisible();
  });
});

describe('Text it in Send payment link', () => {
  const ACCOUNT = { id: ACCOUNT_ID, external_id: 'A-1001', amount_due_cents: 12_345 };

  it('issues the link and texts it to the customer through send_message', async () => {
    const issued: unknown[] = [];
    server.use(
      http.post(`/api/merchants/${MERCHANT_ID}/accounts/${ACCOUNT_ID}/payment_link/`, async ({ request }) => {
        issued.push(await request.json());
        return HttpResponse.json(
          {
            payment_link: 'http://localhost/pay/tok-1',
            expires_at: '2026-11-27T15:30:00.000Z',
            emailed: false,
          },
          { status: 201 },
        );
      }),
    );
    const calls = serveSend([() => HttpResponse.json(sentMessage(), { status: 201 })]);
    const user = setupUser();
    render(
      <SendPaymentLinkModal
        merchantID={MERCHANT_ID}
        account={ACCOUNT as never}
        customer={{ id: CUSTOMER_ID, first_name: 'Carla', email: null, sms_phone_number: '+13125550123' }}
        timeZone="America/New_York"
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send payment link' });

    await user.click(within(dialog).getByRole('button', { name: 'Text it' }));

    expect(await within(dialog).findByText(/^Text sent\./)).toBeInTheDocument();
    expect(issued).toEqual([{ customer_id: CUSTOMER_ID, send_email: false }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      customer: CUSTOMER_ID,
      message: 'Hi Carla, pay $123.45 on account A-1001 securely here: http://localhost/pay/tok-1',
    });
  });

  it("shows the SPEC's words when the customer opted out, and offers no Text it without a phone", async () => {
    server.use(
      http.post(`/api/merchants/${MERCHANT_ID}/accounts/${ACCOUNT_ID}/payment_link/`, () =>
        HttpResponse.json(
          { payment_link: 'http://localhost/pay/tok-2', expires_at: '2026-11-27T15:30:00.000Z', emailed: false },
          { status: 201 },
        ),
      ),
    );
    serveSend([() => HttpResponse.json({ code: 'customer.unsubscribed' }, { status: 409 })]);
    const user = setupUser();
    const { unmount } = render(
      <SendPaymentLinkModal
        merchantID={MERCHANT_ID}
        account={ACCOUNT as never}
        customer={{ id: CUSTOMER_ID, first_name: 'Carla', email: null, sms_phone_number: '+13125550123' }}
        timeZone="America/New_York"
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send payment link' });
    await user.click(within(dialog).getByRole('button', { name: 'Text it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The customer has opted out of email or text messages.',
    );
    unmount();

    render(
      <SendPaymentLinkModal
        merchantID={MERCHANT_ID}
        account={ACCOUNT as never}
        customer={{ id: CUSTOMER_ID, first_name: 'Carla', email: null, sms_phone_number: null }}
        timeZone="America/New_York"
        onClose={() => {}}
      />,
    );
    const other = await screen.findByRole('dialog', { name: 'Send payment link' });
    expect(within(other).queryByRole('button', { name: 'Text it' })).not.toBeInTheDocument();
  });
});
