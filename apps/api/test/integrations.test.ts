import { Writable } from 'node:stream';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../src/app';
import { auditEvents } from '../src/db/schema/audit';
import { failedActions, integrationConnections, oauthStates } from '../src/db/schema/integrations';
import { DEMO_PASSTIME } from '../src/db/demo/integrations';
import { SANDBOX_DEVICE_LOGIN } from '../src/providers/devices/sandbox-device-service';
import { createRealFreshbooksProvider } from '../src/providers/freshbooks/real-freshbooks-provider';
import { createSandboxDevices } from '../src/providers/providers';
import {
  FreshbooksAuthorizationError,
  FreshbooksCodeError,
  FreshbooksRateLimitError,
  FreshbooksSyncError,
  freshbooksSessionExpired,
} from '../src/providers/freshbooks/freshbooks-provider';
import { createCustomerFixture, createUser, signInCustomRoleUser } from './factories';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { seedDemo, sessionsFor, signIn, bearer, type DemoIds } from './identity';

let logText = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logText += String(chunk);
    done();
  },
});

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp({
    logger: { ...(loggerOptions(testConfig()) as object), level: 'trace', stream: logStream },
    // The device sandbox knows the demo login and the ones these tests save.
    providers: { devices: createSandboxDevices([SANDBOX_DEVICE_LOGIN, ...TEST_DEVICE_LOGINS]) },
  });
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, who: string | Record<string, string> | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: who === null ? {} : typeof who === 'string' ? await as(who) : who,
  });

const SUPER = 'super@demo.test';
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const LEGACY = 'legacy@demo.test';
const APP_URL = 'http://localhost:3000';
const REDIRECT_URI = `${APP_URL}/freshbooks/auth`;
const TEST_DEVICE_LOGINS = [
  { username: 'crauto', password: 'it-Secret-1' },
  { username: 'crauto', password: 'it-Secret-2' },
  { username: 'cr', password: 'right-Secret' },
  { username: 'ia', password: 'par-Secret' },
];
/** Every secret a response or log line must never carry. */
const secretsSeen = new Set<string>([DEMO_PASSTIME.password]);

const merchantUrl = (merchantId: string, rest: string) => `/api/merchants/${merchantId}/${rest}`;

async function connectLink(
  who: string = SUPER,
  merchantId = ids.demoMotors,
  origin?: string,
): Promise<{ url: URL; state: string }> {
  const from = origin ? `&origin=${encodeURIComponent(origin)}` : '';
  const response = await call('GET', `/api/oauth-links/?merchant=${merchantId}${from}`, who);
  expect(response.statusCode, response.body).toBe(200);
  const [link] = response.json().results;
  expect(link.provider).toBe('freshbooks');
  const url = new URL(link.url);
  return { url, state: url.searchParams.get('state') ?? '' };
}

/** What the sandbox page's Allow (or Deny) does: the redirect to /freshbooks/auth/<code>?state=… */
async function decide(state: string, decision: 'allow' | 'deny' = 'allow', redirectUri = REDIRECT_URI): Promise<URL> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/freshbooks/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: 'paydesk-sandbox',
      redirect_uri: redirectUri,
      state,
      decision,
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(String(response.headers.location));
}

const countRows = async (table: string) =>
  Number((await t.database.query(`select count(*)::int as n from ${table}`))[0]?.n);

const codeOf = (redirect: URL) => decodeURIComponent(redirect.pathname.split('/').at(-1) ?? '');

describe('connections', () => {
  it('lists each provider for a super user: PassTime connected on the sandbox, the others not', async () => {
    const response = await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), SUPER);
    expect(response.statusCode).toBe(200);
    const byProvider = Object.fromEntries(
      response.json().results.map((row: { provider: string }) => [row.provider, row]),
    );
    expect(byProvider.passtime).toMatchObject({
      status: 'connected',
      account_label: 'DM-1001',
      connected_by: 'Avery Admin',
    });
    expect(byProvider.freshbooks).toMatchObject({ status: 'disconnected', account_label: '' });
    expect(byProvider.ituran.status).toBe('disconnected');
    expect(response.body).not.toContain('credentials');
  });

  it('is for super_admin only: admin and staff 403, another organisation 404, anonymous 401', async () => {
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), ADMIN)).statusCode).toBe(403);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), STAFF)).statusCode).toBe(403);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), LEGACY)).statusCode).toBe(404);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), null)).statusCode).toBe(401);
  });
});

