import { screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@paydesk/domain/profile/profile.contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MERCHANTS, PROFILES, mockIdentityApi, renderApp, storeSession } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';

const M = MERCHANTS.demoMotors.id;
const PAT = '5b1f0c1e-8a43-4f6e-9f7a-1d2b3c4d5e6f';
const ACCOUNT = '7c2e1d3f-9b54-4a7f-8e6b-2c3d4e5f6a7b';

const ENTRY = {
  customer_id: PAT,
  first_name: 'Pat',
  last_name: 'Lee',
  external_id: 'DM-1001',
  phone_number: '+13125550100',
  last_message_body: 'Can I pay Friday?',
  last_message_created: '2026-03-02T15:10:00.000Z',
  unread_messages: 2,
  needs_review: false,
};

function serverMessage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    customer_id: PAT,
    sender: 'Avery Admin',
    direction: 'outbound',
    body: 'Your payment is due.',
    language: 'en-US',
    translations: {},
    created: '2026-03-02T15:00:00.000Z',
    attachments: [],
    status: 'delivered',
    error_code: null,
    error_message: null,
    secondary_message: null,
    flagged_opt_out: false,
    ...overrides,
  };
}

const CUSTOMER = {
  id: PAT,
  merchant: { id: M, name: 'Demo Motors', is_integrated: false },
  first_name: 'Pat',
  last_name: 'Lee',
  email: null,
  sms_phone_number: '+13125550100',
  date_of_birth: null,
  language: 'en-US',
  location: { id: 'loc-1', name: 'Main St' },
  text_opt_in: true,
  email_opt_in: false,
  removed: false,
  removed_at: null,
  accounts: [
    {
      id: ACCOUNT,
      external_id: 'DM-1001',
      role: 'primary',
      status: 'active',
      amount_due_cents: 12_500,
      due_date: '2026-02-20',
      autopay: false,
      convenience_fee_cents: 0,
      location: { id: 'loc-1', name: 'Main St' },
      tags: [],
      customers: [],
      device: null,
      created: '2026-01-01T00:00:00.000Z',
    },
  ],
  created: '2026-01-01T00:00:00.000Z',
};

type Calls = { read: string[]; sent: unknown[] };

function openInbox(
  send: () => Response,
  path = `/merchants/${M}/inbox`,
  profile: Profile = PROFILES.admin,
  ...handlers: HttpHandler[]
): Calls {
  const calls: Calls = { read: [], sent: [] };
  mockIdentityApi(profile);
  storeSession(profile);
  server.use(
    ...handlers,
    http.get(`/api/merchants/:mid/merchant_locations/`, () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [{ id: 'loc-1', name: 'Main St' }] }),
    ),
    http.get(`/api/merchants/:mid/inbox/`, () => HttpResponse.json({ next: null, results: [ENTRY] })),
    http.get(`/api/merchants/:mid/inbox/:cid/`, () => HttpResponse.json(ENTRY)),
    http.post(`/api/merchants/:mid/inbox/:cid/read/`, async ({ params, request }) => {
      const body = (await request.json()) as { through_message?: string };
      calls.read.push(`${String(params.cid)} through ${body.through_message}`);
      return HttpResponse.json({ ...ENTRY, unread_messages: 0 });
    }),
    http.get(`/api/merchants/:mid/customers/${PAT}/`, () => HttpResponse.json(CUSTOMER)),
    http.get(`/api/merchants/:mid/customers/${PAT}/messages/`, () =>
      HttpResponse.json({
        next: null,
        // Newest first, as the API lists them.
        results: [
          serverMessage('22222222-2222-4222-8222-222222222222', {
            direction: 'inbound',
            sender: 'Pat Lee',
            status: 'received',
            body: 'Can I pay Friday?',
            created: '2026-03-02T15:10:00.000Z',
          }),
          serverMessage('11111111-1111-4111-8111-111111111111'),
        ],
      }),
    ),
    http.get(`/api/merchants/:mid/accounts/${ACCOUNT}/promises/`, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    http.get(`/api/merchants/:mid/customers/${PAT}/accounts/${ACCOUNT}/transactions/`, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    http.post(`/api/merchants/:mid/accounts/${ACCOUNT}/send_message/`, async ({ request }) => {
      calls.sent.push(await request.json());
      return send();
    }),
  );
  renderApp({ initialEntries: [path] });
  return calls;
}

