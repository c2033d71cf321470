import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, loggerOptions } from '../src/app';
import { AUTHENTICATED, PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { addGrant, bearer, DEMO_PASSWORD, seedDemo, signIn, userIdOf, type DemoIds } from './identity';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

function registerProbeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/probe/me/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        response: { 200: z.object({ id: z.uuid(), email: z.string(), profile: z.object({ name: z.string() }) }) },
      },
    },
    // A service result carrying more than the contract names.
    async () => ({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'someone@demo.test',
      password_hash: 'secret-hash',
      profile: { name: 'Someone', internal_note: 'not for clients' },
    }),
  );
  app.get('/api/probe/echo/', { config: { access: PUBLIC } }, async () => ({ ok: true }));
}

let t: TestApp;
let second: FastifyInstance;
let ids: DemoIds;
beforeAll(async () => {
  const config = testConfig({ LOG_LEVEL: 'info' });
  t = await buildTestApp({
    config,
    logger: { ...(loggerOptions(config) as object), stream: logStream },
    beforeReady: registerProbeRoutes,
  });
  ids = await seedDemo(t.database.db);
  // A second API process on the same database.
  second = await buildApp({ config: testConfig(), database: t.database, logger: false, webDistDir: '/nonexistent' });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('the active-user cache', () => {
  it('refuses a disabled user’s token at once on another API process that had it cached', async () => {
    // A user manager acts only on users who hold a role at the merchant (docs/decisions/0010).
    await addGrant(t.database.db, await userIdOf(t.database.db, 'noroles@demo.test'), ids.demoMotors, 'staff');
    const { access } = await signIn(t.app, 'noroles@demo.test');
    const profile = () => second.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);

    const admin = await signIn(t.app, 'admin@demo.test');
    const userId = await userIdOf(t.database.db, 'noroles@demo.test');
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/users/${userId}/disable/`,
      headers: bearer(admin.access),
    });
    expect(disabled.statusCode).toBe(200);

    // The cache would keep the user for 5 s; the change event reaches the other process within moments.
    await expect.poll(async () => (await profile()).statusCode, { timeout: 1_000, interval: 20 }).toBe(401);
  });
});

describe('response serialization', () => {
  it('sends only the fields of the response contract', async () => {
    const { access } = await signIn(t.app, 'staff@demo.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/me/', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'someone@demo.test',
      profile: { name: 'Someone' },
    });
    expect(response.body).not.toContain('secret-hash');
  });
});

describe('request logs', () => {
  it('log one line per request, without tokens passed in the URL', async () => {
    logLines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/probe/echo/?token=eyJhbGciOiJIUzI1NiJ9.secret-part&ticket=t-secret&page=2',
      headers: { 'x-request-id': 'probe-echo-1' },
    });
    expect(response.statusCode).toBe(200);
    const lines = logLines.filter((line) => line.includes('probe-echo-1'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('token=[redacted]');
    expect(lines[0]).toContain('ticket=[redacted]');
    expect(lines[0]).toContain('page=2');
    expect(logLines.join('')).not.toContain('secret-part');
    expect(logLines.join('')).not.toContain('t-secret');
  });

  it('blank the one-time secrets in link paths and the codes and states in queries, in every line', async () => {
    logLines.length = 0;
    const id = '3f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
    const secret = (name: string) => `${name}-Zx9_sEcReT-${'q'.repeat(20)}`;
    const urls = {
      [`/reset-password/${id}/${secret('reset')}`]: secret('reset'),
      [`/partner-signup/${id}/${secret('signup')}/`]: secret('signup'),
      [`/partner-invite/${id}/${secret('invite')}?from=mail`]: secret('invite'),
      [`/api/password-reset/${id}/${secret('apireset')}/`]: secret('apireset'),
      [`/api/partner-signup/${id}/${secret('apisignup')}/`]: secret('apisignup'),
      [`/api/partner-invite/${id}/${secret('apiinvite')}/`]: secret('apiinvite'),
      [`/freshbooks/auth/${secret('code')}?state=${secret('state')}`]: secret('code'),
      [`/sandbox/freshbooks/authorize?client_id=x&state=${secret('sandboxstate')}&code=${secret('qcode')}`]:
        secret('sandboxstate'),
      [`/api/nothing-here/${id}/?token=${secret('qtoken')}`]: secret('qtoken'),
    };
    for (const url of Object.keys(urls)) await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'POST', url: `/api/partner-signup/${id}/${secret('posted')}/`, payload: {} });
    // Refused before routing: a malformed escape, a parameter over the router's length limit.
    await t.app.inject({ method: 'GET', url: `/api/partner-invite/${id}/${secret('badurl')}%E0%A4%A/` });
    await t.app.inject({ method: 'GET', url: `/api/partner-invite/${id}/${secret('long')}${'x'.repeat(1000)}/` });
    const log = logLines.join('');
    expect(log).toContain(`/reset-password/${id}/[redacted]`);
    expect(log).toContain(`/api/partner-invite/${id}/[redacted]/`);
    expect(log).toContain('/freshbooks/auth/[redacted]?state=[redacted]');
    expect(log).toContain('client_id=x&state=[redacted]&code=[redacted]');
    for (const name of Object.values(urls)) expect(log).not.toContain(name);
    for (const name of ['state', 'qcode', 'posted', 'badurl', 'long']) expect(log).not.toContain(secret(name));
    // The secrets share a marker; no line carries any part of one.
    expect(log).not.toContain('Zx9_sEcReT');
  });

  it('blank the password, token, refresh and access fields of logged objects and errors, leaving the objects as they were', () => {
    logLines.length = 0;
    const error = Object.assign(new Error('exchange failed'), { token: 'err-secret-token', status: 502 });
    const credentials = { password: 'pw-secret', refresh: 'refresh-secret', user: 'someone' };
    const session = { access: 'access-secret', id: 's-1' };
    t.app.log.warn({ err: error, credentials, session, attempt: 2 }, 'probe redaction');
    const line = logLines.find((text) => text.includes('probe redaction'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged.err).toMatchObject({ type: 'Error', message: 'exchange failed', token: '[redacted]', status: 502 });
    expect(logged.err.stack).toContain('exchange failed');
    expect(logged.credentials).toEqual({ password: '[redacted]', refresh: '[redacted]', user: 'someone' });
    expect(logged.session).toEqual({ access: '[redacted]', id: 's-1' });
    expect(logged.attempt).toBe(2);
    for (const secret of ['err-secret-token', 'pw-secret', 'refresh-secret', 'access-secret']) {
      expect(line).not.toContain(secret);
    }
    expect(error.token).toBe('err-secret-token');
    expect(credentials.password).toBe('pw-secret');
  });
});

describe('security headers', () => {
  it('are the same helmet set on every answered request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('API answers', () => {
  const NOT_STORED = { 'cache-control': 'no-store', pragma: 'no-cache' };

  it('are never stored by a browser or proxy: token pairs, personal data and errors alike', async () => {
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'staff@demo.test', password: DEMO_PASSWORD },
    });
    expect(pair.statusCode).toBe(200);
    expect(pair.headers).toMatchObject(NOT_STORED);
    const { access } = pair.json() as { access: string };
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/profile/' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing/' }),
      t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
      t.app.inject({ method: 'GET', url: `/api/merchants/${'x'.repeat(10_000)}/` }),
      t.app.inject({ method: 'GET', url: '/api/merchants/%E0%A4%A/' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 400, 414, 400]);
    for (const answer of answers) expect(answer.headers).toMatchObject(NOT_STORED);
  });
});