describe('FreshBooks OAuth through the sandbox', () => {
  it('gives a connect link to the sandbox page with the app’s redirect URI, never the request’s host', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/oauth-links/?merchant=${ids.demoMotors}`,
      headers: { ...(await as(SUPER)), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const url = new URL(response.json().results[0].url);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/sandbox/freshbooks/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(response.json().results[0].expires_at).toEqual(expect.any(String));
  });

  it('refuses links to admin, staff and the custom-role user (403), another organisation (404), bad queries (400)', async () => {
    const link = (who: string | Record<string, string> | null, merchantId: string) =>
      call('GET', `/api/oauth-links/?merchant=${merchantId}`, who);
    expect((await link(ADMIN, ids.demoMotors)).statusCode).toBe(403);
    expect((await link(STAFF, ids.demoMotors)).statusCode).toBe(403);
    expect((await link('agent@demo.test', ids.customRolesAuto)).statusCode).toBe(403);
    expect((await link(LEGACY, ids.demoMotors)).statusCode).toBe(404);
    expect((await link(SUPER, 'not-a-merchant')).statusCode).toBe(404);
    expect((await link(null, ids.demoMotors)).statusCode).toBe(401);
    const missing = await call('GET', '/api/oauth-links/', SUPER);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().merchant).toEqual([REQUIRED]);
  });

  it('shows the sandbox authorization page, and refuses an unregistered redirect URI', async () => {
    const { url } = await connectLink();
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Allow Paydesk to access Demo Business?');
    expect(page.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);

    url.searchParams.set('redirect_uri', 'https://evil.example/freshbooks/auth');
    const refused = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('evil.example');
  });

  it('serves the page and Allow only for a pending connection of a super user: not a made-up, used or expired state, nor a disabled user’s', async () => {
    const codesBefore = await countRows('freshbooks_sandbox_codes');
    const pageFor = (state: string) =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/freshbooks/authorize?${new URLSearchParams({ client_id: 'paydesk-sandbox', redirect_uri: REDIRECT_URI, state })}`,
      });
    const allow = (state: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/freshbooks/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: 'paydesk-sandbox',
          redirect_uri: REDIRECT_URI,
          state,
          decision: 'allow',
        }).toString(),
      });
    const expectRefused = async (state: string) => {
      for (const response of [await pageFor(state), await allow(state)]) {
        expect(response.statusCode, state).toBe(400);
        expect(response.body).toContain(ERROR_MESSAGES['integration.state_invalid']);
        expect(response.headers.location).toBeUndefined();
      }
    };

    await expectRefused('made-up');
    const used = await connectLink();
    const code = codeOf(await decide(used.state));
    expect((await call('POST', '/api/freshbooks/connect/', SUPER, { code, state: used.state })).statusCode).toBe(200);
    await expectRefused(used.state);

    const expired = await connectLink();
    await t.database.query(`update oauth_states set expires_at = now() - interval '1 second'`);
    await expectRefused(expired.state);

    const leaver = await createUser(t.database.db, ids.demoMotors, { role: 'super_admin' });
    const leaverLink = await connectLink(leaver.email);
    expect((await pageFor(leaverLink.state)).statusCode).toBe(200);
    await t.database.query(`update users set is_active = false where id = $1`, [leaver.id]);
    await expectRefused(leaverLink.state);
    // Only the used state's Allow issued a code.
    expect(await countRows('freshbooks_sandbox_codes')).toBe(codesBefore + 1);
  });

  it('rate-limits the authorization page by address', async () => {
    const { url } = await connectLink();
    const open = () =>
      t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, remoteAddress: '192.0.2.180' });
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await open()).statusCode).toBe(200);
    const throttled = await open();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
  });

  it('prunes expired sandbox codes as it issues new ones', async () => {
    await decide((await connectLink()).state);
    await t.database.query(`update freshbooks_sandbox_codes set expires_at = now() - interval '1 second'`);
    expect(await countRows('freshbooks_sandbox_codes')).toBeGreaterThan(1);
    await decide((await connectLink()).state);
    expect(await countRows('freshbooks_sandbox_codes')).toBe(1);
  });

  it('returns to the app origin the flow started on (127.0.0.1), and connects with that redirect URI', async () => {
    const origin = 'http://127.0.0.1:3000';
    const { url, state } = await connectLink(SUPER, ids.integratedAuto, origin);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/freshbooks/auth`);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${origin}/freshbooks/auth"`);
    const redirect = await decide(state, 'allow', `${origin}/freshbooks/auth`);
    expect(redirect.origin).toBe(origin);
    const connected = await call('POST', '/api/freshbooks/connect/', SUPER, { code: codeOf(redirect), state });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().merchant_id).toBe(ids.integratedAuto);
  });

  it('never returns to an origin that is not the app’s (falls back to its address), whatever the Host header', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3001', 'http://localhost:3000/x', 'null']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/oauth-links/?merchant=${ids.demoMotors}&origin=${encodeURIComponent(origin)}`,
        headers: { ...(await as(SUPER)), host: 'evil.example', origin: 'https://evil.example' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const url = new URL(response.json().results[0].url);
      expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    }
    // Another app origin is refused by the sandbox like any unregistered redirect URI.
    const { state } = await connectLink();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sandbox/freshbooks/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: 'paydesk-sandbox',
        redirect_uri: 'http://127.0.0.1:3001/freshbooks/auth',
        state,
        decision: 'allow',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('exchanges the code with the redirect URI of the flow, so a code issued for another origin is refused', async () => {
    // A code FreshBooks issued for 127.0.0.1 cannot finish a flow that started on localhost.
    const started = await connectLink(SUPER, ids.integratedAuto);
    const other = await connectLink(SUPER, ids.integratedAuto, 'http://127.0.0.1:3000');
    const redirect = await decide(other.state, 'allow', 'http://127.0.0.1:3000/freshbooks/auth');
    const refused = await call('POST', '/api/freshbooks/connect/', SUPER, {
      code: codeOf(redirect),
      state: started.state,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('integration.code_invalid');
  });

  it('connects: Allow redirects with a code, connect stores it sealed and records it in the audit log', async () => {
    const { state } = await connectLink();
    const redirect = await decide(state);
    expect(`${redirect.origin}${redirect.pathname}`).toMatch(new RegExp(`^${REDIRECT_URI}/[\\w-]+$`));
    expect(redirect.searchParams.get('state')).toBe(state);

    const response = await call('POST', '/api/freshbooks/connect/', SUPER, { code: codeOf(redirect), state });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      merchant_id: ids.demoMotors,
      connection: {
        provider: 'freshbooks',
        status: 'connected',
        account_label: 'Demo Business',
        connected_by: 'Sam Super',
      },
    });
    expect(response.body).not.toMatch(/sandbox-(access|refresh)/);

    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(
        and(eq(integrationConnections.merchant_id, ids.demoMotors), eq(integrationConnections.provider, 'freshbooks')),
      );
    expect(row?.credentials_sealed).toMatch(/^v1\./);
    const tokens = JSON.parse(t.app.ctx.cipher.decrypt(row?.credentials_sealed ?? '')) as Record<string, string>;
    expect(tokens.access_token).toMatch(/^sandbox-access-/);
    secretsSeen.add(tokens.access_token ?? '').add(tokens.refresh_token ?? '');

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject_id, row?.id ?? ''), eq(auditEvents.action, 'connected')));
    expect(audit).toMatchObject({ kind: 'integration', subject_label: 'FreshBooks', actor_name: 'Sam Super' });
    expect(audit?.after).toEqual({ status: 'connected', account_label: 'Demo Business' });

    const listed = await call('GET', merchantUrl(ids.demoMotors, 'integrations/'), SUPER);
    expect(listed.json().results[0]).toMatchObject({ provider: 'freshbooks', status: 'connected' });
  });

  it('refuses a replayed state, an unknown state, a used code and a denied request with a clear 400', async () => {
    const { state } = await connectLink();
    const code = codeOf(await decide(state));
    expect((await call('POST', '/api/freshbooks/connect/', SUPER, { code, state })).statusCode).toBe(200);

    const replay = await call('POST', '/api/freshbooks/connect/', SUPER, { code, state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'integration.state_invalid',
      detail: ERROR_MESSAGES['integration.state_invalid'],
    });
    const unknown = await call('POST', '/api/freshbooks/connect/', SUPER, { code, state: 'made-up' });
    expect(unknown.json().code).toBe('integration.state_invalid');

    const fresh = await connectLink();
    const usedCode = await call('POST', '/api/freshbooks/connect/', SUPER, { code, state: fresh.state });
    expect(usedCode.statusCode).toBe(400);
    expect(usedCode.json()).toEqual({
      code: 'integration.code_invalid',
      detail: ERROR_MESSAGES['integration.code_invalid'],
    });

    const denied = await connectLink();
    const back = await decide(denied.state, 'deny');
    expect(back.pathname).toBe('/freshbooks/auth/denied');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const deniedCode = await call('POST', '/api/freshbooks/connect/', SUPER, { code: 'denied', state: denied.state });
    expect(deniedCode.json().code).toBe('integration.code_invalid');
  });

  it('refuses a state issued to another user without using it up, and an expired state', async () => {
    const other = await createUser(t.database.db, ids.demoMotors, { role: 'super_admin' });
    const otherHeaders = bearer((await signIn(t.app, other.email)).access);
    const { state } = await connectLink();
    const code = codeOf(await decide(state));
    const stolen = await call('POST', '/api/freshbooks/connect/', otherHeaders, { code, state });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('integration.state_invalid');
    expect((await call('POST', '/api/freshbooks/connect/', SUPER, { code, state })).statusCode).toBe(200);

    const expiring = await connectLink();
    const expiringCode = codeOf(await decide(expiring.state));
    await t.database.db.update(oauthStates).set({ expires_at: new Date(Date.now() - 1000) });
    const expired = await call('POST', '/api/freshbooks/connect/', SUPER, {
      code: expiringCode,
      state: expiring.state,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('integration.state_invalid');
  });

  it('answers 503 when FreshBooks cannot be reached, and connects nothing', async () => {
    const provider = t.app.ctx.providers.freshbooks;
    const exchange = provider.exchangeCode;
    provider.exchangeCode = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const { state } = await connectLink(SUPER, ids.customRolesAuto);
      const response = await call('POST', '/api/freshbooks/connect/', SUPER, { code: 'any', state });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('service_unavailable');
    } finally {
      provider.exchangeCode = exchange;
    }
    const listed = await call('GET', merchantUrl(ids.customRolesAuto, 'integrations/'), SUPER);
    expect(listed.json().results[0].status).toBe('disconnected');
  });

  it('refuses an expired sandbox code', async () => {
    const { state } = await connectLink();
    const code = codeOf(await decide(state));
    await t.database.query(`update freshbooks_sandbox_codes set expires_at = now() - interval '1 second'`);
    const response = await call('POST', '/api/freshbooks/connect/', SUPER, { code, state });
    expect(response.json().code).toBe('integration.code_invalid');
  });

  it('checks the body: empty, missing fields, NUL characters, oversize', async () => {
    const connect = (payload?: object) => call('POST', '/api/freshbooks/connect/', SUPER, payload);
    const empty = await connect({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: [REQUIRED], state: [REQUIRED] });
    expect((await connect({ code: 'a\u0000b', state: 'x' })).statusCode).toBe(400);
    expect((await connect({ code: 'x'.repeat(600), state: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/freshbooks/connect/', null, { code: 'a', state: 'b' })).statusCode).toBe(401);
  });

  it('disconnects (super_admin only), dropping the tokens, and records it', async () => {
    expect((await call('DELETE', merchantUrl(ids.demoMotors, 'integrations/freshbooks/'), ADMIN)).statusCode).toBe(403);
    expect((await call('DELETE', merchantUrl(ids.demoMotors, 'integrations/freshbooks/'), LEGACY)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', merchantUrl(ids.demoMotors, 'integrations/freshbooks/'), SUPER)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(
        and(eq(integrationConnections.merchant_id, ids.demoMotors), eq(integrationConnections.provider, 'freshbooks')),
      );
    expect(row).toMatchObject({ status: 'disconnected', credentials_sealed: null });
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'disconnected'));
    expect(audits).toHaveLength(1);
    // Again: nothing left to disconnect, nothing recorded.
    expect((await call('DELETE', merchantUrl(ids.demoMotors, 'integrations/freshbooks/'), SUPER)).statusCode).toBe(204);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'disconnected'))).toHaveLength(
      1,
    );
  });
});

