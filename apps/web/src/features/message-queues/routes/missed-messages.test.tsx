import type { MissedMessage } from '@paydesk/domain/messaging/message-queues.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { MissedMessagesRoute } from './missed-messages';

const UNREACHABLE: MissedMessage = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  created: '2026-03-04T15:07:00.000Z',
  status: 'failed',
  kind: 'manual',
  sender: 'Sam Staff',
  customer: {
    id: '5a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f31',
    first_name: 'Carla',
    last_name: 'Customer',
    external_id: 'A-1001',
  },
  phone_number: '+13125550111',
  body: 'Your payment is due Friday.',
  attachments: 0,
  error_code: '30003',
  error_message: 'Unreachable destination handset',
  reason: 'The phone was off or out of reach. The text can be sent again later.',
  resendable: true,
  resend_of: null,
};
const STOPPED: MissedMessage = {
  ...UNREACHABLE,
  id: '7f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
  status: 'undelivered',
  customer: {
    ...UNREACHABLE.customer!,
    id: '7a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f32',
    first_name: 'Dan',
    last_name: 'Debtor',
  },
  error_code: '21610',
  reason: 'The customer has replied STOP to this number and cannot be texted until they reply START.',
  resendable: false,
  resend_of: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a09',
};
const SENT_AGAIN = {
  id: '9f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a19',
  customer_id: UNREACHABLE.customer!.id,
  sender: 'Sam Staff',
  direction: 'outbound',
  body: UNREACHABLE.body,
  language: 'en-US',
  translations: {},
  created: '2026-03-05T10:00:00.000Z',
  attachments: [],
  status: 'queued',
  error_code: null,
  error_message: null,
  secondary_message: null,
  flagged_opt_out: false,
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage(role: 'staff' | 'custom' = 'staff', accessRoles?: string[]) {
  return renderRoutes([{ path: '/missed-messages', element: <MissedMessagesRoute /> }], {
    session: buildSession(
      buildProfile({
        role,
        accessRoles,
        merchant: buildMerchant({ id: 'm-1', check_custom_roles: role === 'custom' }),
      }),
    ),
    initialEntries: ['/missed-messages?merchant=m-1'],
  });
}

describe('missed messages', () => {
  it('shows each text with the reason in plain words, and Resend only where the error allows', async () => {
    server.use(http.get('/api/merchants/m-1/missed_messages/', () => HttpResponse.json(page([UNREACHABLE, STOPPED]))));
    renderPage();
    const table = await screen.findByRole('table');
    const [unreachable, stopped] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(unreachable!).getByText('03/04/2026 10:07 AM')).toBeInTheDocument();
    expect(within(unreachable!).getByText(UNREACHABLE.reason)).toBeInTheDocument();
    expect(within(unreachable!).getByText('Error 30003')).toBeInTheDocument();
    expect(within(unreachable!).getByText('Account A-1001')).toBeInTheDocument();
    expect(within(unreachable!).getByRole('button', { name: 'Resend the text to Carla Customer' })).toBeInTheDocument();
    expect(within(stopped!).getByText(STOPPED.reason)).toBeInTheDocument();
    expect(within(stopped!).getByText('Undelivered')).toBeInTheDocument();
    expect(within(stopped!).getByText('Already sent again once')).toBeInTheDocument();
    expect(within(stopped!).getByText('Can not be sent again')).toBeInTheDocument();
    expect(within(stopped!).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
    expect(within(stopped!).getByRole('button', { name: 'Dismiss the text to Dan Debtor' })).toBeInTheDocument();
    expect(screen.getByText('2 missed messages')).toBeInTheDocument();
  });

  it('resends with one Idempotency-Key across a lost answer, and the text leaves the list', async () => {
    const keys: Array<string | null> = [];
    let resent = false;
    server.use(
      http.get('/api/merchants/m-1/missed_messages/', () => HttpResponse.json(page(resent ? [] : [UNREACHABLE]))),
      http.post(`/api/merchants/m-1/missed_messages/${UNREACHABLE.id}/resend/`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (keys.length === 1) return HttpResponse.error();
        resent = true;
        return HttpResponse.json(SENT_AGAIN, { status: 201 });
      }),
    );
    const user = setupUser();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Resend the text to Carla Customer' });
    await user.click(button);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    await user.click(screen.getByRole('button', { name: 'Resend the text to Carla Customer' }));
    expect(await screen.findByText('Text to Carla Customer queued to be sent again')).toBeInTheDocument();
    expect(await screen.findByText('No missed messages.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows why a resend was refused, and dismisses a text', async () => {
    let dismissed = false;
    server.use(
      http.get('/api/merchants/m-1/missed_messages/', () => HttpResponse.json(page(dismissed ? [] : [UNREACHABLE]))),
      http.post(`/api/merchants/m-1/missed_messages/${UNREACHABLE.id}/resend/`, () =>
        HttpResponse.json(
          { detail: 'The customer has opted out of email or text messages.', code: 'customer.unsubscribed' },
          { status: 409 },
        ),
      ),
      http.post(`/api/merchants/m-1/missed_messages/${UNREACHABLE.id}/dismiss/`, () => {
        dismissed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend the text to Carla Customer' }));
    expect(await screen.findByText('The customer has opted out of email or text messages.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the text to Carla Customer' }));
    expect(await screen.findByText('Text to Carla Customer dismissed')).toBeInTheDocument();
    expect(await screen.findByText('No missed messages.')).toBeInTheDocument();
  });

  it('offers no Resend to a custom role without free-typing chat', async () => {
    server.use(http.get('/api/merchants/m-1/missed_messages/', () => HttpResponse.json(page([UNREACHABLE]))));
    renderPage('custom', ['staff', 'is_customer_update_allowed']);
    expect(await screen.findByRole('button', { name: 'Dismiss the text to Carla Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });
});
