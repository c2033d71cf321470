import { screen, waitFor, within } from '@testing-library/react';
import type { MessagingSettings } from '@paydesk/domain/messaging/messaging-settings.contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { SettingsMessagingRoute } from './settings-messaging';

const SETTINGS: MessagingSettings = {
  help_contact: null,
  opt_out_line: true,
  window_start_minute: null,
  window_end_minute: null,
  sending_numbers: [
    { id: 'n-1', phone_number: '+18605550101', location: null },
    { id: 'n-2', phone_number: '+18605550109', location: { id: 'l-1', name: 'Hartford' } },
  ],
  twilio: null,
};

/** The messaging settings API of m-1; a PUT answers `reply` when given (a 400's fields), else saves. */
function serveSettings(reply?: Record<string, string[]>) {
  let settings = { ...SETTINGS };
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/merchants/m-1/', () => HttpResponse.json(buildMerchant())),
    http.get('/api/merchants/m-1/messaging_settings/', () => HttpResponse.json(settings)),
    http.put('/api/merchants/m-1/messaging_settings/', async ({ request }) => {
      const body = (await request.json()) as Partial<MessagingSettings>;
      bodies.push(body);
      if (reply) return HttpResponse.json(reply, { status: 400 });
      settings = { ...settings, ...body };
      return HttpResponse.json(settings);
    }),
  );
  return bodies;
}

function renderMessaging(profile = buildProfile({ role: 'admin' })) {
  return renderRoutes([{ path: '/merchants/:merchantID/settings/messaging', element: <SettingsMessagingRoute /> }], {
    session: buildSession(profile),
    initialEntries: ['/merchants/m-1/settings/messaging'],
  });
}

describe('settings: messaging', () => {
  it('shows the HELP answer preview, the states’ own hours and the sending numbers with their locations', async () => {
    serveSettings();
    const user = setupUser();
    renderMessaging();
    const preview = await screen.findByTestId('help-preview');
    expect(preview).toHaveTextContent(
      'Demo Motors: account and payment messages. Reply STOP to opt out. Msg & data rates may apply.',
    );
    await user.type(screen.getByRole('textbox', { name: /Contact for HELP/ }), '(860) 555-0100');
    expect(preview).toHaveTextContent('Msg & data rates may apply. Contact: (860) 555-0100.');

    const states = screen.getByRole('table', { name: 'States with their own hours' });
    const florida = within(states).getByRole('cell', { name: 'Florida' }).closest('tr')!;
    expect(within(florida).getByText('8:00 AM–8:00 PM')).toBeInTheDocument();
    const numbers = screen.getByRole('table', { name: 'Sending numbers' });
    expect(within(numbers).getByText('Hartford')).toBeInTheDocument();
    expect(within(numbers).getByText('All locations')).toBeInTheDocument();
  });

  it('saves a narrower window and the opt-out line off, as minutes after midnight', async () => {
    const bodies = serveSettings();
    const user = setupUser();
    renderMessaging();
    await user.click(await screen.findByRole('switch', { name: 'Use a narrower window' }));
    await user.click(screen.getByRole('combobox', { name: /Send from/ }));
    await user.click(await screen.findByRole('option', { name: '9:00 AM' }));
    await user.click(screen.getByRole('combobox', { name: /Until/ }));
    await user.click(await screen.findByRole('option', { name: '6:30 PM' }));
    await user.click(screen.getByRole('switch', { name: /Reply STOP to opt out/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      help_contact: null,
      opt_out_line: false,
      window_start_minute: 540,
      window_end_minute: 1110,
    });
    expect(await screen.findByText('Messaging settings saved')).toBeInTheDocument();
  });

  it('refuses a window that ends before it starts without asking the server, and shows the server’s field errors', async () => {
    const bodies = serveSettings({ help_contact: ['Must be at most 100 characters'] });
    const user = setupUser();
    renderMessaging();
    await user.click(await screen.findByRole('switch', { name: 'Use a narrower window' }));
    await user.click(screen.getByRole('combobox', { name: /Send from/ }));
    await user.click(await screen.findByRole('option', { name: '5:00 PM' }));
    await user.click(screen.getByRole('combobox', { name: /Until/ }));
    await user.click(await screen.findByRole('option', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The window must end after it starts')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: 'Use a narrower window' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText('Must be at most 100 characters')).toBeInTheDocument();
  });

  it('lets a super user add and remove sending numbers', async () => {
    serveSettings();
    const requests: Array<{ method: string; body?: unknown; url: string }> = [];
    server.use(
      http.get('/api/merchants/m-1/merchant_locations/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
      http.post('/api/merchants/m-1/sending_numbers/', async ({ request }) => {
        requests.push({ method: 'POST', body: await request.json(), url: request.url });
        return HttpResponse.json({ id: 'n-3', phone_number: '+18605550111', location: null }, { status: 201 });
      }),
      http.delete('/api/merchants/m-1/sending_numbers/:nid/', ({ request }) => {
        requests.push({ method: 'DELETE', url: request.url });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    renderMessaging(buildProfile({ role: 'super_admin', isSuperUser: true }));
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '(860) 555-0111');
    await user.click(screen.getByRole('button', { name: 'Add number' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ phone_number: '(860) 555-0111', location_id: null });
    await user.click(screen.getByRole('button', { name: 'Remove (860) 555-0109' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.url).toMatch(/\/sending_numbers\/n-2\/$/);
  });

  it('shows an administrator no account or number controls', async () => {
    serveSettings();
    renderMessaging();
    expect(await screen.findByRole('table', { name: 'Sending numbers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Account SID' })).not.toBeInTheDocument();
  });
});