describe('the real FreshBooks adapter (stubbed fetch)', () => {
  it('builds the authorize URL and exchanges a code for tokens and the business name', async () => {
    const requests: Array<{ url: string; init?: RequestInit }> = [];
    const stub = (async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      if (url.endsWith('/oauth/token')) {
        return Response.json({ access_token: 'at', refresh_token: 'rt', expires_in: 43200, token_type: 'Bearer' });
      }
      return Response.json({ response: { business_memberships: [{ business: { name: 'Acme Cars' } }] } });
    }) as typeof fetch;
    const provider = createRealFreshbooksProvider({
      clientId: 'client-1',
      clientSecret: 'secret-1',
      fetch: stub,
      clock: () => new Date('2026-01-01T00:00:00Z'),
    });
    const url = new URL(provider.authorizationUrl('st', REDIRECT_URI));
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.freshbooks.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'st',
    });
    const tokens = await provider.exchangeCode('the-code', REDIRECT_URI);
    expect(tokens).toEqual({
      access_token: 'at',
      refresh_token: 'rt',
      expires_at: '2026-01-01T12:00:00.000Z',
      account_name: 'Acme Cars',
    });
    expect(requests[0]?.url).toBe('https://api.freshbooks.com/auth/oauth/token');
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'client-1',
      client_secret: 'secret-1',
      code: 'the-code',
      redirect_uri: REDIRECT_URI,
    });
    expect(new Headers(requests[1]?.init?.headers).get('authorization')).toBe('Bearer at');
  });

  it('reads clients by id with their outstanding balance, renewing an expired session first', async () => {
    const requests: Array<{ url: string; init?: RequestInit }> = [];
    const stub = (async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      if (url.endsWith('/oauth/token')) {
        return Response.json({ access_token: 'at2', refresh_token: 'rt2', expires_in: 43200, token_type: 'Bearer' });
      }
      if (url.endsWith('/users/me')) {
        return Response.json({
          response: { business_memberships: [{ business: { name: 'Acme Cars', account_id: 'AbC12' } }] },
        });
      }
      const userid = new URL(url).searchParams.get('search[userid]');
      const clients =
        userid === '42'
          ? [
              {
                id: 42,
                fname: 'Ada',
                lname: 'Lovelace',
                email: 'ada@example.com',
                mob_phone: '',
                bus_phone: '(312) 555-0142',
                outstanding_balance: [{ amount: { amount: '1234.50', code: 'USD' } }],
              },
            ]
          : [];
      return Response.json({
        response: { result: { clients, page: 1, pages: 1, per_page: 15, total: clients.length } },
      });
    }) as typeof fetch;
    const provider = createRealFreshbooksProvider({
      clientId: 'client-1',
      clientSecret: 'secret-1',
      fetch: stub,
      clock: () => new Date('2026-01-01T00:00:00Z'),
    });
    const expired = { access_token: 'at', refresh_token: 'rt', expires_at: '2025-12-31T23:59:30.000Z' };
    expect(freshbooksSessionExpired(expired, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    const renewed = await provider.refresh(expired);
    expect(freshbooksSessionExpired(renewed, new Date('2026-01-01T00:00:00Z'))).toBe(false);
    const { clients, session } = await provider.findClients(renewed, ['42', '43', 'IA-1001']);
    expect(session).toEqual({
      access_token: 'at2',
      refresh_token: 'rt2',
      expires_at: '2026-01-01T12:00:00.000Z',
      account_id: 'AbC12',
    });
    expect(Object.fromEntries(clients)).toEqual({
      '42': {
        external_id: '42',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '(312) 555-0142',
        outstanding_cents: 123_450,
      },
      '43': null,
      // Not a FreshBooks id: nothing is asked.
      'IA-1001': null,
    });
    expect(JSON.parse(String(requests[0]?.init?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'rt',
    });
    const lookup = new URL(requests[2]?.url ?? '');
    expect(lookup.pathname).toBe('/accounting/account/AbC12/users/clients');
    expect(lookup.searchParams.getAll('include[]')).toEqual(['outstanding_balance']);
    expect(new Headers(requests[2]?.init?.headers).get('authorization')).toBe('Bearer at2');
    expect(requests).toHaveLength(4);
  });

  it('turns FreshBooks failures on reads into FreshbooksSyncError', async () => {
    const session = { access_token: 'at', refresh_token: 'rt', expires_at: '2030-01-01T00:00:00Z', account_id: 'A1' };
    const answering = (respond: () => Response | Promise<Response>) =>
      createRealFreshbooksProvider({
        clientId: 'c',
        clientSecret: 's',
        fetch: (async () => respond()) as typeof fetch,
      });
    await expect(answering(() => new Response('', { status: 401 })).findClients(session, ['1'])).rejects.toThrow(
      FreshbooksAuthorizationError,
    );
    await expect(answering(() => new Response('', { status: 503 })).findClients(session, ['1'])).rejects.toThrow(
      FreshbooksSyncError,
    );
    await expect(
      answering(() => new Response('', { status: 503 })).findClients(session, ['1']),
    ).rejects.not.toBeInstanceOf(FreshbooksAuthorizationError);
    await expect(answering(() => new Response('', { status: 429 })).findClients(session, ['1'])).rejects.toThrow(
      FreshbooksRateLimitError,
    );
    await expect(answering(() => Response.json({ unexpected: true })).findClients(session, ['1'])).rejects.toThrow(
      FreshbooksSyncError,
    );
    await expect(
      answering(() => Promise.reject(new TypeError('fetch failed'))).findClients(session, ['1']),
    ).rejects.toThrow(FreshbooksSyncError);
  });

  it('tells a refused refresh token (connect again) from FreshBooks being unavailable (try later)', async () => {
    const expired = { access_token: 'at', refresh_token: 'rt', expires_at: '2020-01-01T00:00:00Z' };
    const answer = (status: number) =>
      createRealFreshbooksProvider({
        clientId: 'c',
        clientSecret: 's',
        fetch: (async () => Response.json({ error: 'invalid_grant' }, { status })) as unknown as typeof fetch,
      });
    await expect(answer(400).refresh(expired)).rejects.toBeInstanceOf(FreshbooksAuthorizationError);
    await expect(answer(401).refresh(expired)).rejects.toBeInstanceOf(FreshbooksAuthorizationError);
    await expect(answer(503).refresh(expired)).rejects.toBeInstanceOf(FreshbooksSyncError);
    await expect(answer(503).refresh(expired)).rejects.not.toBeInstanceOf(FreshbooksAuthorizationError);
  });

  it('turns a refused code into FreshbooksCodeError and other failures into errors', async () => {
    const answer = (status: number) =>
      createRealFreshbooksProvider({
        clientId: 'c',
        clientSecret: 's',
        fetch: (async () => Response.json({ error: 'invalid_grant' }, { status })) as unknown as typeof fetch,
      });
    await expect(answer(400).exchangeCode('x', REDIRECT_URI)).rejects.toBeInstanceOf(FreshbooksCodeError);
    await expect(answer(401).exchangeCode('x', REDIRECT_URI)).rejects.toBeInstanceOf(FreshbooksCodeError);
    await expect(answer(503).exchangeCode('x', REDIRECT_URI)).rejects.not.toBeInstanceOf(FreshbooksCodeError);
  });
});

