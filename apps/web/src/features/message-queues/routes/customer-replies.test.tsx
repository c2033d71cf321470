import type { CustomerReply } from '@paydesk/domain/messaging/message-queues.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { CustomerRepliesRoute } from './customer-replies';

const CARLA: CustomerReply = {
  customer_id: '5a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f31',
  first_name: 'Carla',
  last_name: 'Customer',
  external_id: 'A-1001',
  phone_number: '+13125550111',
  unread_messages: 2,
  first_unread_created: '2026-03-04T15:07:00.000Z',
  messages: [
    { id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a12', body: 'Hello?', created: '2026-03-04T16:30:00.000Z', attachments: 0 },
    {
      id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
      body: 'When is my payment due?',
      created: '2026-03-04T15:07:00.000Z',
      attachments: 0,
    },
  ],
  needs_review: false,
};
const DAN: CustomerReply = {
  ...CARLA,
  customer_id: '7a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f32',
  first_name: 'Dan',
  last_name: 'Debtor',
  external_id: 'A-2002',
  unread_messages: 1,
  first_unread_created: '2026-03-05T10:00:00.000Z',
  messages: [
    {
      id: '8f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a13',
      body: 'stop texting me',
      created: '2026-03-05T10:00:00.000Z',
      attachments: 0,
    },
  ],
  needs_review: true,
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage() {
  return renderRoutes([{ path: '/customer-replies', element: <CustomerRepliesRoute /> }], {
    session: buildSession(buildProfile({ role: 'staff', merchant: buildMerchant({ id: 'm-1' }) })),
    initialEntries: ['/customer-replies?merchant=m-1'],
  });
}

describe('customer replies', () => {
  it("shows each conversation's unread replies, the time in the merchant's zone, the count and an Open link", async () => {
    server.use(http.get('/api/merchants/m-1/customer_replies/', () => HttpResponse.json(page([CARLA, DAN]))));
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Carla Customer')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Account A-1001')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Hello?')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('When is my payment due?')).toBeInTheDocument();
    // 16:30 UTC on March 4th is 11:30 in New York; the first unread reply came at 10:07.
    expect(within(rows[0] as HTMLElement).getByText('03/04/2026 11:30 AM')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('First at 03/04/2026 10:07 AM')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Reads like an opt-out')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the conversation with Carla Customer' })).toHaveAttribute(
      'href',
      `/merchants/m-1/inbox?customer=${CARLA.customer_id}`,
    );
    expect(screen.getByText('2 conversations waiting')).toBeInTheDocument();
  });

  it('marks a conversation read through the inbox and drops it from the list', async () => {
    let read = false;
    const calls: string[] = [];
    server.use(
      http.get('/api/merchants/m-1/customer_replies/', () => HttpResponse.json(page(read ? [DAN] : [CARLA, DAN]))),
      http.post('/api/merchants/m-1/inbox/:cid/read/', async ({ params, request }) => {
        calls.push(`${String(params.cid)} ${JSON.stringify(await request.json())}`);
        read = true;
        return HttpResponse.json({ ...CARLA, unread_messages: 0 });
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: "Mark Carla Customer's replies read" }));
    await waitFor(() => expect(screen.queryByText('Carla Customer')).not.toBeInTheDocument());
    // Through the newest reply listed: one arriving since stays unread.
    expect(calls).toEqual([`${CARLA.customer_id} {"through_message":"${CARLA.messages[0]?.id}"}`]);
    expect(await screen.findByText("Marked Carla Customer's replies read")).toBeInTheDocument();
    expect(screen.getByText('1 conversation waiting')).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    server.use(http.get('/api/merchants/m-1/customer_replies/', () => HttpResponse.json(page([]))));
    renderPage();
    expect(await screen.findByText('No unread replies.')).toBeInTheDocument();
  });
});