describe('/merchants/:merchantID/inbox', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('lists conversations with unread counts; opening one marks it read and shows it oldest first', async () => {
    const user = setupUser();
    const calls = openInbox(() => HttpResponse.json({}));

    const conversations = await screen.findByRole('list', { name: 'Conversations' });
    await user.click(within(conversations).getByRole('button', { name: 'Pat Lee, 2 unread' }));

    const messages = await screen.findByRole('list', { name: 'Messages' });
    const texts = within(messages)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts.findIndex((text) => text.includes('Your payment is due.'))).toBeLessThan(
      texts.findIndex((text) => text.includes('Can I pay Friday?')),
    );
    // Read through the newest message shown: a reply the pane has not shown stays unread.
    await waitFor(() => expect(calls.read).toEqual([`${PAT} through 22222222-2222-4222-8222-222222222222`]));

    const accounts = screen.getByRole('complementary', { name: 'Customer accounts' });
    expect(within(accounts).getByText('$125.00')).toBeInTheDocument();
    expect(within(accounts).getByText('02/20/2026')).toBeInTheDocument();
  });

  it('shows a sent message with a spinner, then the server’s message in its place', async () => {
    const user = setupUser();
    const sent = serverMessage('33333333-3333-4333-8333-333333333333', {
      body: 'See you Friday',
      status: 'queued',
      created: '2026-03-02T15:11:00.000Z',
    });
    const calls = openInbox(
      () => HttpResponse.json({ [PAT]: { ...sent, outside_send_window: true } }, { status: 201 }),
      `/merchants/${M}/inbox?customer=${PAT}`,
    );

    const message = await screen.findByRole('textbox', { name: 'Message' });
    await screen.findByRole('list', { name: 'Messages' });
    await user.type(message, 'See you Friday{Enter}');

    expect(await screen.findByText(/Queued/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Sending')).not.toBeInTheDocument();
    expect(calls.sent).toEqual([{ customer: PAT, message: 'See you Friday' }]);
    expect(screen.getByText(/outside the customer's texting hours/)).toBeInTheDocument();
    expect(message).toHaveValue('');
  });

  it('keeps a refused send in the chat with the error icon and the catalogue message', async () => {
    const user = setupUser();
    openInbox(
      () =>
        HttpResponse.json(
          { detail: 'The customer has opted out of email or text messages.', code: 'customer.unsubscribed' },
          { status: 409 },
        ),
      `/merchants/${M}/inbox?customer=${PAT}`,
    );

    const message = await screen.findByRole('textbox', { name: 'Message' });
    await screen.findByRole('list', { name: 'Messages' });
    await user.type(message, 'Are you there?{Enter}');

    expect(await screen.findByText('The customer has opted out of email or text messages.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Not delivered' })).toBeInTheDocument();
    expect(screen.getByText('Are you there?')).toBeInTheDocument();
  });

  it('without free typing sends only a chosen template by its id; the server renders it for the customer', async () => {
    const user = setupUser();
    const [agentMerchant] = PROFILES.agent.merchants;
    // A custom role with no flags: it may neither type freely nor open the template pages (SPEC §6).
    const templateOnly: Profile = {
      ...PROFILES.agent,
      merchants: [{ ...agentMerchant!, access_roles: ['staff'] }],
      access: { ...PROFILES.agent.access, roles: ['staff'] },
    };
    const custom = MERCHANTS.customRolesAuto.id;
    const asked: string[] = [];
    const templateId = '9d3e2f4a-0c65-4b8a-9f7c-3d4e5f6a7b8c';
    const calls = openInbox(
      () =>
        HttpResponse.json(
          {
            [PAT]: {
              ...serverMessage('44444444-4444-4444-8444-444444444444'),
              body: 'Hi Pat, pay: https://pay.example/p/real',
              outside_send_window: false,
            },
          },
          { status: 201 },
        ),
      `/merchants/${custom}/inbox?customer=${PAT}`,
      templateOnly,
      http.get(`/api/merchants/:mid/inbox/${PAT}/templates/`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          results: [
            {
              id: templateId,
              name: 'Friendly reminder',
              type: 'UNSCHEDULED',
              preview: 'Hi Pat, pay: https://pay.example/p/sample',
            },
          ],
        });
      }),
    );

    const message = await screen.findByRole('textbox', { name: 'Message' });
    await screen.findByRole('list', { name: 'Messages' });
    expect(message).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /Send payment link/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Friendly reminder' }));

    // The preview for this customer and account is shown; only the template's id is sent.
    await waitFor(() => expect(message).toHaveValue('Hi Pat, pay: https://pay.example/p/sample'));
    expect(asked).toEqual([`?account=${ACCOUNT}`]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.sent).toEqual([{ customer: PAT, message: '', template: templateId }]));
    expect(await screen.findByText('Hi Pat, pay: https://pay.example/p/real')).toBeInTheDocument();
  });

  describe('a reply flagged as a possible opt-out', () => {
    type Review = { action: string };

    /** A conversation whose last reply reads like an opt-out, until it is reviewed. */
    function flaggedConversation(profile: Profile = PROFILES.admin, merchant = M) {
      const reviews: Review[] = [];
      let flagged = true;
      let optedIn = true;
      const entry = () => ({ ...ENTRY, last_message_body: 'please stop texting me', needs_review: flagged });
      const calls = openInbox(
        () =>
          HttpResponse.json(
            { detail: 'The customer has opted out of email or text messages.', code: 'customer.unsubscribed' },
            { status: 409 },
          ),
        `/merchants/${merchant}/inbox?customer=${PAT}`,
        profile,
        http.get(`/api/merchants/:mid/inbox/`, () => HttpResponse.json({ next: null, results: [entry()] })),
        http.get(`/api/merchants/:mid/inbox/${PAT}/`, () => HttpResponse.json(entry())),
        http.get(`/api/merchants/:mid/inbox/${PAT}/templates/`, () => HttpResponse.json({ results: [] })),
        http.post(`/api/merchants/:mid/inbox/${PAT}/read/`, () =>
          HttpResponse.json({ ...entry(), unread_messages: 0 }),
        ),
        http.get(`/api/merchants/:mid/customers/${PAT}/`, () =>
          HttpResponse.json({ ...CUSTOMER, text_opt_in: optedIn }),
        ),
        http.get(`/api/merchants/:mid/customers/${PAT}/messages/`, () =>
          HttpResponse.json({
            next: null,
            results: [
              serverMessage('55555555-5555-4555-8555-555555555555', {
                direction: 'inbound',
                sender: 'Pat Lee',
                status: 'received',
                body: 'please stop texting me ',
                created: '2026-03-02T15:10:00.000Z',
                flagged_opt_out: flagged,
              }),
              serverMessage('11111111-1111-4111-8111-111111111111'),
            ],
          }),
        ),
        http.post(`/api/merchants/:mid/inbox/${PAT}/opt_out_flag/`, async ({ request }) => {
          const body = (await request.json()) as Review;
          reviews.push(body);
          flagged = false;
          if (body.action === 'confirm') optedIn = false;
          return HttpResponse.json(entry());
        }),
      );
      return { calls, reviews };
    }

    it('shows the flagged words; Opt out of texts asks I’m Sure, opts out, and the banner and badge go', async () => {
      const user = setupUser();
      const { reviews } = flaggedConversation();

      const banner = await screen.findByRole('region', { name: 'This reply may be an opt-out request' });
      expect(within(banner).getByText('“please stop texting me”')).toBeInTheDocument();
      const conversations = await screen.findByRole('list', { name: 'Conversations' });
      expect(within(conversations).getByText('Check opt-out')).toBeInTheDocument();

      await user.click(within(banner).getByRole('button', { name: 'Opt out of texts' }));
      const dialog = await screen.findByRole('dialog', { name: 'Turn off text opt-in?' });
      expect(within(dialog).getByText("For Pat Lee, by choosing I'm Sure you affirm:")).toBeInTheDocument();
      expect(reviews).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: "I'm Sure" }));

      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'This reply may be an opt-out request' })).not.toBeInTheDocument(),
      );
      expect(reviews).toEqual([{ action: 'confirm' }]);
      await waitFor(() => expect(within(conversations).queryByText('Check opt-out')).not.toBeInTheDocument());
      expect(await screen.findByText(/opted out of texts/)).toBeInTheDocument();

      // Sending is refused as for any opted-out customer.
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
      expect(await screen.findByText('The customer has opted out of email or text messages.')).toBeInTheDocument();
    });

    it('Cancel in the I’m Sure dialog changes nothing; Not an opt-out dismisses the flag', async () => {
      const user = setupUser();
      const { reviews } = flaggedConversation();

      const banner = await screen.findByRole('region', { name: 'This reply may be an opt-out request' });
      await user.click(within(banner).getByRole('button', { name: 'Opt out of texts' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(reviews).toEqual([]);

      await user.click(within(banner).getByRole('button', { name: 'Not an opt-out' }));
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'This reply may be an opt-out request' })).not.toBeInTheDocument(),
      );
      expect(reviews).toEqual([{ action: 'dismiss' }]);
      expect(screen.queryByText(/opted out of texts/)).not.toBeInTheDocument();
    });

    it('tells a user who may not edit customers, without the buttons', async () => {
      const [agentMerchant] = PROFILES.agent.merchants;
      // A custom role without is_customer_update_allowed (SPEC §6): the review changes consent.
      const noCustomerEdit: Profile = {
        ...PROFILES.agent,
        merchants: [{ ...agentMerchant!, access_roles: ['staff'] }],
        access: { ...PROFILES.agent.access, roles: ['staff'] },
      };
      flaggedConversation(noCustomerEdit, MERCHANTS.customRolesAuto.id);

      const banner = await screen.findByRole('region', { name: 'This reply may be an opt-out request' });
      expect(within(banner).getByText('“please stop texting me”')).toBeInTheDocument();
      expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    });
  });
});