describe('PassTime and Ituran settings', () => {
  it('shows an admin the non-secret fields and has_password, never the password', async () => {
    const response = await call('GET', merchantUrl(ids.demoMotors, 'integrations/passtime/'), ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'passtime',
      dealer_id: 'DM-1001',
      username: 'demo.motors',
      has_password: true,
      status: 'connected',
    });
    expect(response.json()).not.toHaveProperty('password');
  });

  it('keeps them from staff (403), another organisation (404) and anonymous callers (401)', async () => {
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/passtime/'), STAFF)).statusCode).toBe(403);
    expect((await call('PUT', merchantUrl(ids.demoMotors, 'integrations/ituran/'), STAFF, {})).statusCode).toBe(403);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/passtime/'), LEGACY)).statusCode).toBe(404);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'integrations/passtime/'), null)).statusCode).toBe(401);
  });

  it('lets a custom-role user in with is_merchant_passtime_allowed, not without (nor to Ituran)', async () => {
    const withFlag = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_passtime_allowed',
    ]);
    const without = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, ['is_user_update_allowed']);
    expect((await call('GET', merchantUrl(ids.customRolesAuto, 'integrations/passtime/'), withFlag)).statusCode).toBe(
      200,
    );
    expect((await call('GET', merchantUrl(ids.customRolesAuto, 'integrations/ituran/'), withFlag)).statusCode).toBe(
      403,
    );
    expect((await call('GET', merchantUrl(ids.customRolesAuto, 'integrations/passtime/'), without)).statusCode).toBe(
      403,
    );
    // The demo Collector role has neither flag.
    expect(
      (await call('GET', merchantUrl(ids.customRolesAuto, 'integrations/passtime/'), 'agent@demo.test')).statusCode,
    ).toBe(403);
  });

  it('saves credentials sealed, keeps the stored password when left out, and audits them masked', async () => {
    const url = merchantUrl(ids.customRolesAuto, 'integrations/ituran/');
    const missing = await call('PUT', url, ADMIN, { account_id: 'IT-77', username: 'crauto' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: [REQUIRED] });
    const blank = await call('PUT', url, ADMIN, {});
    expect(blank.json()).toEqual({ account_id: [REQUIRED], username: [REQUIRED] });

    secretsSeen.add('it-Secret-1').add('it-Secret-2');
    const saved = await call('PUT', url, ADMIN, { account_id: 'IT-77', username: 'crauto', password: 'it-Secret-1' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      account_id: 'IT-77',
      username: 'crauto',
      has_password: true,
      status: 'connected',
    });
    const kept = await call('PUT', url, ADMIN, { account_id: 'IT-78', username: 'crauto' });
    expect(kept.json()).toMatchObject({ account_id: 'IT-78', has_password: true });
    await call('PUT', url, ADMIN, { account_id: 'IT-78', username: 'crauto', password: 'it-Secret-2' });

    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(
        and(eq(integrationConnections.merchant_id, ids.customRolesAuto), eq(integrationConnections.provider, 'ituran')),
      );
    expect(row?.credentials_sealed).not.toContain('it-Secret');
    expect(JSON.parse(t.app.ctx.cipher.decrypt(row?.credentials_sealed ?? ''))).toEqual({
      account_id: 'IT-78',
      username: 'crauto',
      password: 'it-Secret-2',
    });

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject_id, row?.id ?? ''));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['created', 'updated', 'updated']);
    const created = audits.find((entry) => entry.action === 'created');
    expect(created?.after).toMatchObject({ account_id: 'IT-77', username: 'crauto', password: '••••' });
    const passwordChange = audits.find(
      (entry) => entry.action === 'updated' && entry.after && 'password' in entry.after,
    );
    expect(passwordChange?.after).toEqual({ password: '••••' });
    expect(JSON.stringify(audits)).not.toContain('it-Secret');
  });

  it('validates fields with field messages (NUL, oversize, bad characters)', async () => {
    const url = merchantUrl(ids.customRolesAuto, 'integrations/passtime/');
    const bad = await call('PUT', url, ADMIN, { dealer_id: 'a b', username: 'x'.repeat(101), password: 'p' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['dealer_id', 'username']);
    expect((await call('PUT', url, ADMIN, { dealer_id: 'a\u0000', username: 'u', password: 'p' })).statusCode).toBe(
      400,
    );
  });

  it('keeps one connection under 50 parallel saves', async () => {
    const url = merchantUrl(ids.integratedAuto, 'integrations/passtime/');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('PUT', url, ADMIN, { dealer_id: 'IA-1', username: 'ia', password: 'par-Secret' }),
      ),
    );
    secretsSeen.add('par-Secret');
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.database.db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.merchant_id, ids.integratedAuto),
          eq(integrationConnections.provider, 'passtime'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('verifies credentials with the provider when saved: a refusal is a field error and saves nothing', async () => {
    const url = merchantUrl(ids.customRolesAuto, 'integrations/passtime/');
    const refusal = 'PassTime refused the credentials: check the user name and password.';
    const first = await call('PUT', url, ADMIN, { dealer_id: 'CR-5', username: 'cr', password: 'wrong' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ username: [refusal], password: [refusal] });
    expect((await call('GET', url, ADMIN)).json()).toMatchObject({ status: 'disconnected', has_password: false });

    const saved = await call('PUT', url, ADMIN, { dealer_id: 'CR-5', username: 'cr', password: 'right-Secret' });
    expect(saved.json()).toMatchObject({
      status: 'connected',
      last_error: null,
      username: 'cr',
      last_tested_at: expect.any(String),
    });

    // A wrong password over a working login: refused, and the working login kept (commands still go through).
    const wrong = await call('PUT', url, ADMIN, { dealer_id: 'CR-5', username: 'cr', password: 'wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ username: [refusal], password: [refusal] });
    const [row] = await t.database.db
      .select()
      .from(integrationConnections)
      .where(
        and(
          eq(integrationConnections.merchant_id, ids.customRolesAuto),
          eq(integrationConnections.provider, 'passtime'),
        ),
      );
    expect(JSON.parse(t.app.ctx.cipher.decrypt(row?.credentials_sealed ?? '')).password).toBe('right-Secret');
    // A wrong user name with the stored password is refused too.
    expect((await call('PUT', url, ADMIN, { dealer_id: 'CR-5', username: 'crx' })).json()).toEqual({
      username: [refusal],
      password: [refusal],
    });
    expect((await call('GET', url, ADMIN)).json()).toMatchObject({ status: 'connected', username: 'cr' });
  });

  it('tests the saved connection through the sandbox and keeps the result', async () => {
    const url = merchantUrl(ids.customRolesAuto, 'integrations/ituran/');
    await call('PUT', url, ADMIN, { account_id: 'IT-78', username: 'crauto', password: 'it-Secret-2' });
    const untested = await call('POST', merchantUrl(ids.integratedAuto, 'integrations/ituran/test/'), ADMIN);
    expect(untested.statusCode).toBe(409);
    expect(untested.json().code).toBe('integration.not_connected');

    // The password was changed at Ituran since it was saved.
    const refused = vi.spyOn(t.app.ctx.providers.devices.ituran, 'testConnection').mockResolvedValueOnce({
      ok: false,
      message: 'Ituran refused the credentials: check the user name and password.',
    });
    const failed = await call('POST', `${url}test/`, ADMIN);
    refused.mockRestore();
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ ok: false, message: expect.stringContaining('refused the credentials') });
    expect((await call('GET', url, ADMIN)).json()).toMatchObject({
      status: 'error',
      last_error: failed.json().message,
      last_tested_at: failed.json().tested_at,
    });

    const passed = await call('POST', `${url}test/`, ADMIN);
    expect(passed.json()).toMatchObject({ ok: true, message: 'Connected to Ituran account IT-78.' });
    expect((await call('GET', url, ADMIN)).json()).toMatchObject({ status: 'connected', last_error: null });
  });
});

