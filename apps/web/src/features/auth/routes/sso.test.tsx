import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PROFILES,
  issueTokens,
  mockIdentityApi,
  readLocation,
  renderApp,
  storeSession,
} from '../../../../test/identity';
import { server } from '../../../../test/server';

describe('/sso', () => {
  beforeEach(() => localStorage.clear());

  it('signs in once with the link id and token, over an existing session, and lands like a login', async () => {
    const calls = mockIdentityApi(PROFILES.admin);
    const previous = storeSession(PROFILES.staff);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/sso-auth/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(issueTokens(PROFILES.admin));
      }),
    );

    const { router } = renderApp({ initialEntries: ['/sso?id=link-1&token=secret'] });

    expect(await screen.findByRole('heading', { name: 'Welcome, Avery' })).toBeInTheDocument();
    expect(readLocation(router)).toBe('/');
    expect(sent).toEqual([{ id: 'link-1', token: 'secret' }]);
    // The session it replaced was refreshed at start-up; that sign-in's refresh token is blacklisted.
    expect(calls.refresh).toEqual([previous.refresh]);
    expect(calls.blacklist).toHaveLength(1);
  });

  it('opens the customer of account_id after signing in', async () => {
    mockIdentityApi(PROFILES.admin);
    const located: string[] = [];
    server.use(
      http.post('/api/sso-auth/', () => HttpResponse.json(issueTokens(PROFILES.admin))),
      http.get('/api/accounts/:accountId/locate/', ({ params }) => {
        located.push(String(params.accountId));
        return HttpResponse.json({
          merchant_id: 'm-demo',
          customer_id: '00000000-0000-4000-8000-000000000c01',
          account_id: String(params.accountId),
        });
      }),
      // The customer page itself is not this test's concern.
      http.get('/api/merchants/m-demo/customers/:customerId/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
      http.get('/api/merchants/m-demo/merchant_locations/', () => HttpResponse.json({ results: [] })),
    );

    const { router } = renderApp({ initialEntries: ['/sso?id=link-1&token=secret&account_id=acc-9'] });

    await waitFor(() =>
      expect(readLocation(router)).toBe('/merchants/m-demo/customers/00000000-0000-4000-8000-000000000c01'),
    );
    expect(located).toEqual(['acc-9']);
  });

  it('lands as usual when the account of account_id cannot be found', async () => {
    mockIdentityApi(PROFILES.admin);
    server.use(
      http.post('/api/sso-auth/', () => HttpResponse.json(issueTokens(PROFILES.admin))),
      http.get('/api/accounts/:accountId/locate/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );

    const { router } = renderApp({ initialEntries: ['/sso?id=link-1&token=secret&account_id=nope'] });

    expect(await screen.findByRole('heading', { name: 'Welcome, Avery' })).toBeInTheDocument();
    expect(readLocation(router)).toBe('/');
  });

  it('explains an invalid link', async () => {
    mockIdentityApi(null);
    server.use(
      http.post('/api/sso-auth/', () =>
        HttpResponse.json({ detail: 'Token is invalid', code: 'token.invalid' }, { status: 400 }),
      ),
    );

    const { router } = renderApp({ initialEntries: ['/sso?id=link-1&token=used'] });

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Token.');
    await waitFor(() => expect(readLocation(router)).toBe('/sso?id=link-1&token=used'));
  });

  it('says so when the link lacks its token', async () => {
    mockIdentityApi(null);

    renderApp({ initialEntries: ['/sso?id=link-1'] });

    expect(await screen.findByText('The link is missing its id or token.')).toBeInTheDocument();
  });
});
