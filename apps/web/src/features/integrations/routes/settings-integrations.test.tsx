import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { browser, SettingsIntegrationsRoute } from './settings-integrations';

const connection = (provider: string, overrides: object = {}) => ({
  provider,
  status: 'disconnected',
  account_label: '',
  connected_by: null,
  connected_at: null,
  last_tested_at: null,
  last_error: null,
  ...overrides,
});

function renderIntegrations() {
  return renderRoutes(
    [{ path: '/merchants/:merchantID/settings/integrations', element: <SettingsIntegrationsRoute /> }],
    {
      session: buildSession(buildProfile({ role: 'super_admin', isSuperUser: true })),
      initialEntries: ['/merchants/m-1/settings/integrations'],
    },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('settings: integrations', () => {
  it('shows each provider and sends the browser to a fresh FreshBooks connect link', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.use(
      http.get('/api/merchants/m-1/integrations/', () =>
        HttpResponse.json({
          results: [
            connection('freshbooks'),
            connection('passtime', {
              status: 'connected',
              account_label: 'DM-1001',
              connected_at: '2026-03-01T12:00:00Z',
            }),
            connection('ituran', {
              status: 'error',
              account_label: 'IT-7',
              last_error: 'Ituran refused the credentials.',
            }),
          ],
        }),
      ),
      http.get('/api/oauth-links/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('merchant')).toBe('m-1');
        // The flow comes back to the address the user is on.
        expect(new URL(request.url).searchParams.get('origin')).toBe(window.location.origin);
        return HttpResponse.json({
          results: [
            {
              provider: 'freshbooks',
              url: 'https://auth.example/authorize?state=s',
              expires_at: '2026-03-05T10:10:00Z',
            },
          ],
        });
      }),
    );
    const user = setupUser();
    renderIntegrations();

    expect(await screen.findByRole('heading', { name: 'PassTime' })).toBeInTheDocument();
    expect(screen.getByText('DM-1001')).toBeInTheDocument();
    expect(screen.getByText('Ituran refused the credentials.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PassTime settings' })).toHaveAttribute(
      'href',
      '/merchants/m-1/settings/passtime',
    );
    await user.click(screen.getByRole('button', { name: 'Connect FreshBooks' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example/authorize?state=s'));
  });

  it('asks to reconnect FreshBooks after FreshBooks refused the connection, and says why', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    server.use(
      http.get('/api/merchants/m-1/integrations/', () =>
        HttpResponse.json({
          results: [
            connection('freshbooks', {
              status: 'error',
              account_label: 'Demo Business',
              last_error: 'FreshBooks refused to renew the connection: connect it again.',
            }),
            connection('passtime'),
            connection('ituran'),
          ],
        }),
      ),
      http.get('/api/oauth-links/', () =>
        HttpResponse.json({
          results: [
            {
              provider: 'freshbooks',
              url: 'https://auth.example/authorize?state=r',
              expires_at: '2026-03-05T10:10:00Z',
            },
          ],
        }),
      ),
    );
    const user = setupUser();
    renderIntegrations();

    const card = (await screen.findByRole('heading', { name: 'FreshBooks' })).closest('.mantine-Card-root');
    if (!(card instanceof HTMLElement)) throw new Error('no FreshBooks card');
    expect(within(card).getByText('Error')).toBeInTheDocument();
    expect(within(card).getByText('FreshBooks refused to renew the connection: connect it again.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Connect FreshBooks' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reconnect FreshBooks' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example/authorize?state=r'));
  });

  it('disconnects FreshBooks after a confirmation', async () => {
    let connected = true;
    server.use(
      http.get('/api/merchants/m-1/integrations/', () =>
        HttpResponse.json({
          results: [
            connected
              ? connection('freshbooks', { status: 'connected', account_label: 'Demo Business' })
              : connection('freshbooks'),
            connection('passtime'),
            connection('ituran'),
          ],
        }),
      ),
      http.delete('/api/merchants/m-1/integrations/freshbooks/', () => {
        connected = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    renderIntegrations();

    expect(await screen.findByText('Demo Business')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect FreshBooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect FreshBooks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect FreshBooks' })).toBeInTheDocument();
    expect(screen.getByText('FreshBooks disconnected')).toBeInTheDocument();
  });
});