/** A new customer of the merchant with an account, and that account's paths. */
async function newAccount(merchantId = ids.demoMotors) {
  const fixture = await createCustomerFixture(t.database.db, merchantId);
  const base = merchantUrl(merchantId, `customers/${fixture.customerId}/accounts/${fixture.accountId}/`);
  return { ...fixture, deviceUrl: `${base}device/`, actionsUrl: `${base}device_actions/` };
}

/** An account of the merchant with this device linked (by an admin). */
async function accountWithDevice(device_id: string, merchantId = ids.demoMotors, provider = 'passtime') {
  const account = await newAccount(merchantId);
  const linked = await call('PUT', account.deviceUrl, ADMIN, { provider, device_id });
  expect(linked.statusCode, linked.body).toBe(200);
  return account;
}

describe('devices on accounts', () => {
  it('lets admins link and unlink a device, shown on the account and recorded in its history', async () => {
    const account = await newAccount();
    const linked = await call('PUT', account.deviceUrl, ADMIN, { provider: 'passtime', device_id: 'PT-7001' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ provider: 'passtime', device_id: 'PT-7001' });
    const customerUrl = merchantUrl(ids.demoMotors, `customers/${account.customerId}/`);
    const shown = (await call('GET', customerUrl, STAFF)).json();
    expect(shown.accounts.find((row: { id: string }) => row.id === account.accountId).device).toEqual({
      provider: 'passtime',
      device_id: 'PT-7001',
    });
    expect((await call('DELETE', account.deviceUrl, SUPER)).statusCode).toBe(204);
    const after = (await call('GET', customerUrl, ADMIN)).json();
    expect(after.accounts.find((row: { id: string }) => row.id === account.accountId).device).toBeNull();
    const history = (await call('GET', `${customerUrl}history/`, ADMIN)).json().results;
    const entries = history.filter((entry: { kind: string }) => entry.kind === 'device.linked');
    expect(entries.map((entry: { after: unknown }) => entry.after)).toEqual([
      { device: null },
      { device: 'PassTime PT-7001' },
    ]);
  });

  it('validates the device: provider and id required, letters, digits and dashes only', async () => {
    const account = await newAccount();
    const blank = await call('PUT', account.deviceUrl, ADMIN, {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ provider: [REQUIRED], device_id: [REQUIRED] });
    const bad = await call('PUT', account.deviceUrl, ADMIN, { provider: 'lojack', device_id: 'has space' });
    expect(Object.keys(bad.json()).sort()).toEqual(['device_id', 'provider']);
    expect(
      (await call('PUT', account.deviceUrl, ADMIN, { provider: 'passtime', device_id: 'x'.repeat(65) })).statusCode,
    ).toBe(400);
  });

  it('is for administrators: staff and custom roles 403, another organisation 404, anonymous 401', async () => {
    const account = await newAccount();
    const body = { provider: 'passtime', device_id: 'PT-7002' };
    expect((await call('PUT', account.deviceUrl, STAFF, body)).statusCode).toBe(403);
    expect((await call('DELETE', account.deviceUrl, STAFF)).statusCode).toBe(403);
    const passtimeUser = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_passtime_allowed',
    ]);
    const theirs = await newAccount(ids.customRolesAuto);
    expect((await call('PUT', theirs.deviceUrl, passtimeUser, body)).statusCode).toBe(403);
    expect((await call('PUT', account.deviceUrl, LEGACY, body)).statusCode).toBe(404);
    // Another organisation's admin on their own merchant, naming this account: not theirs.
    const foreign = account.deviceUrl.replace(ids.demoMotors, ids.legacyMotors);
    expect((await call('PUT', foreign, LEGACY, body)).statusCode).toBe(404);
    expect((await call('DELETE', foreign, LEGACY)).statusCode).toBe(404);
    // Another merchant's account through this merchant's path.
    expect(
      (await call('PUT', theirs.deviceUrl.replace(ids.customRolesAuto, ids.demoMotors), ADMIN, body)).statusCode,
    ).toBe(404);
    expect((await call('PUT', account.deviceUrl, null, body)).statusCode).toBe(401);
    const row = (await call('GET', merchantUrl(ids.demoMotors, `customers/${account.customerId}/`), ADMIN)).json();
    expect(row.accounts[0].device).toBeNull();
  });
});

