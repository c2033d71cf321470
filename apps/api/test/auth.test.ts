import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, bearer, DEMO_PASSWORD, seedDemo, signIn, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/token/', () => {
  it('signs in with the right password and carries the access claims', async () => {
    const { access, refresh } = await signIn(t.app, 'staff@demo.test');
    const claims = decodeJwt(access);
    expect(claims.roles).toEqual(['staff']);
    expect(claims.groups).toEqual([]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
    expect(refresh).toEqual(expect.any(String));
  });

  it('marks super users with the super group', async () => {
    const claims = decodeJwt((await signIn(t.app, 'super@demo.test')).access);
    expect(claims.groups).toEqual(['super']);
    expect(claims.roles).toContain('super_admin');
  });

  it('answers a wrong password, an unknown email and an inactive user the same way', async () => {
    const answers = await Promise.all([
      post('/api/token/', { email: 'admin@demo.test', password: 'Wrong!2026' }),
      post('/api/token/', { email: 'nobody@demo.test', password: DEMO_PASSWORD }),
      post('/api/token/', { email: 'inactive@demo.test', password: DEMO_PASSWORD }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'No user found with matching credentials.', code: 'user.not_found' });
    }
  });

  it('lets a user without roles sign in', async () => {
    const claims = decodeJwt((await signIn(t.app, 'noroles@demo.test')).access);
    expect(claims.roles).toEqual([]);
  });

  it('finds the account whatever the case of the email', async () => {
    await signIn(t.app, '  Admin@Demo.TEST ');
  });

  it('gives field messages for missing or malformed input', async () => {
    const response = await post('/api/token/', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Email is not valid'], password: ['Required'] });
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token and refuses the used one', async () => {
    const first = await signIn(t.app, 'admin@demo.test');
    const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect(decodeJwt(second.access).sub).toBe(decodeJwt(first.access).sub);

    const replay = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('token_not_valid');
    // Replaying a used token revokes every token of that sign-in, including the newest one.
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
  });

  it('does not touch other sign-ins of the same user', async () => {
    const a = await signIn(t.app, 'admin@demo.test');
    const b = await signIn(t.app, 'admin@demo.test');
    await post('/api/token/refresh/', { refresh: a.refresh });
    await post('/api/token/refresh/', { refresh: a.refresh });
    expect((await post('/api/token/refresh/', { refresh: b.refresh })).statusCode).toBe(200);
  });

  it('refuses an access token presented as a refresh token, and garbage', async () => {
    const { access } = await signIn(t.app, 'staff@demo.test');
    expect((await post('/api/token/refresh/', { refresh: access })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: 'garbage' })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', {})).json()).toEqual({ refresh: ['Required'] });
  });
});

describe('POST /api/token/blacklist/', () => {
  it('logs out: the refresh token stops working', async () => {
    const { refresh } = await signIn(t.app, 'staff@demo.test');
    const response = await post('/api/token/blacklist/', { refresh_token: refresh });
    expect(response.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
  });

  it('needs a refresh_token', async () => {
    expect((await post('/api/token/blacklist/', {})).json()).toEqual({ refresh_token: ['Required'] });
  });
});

describe('GET /api/profile/', () => {
  it('needs a valid token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer('x.y.z') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });

  it('lists the user, organisation, merchants with roles and claims', async () => {
    const { access } = await signIn(t.app, 'admin@demo.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 1, next: null, previous: null });
    const [profile] = body.results;
    expect(profile).toMatchObject({
      email: 'admin@demo.test',
      first_name: 'Avery',
      is_super_user: false,
      organization: { name: 'Demo Auto Group', in_legacy_app: false, logo: null },
    });
    expect(profile.merchants.map((m: { name: string }) => m.name)).toEqual([
      'Custom Roles Auto',
      'Demo Motors',
      'Integrated Auto',
    ]);
    expect(profile.merchants.find((m: { id: string }) => m.id === ids.demoMotors)).toMatchObject({
      role: 'admin',
      access_roles: ['admin'],
    });
    expect(profile.access.roles).toContain('admin');
  });

  it('gives a custom-role user the flags of their role', async () => {
    const { access } = await signIn(t.app, 'agent@demo.test');
    const [profile] = (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })).json()
      .results;
    expect(profile.merchants).toHaveLength(1);
    expect(profile.merchants[0]).toMatchObject({
      id: ids.customRolesAuto,
      role: 'custom',
      custom_role: { role_name: 'Collector' },
      access_roles: ['staff', 'is_customer_free_text_allowed', 'is_note_update_allowed'],
    });
  });

  it('shows the legacy-app organisation', async () => {
    const { access } = await signIn(t.app, 'legacy@demo.test');
    const [profile] = (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })).json()
      .results;
    expect(profile.organization).toMatchObject({ name: 'Legacy Motors Inc', in_legacy_app: true });
  });
});

