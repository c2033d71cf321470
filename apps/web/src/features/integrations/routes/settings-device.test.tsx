import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { SettingsIturanRoute, SettingsPasstimeRoute } from './settings-device';

const SETTINGS = {
  provider: 'passtime',
  dealer_id: 'DM-1001',
  username: 'demo.motors',
  has_password: true,
  status: 'connected',
  connected_by: 'Avery Admin',
  connected_at: '2026-03-01T12:00:00.000Z',
  last_tested_at: null,
  last_error: null,
};

const FAILED = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  provider: 'passtime',
  action: 'starter_disable',
  device_id: 'PT-4410',
  account_reference: null,
  error_message: 'Device PT-4410 is offline.',
  is_resolvable: true,
  status: 'open',
  created: '2026-03-04T15:07:00.000Z',
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage(path = '/merchants/m-1/settings/passtime') {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/settings/passtime', element: <SettingsPasstimeRoute /> },
      { path: '/merchants/:merchantID/settings/ituran', element: <SettingsIturanRoute /> },
    ],
    { session: buildSession(buildProfile({ role: 'admin' })), initialEntries: [path] },
  );
}

describe('settings: PassTime', () => {
  it('shows the saved credentials without the password and keeps it when left empty', async () => {
    let body: unknown;
    server.use(
      http.get('/api/merchants/m-1/integrations/passtime/', () => HttpResponse.json(SETTINGS)),
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([FAILED]))),
      http.put('/api/merchants/m-1/integrations/passtime/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...SETTINGS, username: 'new.user' });
      }),
    );
    const user = setupUser();
    renderPage();

    const username = await screen.findByRole('textbox', { name: /^Username/ });
    expect(screen.getByRole('textbox', { name: /^Dealer ID/ })).toHaveValue('DM-1001');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByText('A password is saved. Leave empty to keep it.')).toBeInTheDocument();
    await user.clear(username);
    await user.type(username, ' new.user ');
    await user.click(screen.getByRole('button', { name: 'Save credentials' }));

    expect(await screen.findByText('PassTime credentials saved')).toBeInTheDocument();
    expect(body).toEqual({ dealer_id: 'DM-1001', username: 'new.user' });
  });

  it('puts the server’s field errors on the fields and requires a password the first time', async () => {
    server.use(
      http.get('/api/merchants/m-1/integrations/ituran/', () =>
        HttpResponse.json({
          ...SETTINGS,
          provider: 'ituran',
          dealer_id: undefined,
          account_id: '',
          username: '',
          has_password: false,
          status: 'disconnected',
        }),
      ),
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([]))),
      http.put('/api/merchants/m-1/integrations/ituran/', () =>
        HttpResponse.json({ account_id: ['Use letters, digits, dots, dashes and underscores only'] }, { status: 400 }),
      ),
    );
    const user = setupUser();
    renderPage('/merchants/m-1/settings/ituran');

    await user.click(await screen.findByRole('button', { name: 'Save credentials' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(screen.getByText('No failed actions.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Account ID/ }), 'IT-1');
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'me');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save credentials' }));
    expect(await screen.findByText('Use letters, digits, dots, dashes and underscores only')).toBeInTheDocument();
  });

  it('shows a refused login on the user name and password, and the connection in its error state', async () => {
    const refusal = 'PassTime refused the credentials: check the user name and password.';
    server.use(
      http.get('/api/merchants/m-1/integrations/passtime/', () => HttpResponse.json(SETTINGS)),
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([]))),
      http.put('/api/merchants/m-1/integrations/passtime/', () =>
        HttpResponse.json({ username: [refusal], password: [refusal] }, { status: 400 }),
      ),
    );
    const user = setupUser();
    renderPage();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save credentials' }));

    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveAccessibleDescription(refusal);
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
    expect(screen.getByText('PassTime refused the login just tried; the saved one is unchanged.')).toBeInTheDocument();
    expect(screen.queryByText('PassTime credentials saved')).not.toBeInTheDocument();
  });

  it('tests the connection and shows the result', async () => {
    server.use(
      http.get('/api/merchants/m-1/integrations/passtime/', () => HttpResponse.json(SETTINGS)),
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([]))),
      http.post('/api/merchants/m-1/integrations/passtime/test/', () =>
        HttpResponse.json({
          ok: false,
          message: 'PassTime refused the credentials: check the user name and password.',
          tested_at: '2026-03-05T10:00:00.000Z',
        }),
      ),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('PassTime refused the credentials: check the user name and password.')).toBeInTheDocument();
  });

  it('lists recent failed actions with a link to Failed actions, and types in no device id', async () => {
    server.use(
      http.get('/api/merchants/m-1/integrations/passtime/', () => HttpResponse.json(SETTINGS)),
      http.get('/api/merchants/m-1/failed-actions/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('provider')).toBe('passtime');
        return HttpResponse.json(page([FAILED]));
      }),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('PT-4410')).toBeInTheDocument();
    expect(within(table).getByText('Resolvable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry or resolve them on Failed actions' })).toHaveAttribute(
      'href',
      '/merchants/m-1/failed-actions',
    );
    expect(screen.queryByRole('textbox', { name: /Device ID/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send command' })).not.toBeInTheDocument();
  });
});