describe('commands to an account’s device and failed actions', () => {
  const send = async (
    account: { actionsUrl: string },
    action = 'starter_disable',
    who: string | Record<string, string> | null = ADMIN,
  ) => call('POST', account.actionsUrl, who, { action });

  it('answers a success with its result, and locate with coordinates, and records it in the history', async () => {
    const account = await accountWithDevice('PT-1234');
    const done = await send(account, 'starter_enable');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      succeeded: true,
      message: 'Starter enabled on device PT-1234.',
      location: null,
      failed_action: null,
    });
    const located = (await send(account, 'locate')).json();
    expect(located.location).toEqual({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      recorded_at: expect.any(String),
    });
    expect((await send(account, 'locate')).json().location.latitude).toBe(located.location.latitude);
    const history = (
      await call('GET', merchantUrl(ids.demoMotors, `customers/${account.customerId}/history/`), ADMIN)
    ).json().results;
    const commands = history.filter((entry: { kind: string }) => entry.kind === 'device.command');
    expect(commands).toHaveLength(3);
    expect(commands.at(-1)).toMatchObject({
      account_id: account.accountId,
      actor: { first_name: 'Avery' },
      after: { command: 'Enable starter (PassTime PT-1234)', result: 'Starter enabled on device PT-1234.' },
    });
  });

  it('records an offline device as a resolvable failed action naming the account, a missing one as not', async () => {
    const offline = await accountWithDevice('PT-5550');
    const failed = (await send(offline)).json();
    expect(failed).toMatchObject({ succeeded: false, message: 'Device PT-5550 is offline.', location: null });
    expect(failed.failed_action).toMatchObject({
      provider: 'passtime',
      action: 'starter_disable',
      device_id: 'PT-5550',
      is_resolvable: true,
      status: 'open',
      account_id: offline.accountId,
      customer_id: offline.customerId,
      account_reference: expect.any(String),
    });
    const missingAccount = await accountWithDevice('PT-5559');
    const missing = (await send(missingAccount, 'locate')).json();
    expect(missing.succeeded).toBe(false);
    expect(missing.failed_action).toMatchObject({ device_id: 'PT-5559', action: 'locate', is_resolvable: false });
    expect(missing.message).toBe('Device PT-5559 was not found on account DM-1001.');

    const list = await call('GET', merchantUrl(ids.demoMotors, 'failed-actions/?provider=passtime'), ADMIN);
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.results.slice(0, 2).map((row: { device_id: string }) => row.device_id)).toEqual(['PT-5559', 'PT-5550']);
    expect(page.results.at(-1)).toMatchObject({ device_id: 'PT-4410', is_resolvable: true, account_id: null });
  });

  it('answers 409 integration.no_device for an account without a device; no command is typed in', async () => {
    const account = await newAccount();
    const refused = await send(account);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'integration.no_device',
      detail: 'Link a device to this account first.',
    });
    const typed = await call('POST', account.actionsUrl, ADMIN, {
      action: 'locate',
      device_id: 'PT-1',
      provider: 'passtime',
    });
    expect(typed.statusCode).toBe(409);
    expect(
      (await call('POST', merchantUrl(ids.demoMotors, 'device_actions/'), ADMIN, { action: 'locate' })).statusCode,
    ).toBe(404);
  });

  it('lists 100 a page by default, newest first', async () => {
    const now = Date.now();
    await t.database.db.insert(failedActions).values(
      Array.from({ length: 105 }, (_, index) => ({
        merchant_id: ids.integratedAuto,
        provider: 'passtime' as const,
        action: 'locate' as const,
        device_id: `D-${index}`,
        error_message: 'Device offline.',
        is_resolvable: true,
        created: new Date(now - index * 1000),
      })),
    );
    const page = (await call('GET', merchantUrl(ids.integratedAuto, 'failed-actions/'), ADMIN)).json();
    expect(page.count).toBe(105);
    expect(page.results).toHaveLength(100);
    expect(page.results[0].device_id).toBe('D-0');
    expect(page.next).toContain('page=2');
    expect(page.next).toContain('page_size=100');
  });

  it('checks the device’s provider against the user’s flags, and the list’s provider filter', async () => {
    await call('PUT', merchantUrl(ids.customRolesAuto, 'integrations/passtime/'), ADMIN, {
      dealer_id: 'CR-5',
      username: 'cr',
      password: 'right-Secret',
    });
    const ituranOnly = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_ituran_allowed',
    ]);
    const passtimeOnly = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_passtime_allowed',
    ]);
    const before = (await call('GET', merchantUrl(ids.customRolesAuto, 'failed-actions/'), ADMIN)).json().count;
    const account = await accountWithDevice('CR-12340', ids.customRolesAuto);
    expect((await send(account, 'locate', ituranOnly)).statusCode).toBe(403);
    const allowed = await send(account, 'locate', passtimeOnly);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().failed_action.is_resolvable).toBe(true);
    const failedUrl = merchantUrl(ids.customRolesAuto, 'failed-actions/');
    expect((await call('GET', `${failedUrl}?provider=passtime`, ituranOnly)).statusCode).toBe(403);
    expect((await call('GET', failedUrl, ituranOnly)).json().count).toBe(0);
    expect((await call('GET', failedUrl, passtimeOnly)).json().count).toBe(before + 1);
    expect((await call('GET', failedUrl, STAFF)).statusCode).toBe(404);
    expect((await call('GET', failedUrl, 'agent@demo.test')).statusCode).toBe(403);
  });

  it('refuses staff (403), another organisation (404), a provider without credentials (409) and bad bodies (400)', async () => {
    const account = await accountWithDevice('PT-8001');
    expect((await send(account, 'locate', STAFF)).statusCode).toBe(403);
    expect((await send(account, 'locate', LEGACY)).statusCode).toBe(404);
    expect(
      (await call('POST', account.actionsUrl.replace(ids.demoMotors, ids.legacyMotors), LEGACY, { action: 'locate' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'failed-actions/'), LEGACY)).statusCode).toBe(404);
    const ituran = await accountWithDevice('IT-1', ids.demoMotors, 'ituran');
    const notConnected = await send(ituran, 'locate');
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().code).toBe('integration.not_connected');
    const bad = await call('POST', account.actionsUrl, ADMIN, { action: 'explode' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['action']);
    expect((await call('POST', account.actionsUrl, ADMIN)).statusCode).toBe(400);
    expect((await send(account, 'a\u0000b')).statusCode).toBe(400);
    expect((await send(account, 'locate', null)).statusCode).toBe(401);
  });

  it('records each of 50 parallel failing commands once', async () => {
    const account = await accountWithDevice('PT-7770');
    const before = (await call('GET', merchantUrl(ids.demoMotors, 'failed-actions/'), ADMIN)).json().count;
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(account)));
    const ids50 = new Set(responses.map((response) => response.json().failed_action.id));
    expect(ids50.size).toBe(50);
    expect((await call('GET', merchantUrl(ids.demoMotors, 'failed-actions/'), ADMIN)).json().count).toBe(before + 50);
  });
});

