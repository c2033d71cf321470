import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: await as('admin@demo.test') });
const rolesUrl = () => `/api/merchants/${ids.customRolesAuto}/roles/`;
const NUL = 'Must not contain a NUL character';

describe('an empty PATCH', () => {
  it('changes nothing on a merchant and returns it', async () => {
    const url = `/api/merchants/${ids.demoMotors}/`;
    const before = (await call('GET', url)).json();
    const response = await call('PATCH', url, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it('changes nothing on a role and returns it', async () => {
    const role = (await call('POST', rolesUrl(), { role_name: 'Unchanged' })).json();
    const response = await call('PATCH', `${rolesUrl()}${role.id}/`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(role);
  });
});

describe('a NUL character', () => {
  it('is refused in a search with a field message', async () => {
    const response = await call('GET', '/api/merchants/?search=Demo%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: [NUL] });
  });

  it('is refused in body text, nested values and keys', async () => {
    const response = await call('POST', rolesUrl(), {
      role_name: 'Nul\u0000',
      permissions: { is_payment_refund_allowed: 'yes\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ role_name: [NUL], 'permissions.is_payment_refund_allowed': [NUL] });
    expect((await call('POST', rolesUrl(), { role_name: 'Key', ['bad\u0000key']: 1 })).json()).toEqual({
      'bad\u0000key': [NUL],
    });
  });

  it('is refused in a path parameter', async () => {
    const response = await call('GET', `${rolesUrl()}%00/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ rid: [NUL] });
  });
});

describe('amounts', () => {
  it('are bounded by the integer column, with the amount in dollars', async () => {
    const tooLarge = await call('POST', rolesUrl(), {
      role_name: 'Big spender',
      settings: { max_merchant_payment_amount: 2_147_483_648 },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ 'settings.max_merchant_payment_amount': ['Must be at most $21,474,836.47'] });
    const largest = await call('POST', rolesUrl(), {
      role_name: 'Largest spender',
      settings: { max_merchant_payment_amount: 2_147_483_647 },
    });
    expect(largest.statusCode).toBe(201);
  });
});

describe('a path parameter over the router’s length limit', () => {
  it('is answered in the error shape', async () => {
    const response = await call('GET', `/api/merchants/${'x'.repeat(10_000)}/`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'The address is too long.', code: 'uri_too_long' });
  });
});

describe('a deeply nested body', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const send = (url: string, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { ...headers, 'content-type': 'application/json' } });
  const TOO_DEEP = { detail: 'The request body is nested more than 32 levels deep.', code: 'body_too_deep' };

  it('is refused with 400 before any route reads it, signed in or not', async () => {
    const signIn = await send('/api/token/', nested(2000));
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual(TOO_DEEP);
    const objects = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    const role = await send(rolesUrl(), objects, await as('admin@demo.test'));
    expect(role.statusCode).toBe(400);
    expect(role.json()).toEqual(TOO_DEEP);
  });

  it('is refused one level past the limit and read at the limit', async () => {
    expect((await send('/api/token/', nested(33))).json()).toEqual(TOO_DEEP);
    const atLimit = await send('/api/token/', nested(32));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).not.toEqual(TOO_DEEP);
  });
});