describe('SSO', () => {
  it('lets a super user mint a single-use link that signs the user in', async () => {
    const { access } = await signIn(t.app, 'super@demo.test');
    const link = await post(
      '/api/sso-links/',
      { user_id: await userIdOf(t.database.db, 'staff@demo.test') },
      bearer(access),
    );
    expect(link.statusCode).toBe(201);
    const { id, token, url } = link.json();
    expect(url).toBe(`/sso?id=${id}&token=${token}`);

    const signedIn = await post('/api/sso-auth/', { id, token });
    expect(signedIn.statusCode).toBe(200);
    expect(decodeJwt(signedIn.json().access).roles).toEqual(['staff']);

    const again = await post('/api/sso-auth/', { id, token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
  });

  it('refuses a wrong token and malformed ids', async () => {
    const { access } = await signIn(t.app, 'super@demo.test');
    const { id } = (
      await post('/api/sso-links/', { user_id: await userIdOf(t.database.db, 'staff@demo.test') }, bearer(access))
    ).json();
    expect((await post('/api/sso-auth/', { id, token: 'wrong' })).json().code).toBe('token.invalid');
    expect((await post('/api/sso-auth/', { id: 'not-a-uuid', token: 'x' })).json().code).toBe('token.invalid');
    expect((await post('/api/sso-auth/', {})).json()).toEqual({ id: ['Required'], token: ['Required'] });
  });

  it('gives field messages and refuses unknown users', async () => {
    const { access } = await signIn(t.app, 'super@demo.test');
    expect((await post('/api/sso-links/', {}, bearer(access))).json()).toEqual({ user_id: ['Required'] });
    const unknown = await post('/api/sso-links/', { user_id: '00000000-0000-4000-8000-000000000000' }, bearer(access));
    expect(unknown.json()).toEqual({ detail: 'No user found with matching credentials.', code: 'user.not_found' });
  });

  it('lets only super users mint links', async () => {
    const { access } = await signIn(t.app, 'admin@demo.test');
    const userId = await userIdOf(t.database.db, 'staff@demo.test');
    expect((await post('/api/sso-links/', { user_id: userId }, bearer(access))).statusCode).toBe(403);
    expect((await post('/api/sso-links/', { user_id: userId })).statusCode).toBe(401);
  });
});

async function findResetLink(email: string): Promise<{ id: string; token: string }> {
  expect((await t.app.jobs.drain()).failed).toEqual([]);
  const outbox = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox/?recipient=${email}` })).json();
  const link = String(outbox.results[0]?.body ?? '').match(/\/reset-password\/([^/\s]+)\/(\S+)/);
  expect(link).not.toBeNull();
  const [, id = '', token = ''] = link ?? [];
  return { id, token };
}

describe('password reset', () => {
  it('emails a link that sets a new password once', async () => {
    const email = 'resets.password@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const requested = await post('/api/password-reset/', { email });
    expect(requested.statusCode).toBe(200);
    const { id, token } = await findResetLink(email);

    const mismatch = await post('/api/password-reset/confirm/', {
      id,
      token,
      password: 'NewPass!2027',
      password_confirmation: 'Other!2027',
    });
    expect(mismatch.json()).toEqual({ password_confirmation: ['Passwords do not match'] });
    const weak = await post('/api/password-reset/confirm/', {
      id,
      token,
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(weak.json()).toEqual({
      password: [
        'Must be at least 8 characters long and contain each of the following: one lowercase, one uppercase, one number, one special character',
      ],
    });

    const confirmed = await post('/api/password-reset/confirm/', {
      id,
      token,
      password: 'NewPass!2027',
      password_confirmation: 'NewPass!2027',
    });
    expect(confirmed.statusCode).toBe(200);
    await signIn(t.app, email, 'NewPass!2027');
    expect((await post('/api/token/', { email, password: DEMO_PASSWORD })).statusCode).toBe(400);

    const reused = await post('/api/password-reset/confirm/', {
      id,
      token,
      password: 'Again!2028x',
      password_confirmation: 'Again!2028x',
    });
    expect(reused.json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = await post('/api/password-reset/', { email: 'admin@demo.test' });
    const unknown = await post('/api/password-reset/', { email: 'nobody@demo.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await findResetLink('admin@demo.test');
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/?recipient=nobody@demo.test' })).json();
    expect(outbox.results).toEqual([]);
  });

  it('validates the email', async () => {
    expect((await post('/api/password-reset/', { email: 'nope' })).json()).toEqual({ email: ['Email is not valid'] });
  });
});

describe('a disabled user', () => {
  it('loses access at once: access token, refresh token and sign-in', async () => {
    const email = 'gets.disabled@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const { access, refresh } = await signIn(t.app, email);
    const admin = await signIn(t.app, 'admin@demo.test');
    const disabled = await post(`/api/merchants/${ids.demoMotors}/users/${userId}/disable/`, {}, bearer(admin.access));
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ is_active: false, role: null });

    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post('/api/token/', { email, password: DEMO_PASSWORD })).statusCode).toBe(400);
  });
});

describe('sign-in throttling', () => {
  it('refuses an account after 5 failures in 15 minutes, even with the right password, without telling whether it exists', async () => {
    const locked = 'gets.locked@demo.test';
    await addUser(t.database.db, { email: locked, merchantId: ids.legacyMotors, role: 'admin' });
    for (const email of [locked, 'ghost@demo.test']) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await post('/api/token/', { email, password: 'Wrong!2026' })).statusCode).toBe(400);
      }
      const blocked = await post('/api/token/', { email, password: DEMO_PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        detail: 'Too many sign-in attempts. Please try again in 15 minutes.',
        code: 'throttled',
      });
    }
    // Other accounts are not affected by one account's failures.
    await signIn(t.app, 'admin@demo.test');
  });
});

describe('pruning expired records', () => {
  it('deletes old sign-in failures and tokens that expired over a day ago, and keeps live ones', async () => {
    const { pruneExpiredAuthRecords } = await import('../src/modules/auth/auth.service');
    const { refresh } = await signIn(t.app, 'admin@demo.test');
    expect((await post('/api/token/', { email: 'pruned@demo.test', password: 'Wrong!2026' })).statusCode).toBe(400);
    const count = async (table: string) =>
      Number((await t.database.query(`select count(*)::int as n from ${table}`))[0]?.n);
    const failuresBefore = await count('sign_in_failures');
    expect(failuresBefore).toBeGreaterThan(0);
    await pruneExpiredAuthRecords(t.app.ctx, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await count('sign_in_failures')).toBe(0);
    expect(await count('refresh_tokens')).toBe(0);
    expect(await count('one_time_tokens')).toBe(0);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
  });
});