describe('resolving and retrying failed actions', () => {
  const failedUrl = (merchantId = ids.demoMotors) => merchantUrl(merchantId, 'failed-actions/');
  const fail = async (device_id: string, action = 'starter_disable') => {
    const account = await accountWithDevice(device_id);
    const response = await call('POST', account.actionsUrl, ADMIN, { action });
    expect(response.json().succeeded, response.body).toBe(false);
    return response.json().failed_action as { id: string; is_resolvable: boolean };
  };
  const resolve = (
    actionId: string,
    who: string | Record<string, string> | null = ADMIN,
    merchantId = ids.demoMotors,
  ) => call('POST', `${failedUrl(merchantId)}${actionId}/resolve/`, who);
  const retry = (actionId: string, who: string | Record<string, string> | null = ADMIN, merchantId = ids.demoMotors) =>
    call('POST', `${failedUrl(merchantId)}${actionId}/retry/`, who);

  it('resolves an action by hand, recording who and when; resolving it again changes nothing', async () => {
    const action = await fail('PT-6619', 'locate');
    expect(action.is_resolvable).toBe(false);
    const resolved = await resolve(action.id);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      id: action.id,
      status: 'resolved',
      resolved_by: 'Avery Admin',
      resolved_at: expect.any(String),
    });
    const again = await resolve(action.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().resolved_at).toBe(resolved.json().resolved_at);
    const listed = (await call('GET', failedUrl(), ADMIN)).json().results;
    expect(listed.find((row: { id: string }) => row.id === action.id)).toMatchObject({ status: 'resolved' });
  });

  it('retries a resolvable action: the provider carries it out and the action is resolved', async () => {
    const action = await fail('PT-6618');
    expect(action.is_resolvable).toBe(true);
    const retried = await retry(action.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      succeeded: true,
      message: 'Starter disabled on device PT-6618.',
      failed_action: { id: action.id, status: 'resolved', resolved_by: 'Avery Admin' },
    });
  });

  it('keeps an action open when the retry fails again, with what the provider said', async () => {
    const action = await fail('PT-6610');
    const retried = await retry(action.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      succeeded: false,
      message: 'Device PT-6610 is offline.',
      failed_action: { id: action.id, status: 'open', is_resolvable: true },
    });
  });

  it('refuses to retry an action that must be resolved by hand (integrations.unresolvable_action)', async () => {
    const action = await fail('PT-6629');
    const refused = await retry(action.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'integrations.unresolvable_action',
      detail: ERROR_MESSAGES['integrations.unresolvable_action'],
    });
  });

  it('calls the provider once for 50 parallel retries of one action, and all of them answer it resolved', async () => {
    const action = await fail('PT-6638');
    const perform = vi.spyOn(t.app.ctx.providers.devices.passtime, 'perform');
    try {
      const responses = await Promise.all(Array.from({ length: 50 }, () => retry(action.id)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      expect(responses.every((response) => response.json().succeeded === true)).toBe(true);
      expect(perform).toHaveBeenCalledTimes(1);
      // Done is done: a later retry answers without calling again.
      expect((await retry(action.id)).json().succeeded).toBe(true);
      expect(perform).toHaveBeenCalledTimes(1);
    } finally {
      perform.mockRestore();
    }
    const [row] = await t.database.db.select().from(failedActions).where(eq(failedActions.id, action.id));
    expect(row?.status).toBe('resolved');
  });

  it('refuses staff and callers without the action’s provider (403), anonymous callers (401)', async () => {
    const action = await fail('PT-6640');
    expect((await resolve(action.id, STAFF)).statusCode).toBe(403);
    expect((await retry(action.id, STAFF)).statusCode).toBe(403);
    expect((await resolve(action.id, null)).statusCode).toBe(401);
    expect((await retry(action.id, null)).statusCode).toBe(401);

    await call('PUT', merchantUrl(ids.customRolesAuto, 'integrations/passtime/'), ADMIN, {
      dealer_id: 'CR-5',
      username: 'cr',
      password: 'right-Secret',
    });
    const passtimeOnly = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_passtime_allowed',
    ]);
    const ituranOnly = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_merchant_ituran_allowed',
    ]);
    const theirAccount = await accountWithDevice('CR-6658', ids.customRolesAuto);
    const sent = await call('POST', theirAccount.actionsUrl, passtimeOnly, { action: 'locate' });
    const theirs = sent.json().failed_action.id as string;
    expect((await retry(theirs, ituranOnly, ids.customRolesAuto)).statusCode).toBe(403);
    expect((await resolve(theirs, ituranOnly, ids.customRolesAuto)).statusCode).toBe(403);
    expect((await retry(theirs, passtimeOnly, ids.customRolesAuto)).json().succeeded).toBe(true);
  });

  it('answers 404 for another organisation’s action, an unknown id and a malformed one', async () => {
    const action = await fail('PT-6650');
    // Another organisation's admin: through this merchant's path, and through their own merchant naming our action.
    expect((await resolve(action.id, LEGACY)).statusCode).toBe(404);
    expect((await retry(action.id, LEGACY)).statusCode).toBe(404);
    expect((await resolve(action.id, LEGACY, ids.legacyMotors)).statusCode).toBe(404);
    expect((await retry(action.id, LEGACY, ids.legacyMotors)).statusCode).toBe(404);
    // The same merchant's organisation, another merchant: not there either.
    expect((await resolve(action.id, ADMIN, ids.customRolesAuto)).statusCode).toBe(404);
    expect((await resolve('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry('not-an-id')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(failedActions).where(eq(failedActions.id, action.id));
    expect(row?.status).toBe('open');
  });
});

describe('fields FreshBooks keeps, at an integrated merchant', () => {
  const customerUrl = (customerId: string) => merchantUrl(ids.integratedAuto, `customers/${customerId}/`);

  it('refuses changing a customer’s name, email and phone (400, field by field) and changes nothing', async () => {
    const { customerId } = await createCustomerFixture(t.database.db, ids.integratedAuto);
    const before = (await call('GET', customerUrl(customerId), ADMIN)).json();
    const refused = await call('PATCH', customerUrl(customerId), ADMIN, {
      first_name: 'Edited',
      last_name: before.last_name,
      email: 'edited@example.com',
      sms_phone_number: '(212) 555-0199',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      first_name: ['Managed in FreshBooks'],
      email: ['Managed in FreshBooks'],
      sms_phone_number: ['Managed in FreshBooks'],
    });
    const after = (await call('GET', customerUrl(customerId), ADMIN)).json();
    expect(after).toMatchObject({ first_name: before.first_name, email: before.email });
  });

  it('accepts the stored values sent back and the fields Paydesk keeps', async () => {
    const { customerId } = await createCustomerFixture(t.database.db, ids.integratedAuto);
    const before = (await call('GET', customerUrl(customerId), ADMIN)).json();
    const saved = await call('PATCH', customerUrl(customerId), ADMIN, {
      first_name: before.first_name,
      last_name: before.last_name,
      email: before.email ?? '',
      sms_phone_number: before.sms_phone_number ?? '',
      language: 'es-US',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().language).toBe('es-US');
  });

  it('refuses changing an account’s amount due; its other fields change', async () => {
    const { customerId, accountId } = await createCustomerFixture(t.database.db, ids.integratedAuto);
    const accountUrl = `${customerUrl(customerId)}accounts/${accountId}/`;
    const before = (await call('GET', customerUrl(customerId), ADMIN)).json().accounts[0];
    const refused = await call('PATCH', accountUrl, ADMIN, { amount_due_cents: before.amount_due_cents + 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ amount_due_cents: ['Managed in FreshBooks'] });
    const saved = await call('PATCH', accountUrl, ADMIN, {
      amount_due_cents: before.amount_due_cents,
      convenience_fee_cents: 150,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().accounts[0]).toMatchObject({
      amount_due_cents: before.amount_due_cents,
      convenience_fee_cents: 150,
    });
  });

  it('leaves a merchant that is not integrated free to change them', async () => {
    const { customerId } = await createCustomerFixture(t.database.db, ids.demoMotors);
    const saved = await call('PATCH', merchantUrl(ids.demoMotors, `customers/${customerId}/`), ADMIN, {
      first_name: 'Edited',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().first_name).toBe('Edited');
  });
});

describe('secrets', () => {
  it('never writes a credential or token to the log', () => {
    expect(logText.length).toBeGreaterThan(0);
    for (const secret of secretsSeen) if (secret) expect(logText).not.toContain(secret);
    expect(logText).not.toContain('it-Secret');
  });
});
