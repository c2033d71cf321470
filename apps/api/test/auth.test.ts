import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/identity';
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

/** Moves a refresh token's rotation back in time, past the grace window in which it still answers. */
async function ageRotation(refresh: string, seconds = 11) {
  await t.database.query(
    `update refresh_tokens set used_at = used_at - interval '${seconds} seconds' where jti = '${decodeJwt(refresh).jti}'`,
  );
}

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token and refuses the used one', async () => {
    const first = await signIn(t.app, 'admin@demo.test');
    const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect(decodeJwt(second.access).sub).toBe(decodeJwt(first.access).sub);
    await ageRotation(first.refresh);

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
    await ageRotation(a.refresh);
    expect((await post('/api/token/refresh/', { refresh: a.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: b.refresh })).statusCode).toBe(200);
  });

  it('gives two refreshes of one token at the same moment (two tabs) the same new pair, which keeps working', async () => {
    const { refresh } = await signIn(t.app, 'staff@demo.test');
    const answers = await Promise.all([
      post('/api/token/refresh/', { refresh }),
      post('/api/token/refresh/', { refresh }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => answer.json());
    expect(two).toEqual(one);
    // A third within the grace window too; the session was not revoked.
    expect((await post('/api/token/refresh/', { refresh })).json()).toEqual(one);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(one.access) });
    expect(profile.statusCode).toBe(200);
    const next = await post('/api/token/refresh/', { refresh: one.refresh });
    expect(next.statusCode).toBe(200);

    // After the window, a replay of the first token revokes the whole sign-in.
    await ageRotation(refresh);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: next.json().refresh })).statusCode).toBe(401);
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

  it('revokes the access tokens of that sign-in at once, and only of that sign-in', async () => {
    const loggedOut = await signIn(t.app, 'staff@demo.test');
    const other = await signIn(t.app, 'staff@demo.test');
    const profile = (access: string) => t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });
    expect((await profile(loggedOut.access)).statusCode).toBe(200);
    const rotated = (await post('/api/token/refresh/', { refresh: loggedOut.refresh })).json();
    expect((await post('/api/token/blacklist/', { refresh_token: rotated.refresh })).statusCode).toBe(200);
    expect((await profile(loggedOut.access)).statusCode).toBe(401);
    expect((await profile(rotated.access)).json()).toMatchObject({ code: 'token_not_valid' });
    expect((await profile(other.access)).statusCode).toBe(200);
    expect(decodeJwt(other.access).fam).toEqual(expect.any(String));
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
    // Each merchant as its detail shows it (Demo Motors with its payment code), plus the role fields.
    for (const {
      role: _role,
      custom_role: _customRole,
      access_roles: _accessRoles,
      ...merchant
    } of profile.merchants) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${merchant.id}/`,
        headers: bearer(access),
      });
      expect(merchant).toEqual(detail.json());
    }
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

  it('shows no organisation for a user without one', async () => {
    const email = 'orgless@demo.test';
    const id = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    await t.database.db.update(users).set({ organization_id: null }).where(eq(users.id, id));
    const { access } = await signIn(t.app, email);
    const [profile] = (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })).json()
      .results;
    expect(profile.organization).toBeNull();
    expect(profile.merchants).toMatchObject([{ id: ids.demoMotors, role: 'staff', access_roles: ['staff'] }]);
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

/** The local outbox's messages for a recipient, read as the super user. */
async function readOutbox(recipient: string): Promise<{ results: { body: string }[] }> {
  const { access } = await signIn(t.app, 'super@demo.test');
  const url = `/api/dev/outbox/?recipient=${encodeURIComponent(recipient)}`;
  return (await t.app.inject({ method: 'GET', url, headers: bearer(access) })).json();
}

async function findLinkIn(email: string, kind: string): Promise<{ id: string; token: string }> {
  expect((await t.app.jobs.drain()).failed).toEqual([]);
  const outbox = await readOutbox(email);
  const link = String(outbox.results[0]?.body ?? '').match(new RegExp(`/${kind}/([^/\\s]+)/(\\S+)`));
  expect(link).not.toBeNull();
  const [, id = '', token = ''] = link ?? [];
  return { id, token };
}

async function findResetLink(email: string): Promise<{ id: string; token: string }> {
  expect((await t.app.jobs.drain()).failed).toEqual([]);
  const outbox = await readOutbox(email);
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
    expect((await readOutbox('nobody@demo.test')).results).toEqual([]);
  });

  it('builds the link from configuration, never from the request’s Host or X-Forwarded-* headers', async () => {
    const email = 'host.header@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const requested = await post(
      '/api/password-reset/',
      { email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    );
    expect(requested.statusCode).toBe(200);
    await findResetLink(email);
    const body = String((await readOutbox(email)).results[0]?.body);
    expect(body).not.toContain('evil.example');
    expect(body).toContain(`http://localhost:${t.app.config.PORT}/reset-password/`);
  });

  it('does the same work for a known and an unknown email: the lookup is queued for both', async () => {
    const email = 'queued.reset@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    await t.app.jobs.drain();
    const tokensOf = async () =>
      Number(
        (await t.database.query(`select count(*)::int as n from one_time_tokens where user_id = '${userId}'`))[0]?.n,
      );
    const known = await post('/api/password-reset/', { email });
    const unknown = await post('/api/password-reset/', { email: 'not.there@demo.test' });
    expect(unknown.json()).toEqual(known.json());
    // Nothing was looked up or issued while answering: the job does it.
    expect(await tokensOf()).toBe(0);
    await findResetLink(email);
    expect(await tokensOf()).toBe(1);
  });

  it('ends every other reset link and every sign-in of the user once the password is reset', async () => {
    const email = 'many.links@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const first = await signIn(t.app, email);
    const second = await signIn(t.app, email);
    await post('/api/password-reset/', { email });
    const older = await findResetLink(email);
    await post('/api/password-reset/', { email });
    const newer = await findResetLink(email);
    expect(newer.id).not.toBe(older.id);

    const reset = (link: { id: string; token: string }, password: string) =>
      post('/api/password-reset/confirm/', { ...link, password, password_confirmation: password });
    expect((await reset(newer, 'Newer!2027')).statusCode).toBe(200);
    expect((await reset(older, 'Older!2027')).json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
    for (const session of [first, second]) {
      expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(session.access) });
      expect(profile.statusCode).toBe(401);
    }
    await signIn(t.app, email, 'Newer!2027');
  });

  it('tells whether a link can still be used when its page opens', async () => {
    const email = 'checks.link@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    await post('/api/password-reset/', { email });
    const link = await findResetLink(email);
    const check = (id: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/password-reset/${id}/${token}/` });
    expect((await check(link.id, link.token)).json()).toEqual({ detail: 'The link is valid.' });
    expect((await check(link.id, 'wrong')).json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
    expect((await check('not-a-uuid', link.token)).statusCode).toBe(400);
    const password = 'Checked!2027';
    await post('/api/password-reset/confirm/', { ...link, password, password_confirmation: password });
    expect((await check(link.id, link.token)).json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
  });

  it('validates the email', async () => {
    expect((await post('/api/password-reset/', { email: 'nope' })).json()).toEqual({ email: ['Email is not valid'] });
  });
});

describe('invitation links', () => {
  it('says a used invitation was already accepted, and a wrong secret is only an invalid token', async () => {
    const email = 'joins.twice@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const { access } = await signIn(t.app, 'admin@demo.test');
    const invited = await post(
      `/api/merchants/${ids.integratedAuto}/users/invite/`,
      { email, first_name: 'Jo', last_name: 'Twice', role: 'staff' },
      bearer(access),
    );
    expect(invited.statusCode).toBe(201);
    const { id, token } = await findLinkIn(email, 'partner-invite');
    const url = `/api/partner-invite/${id}/${token}/`;
    expect((await post(url, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({
      detail: 'This invitation has already been accepted. Log in to continue.',
      code: 'invitation.accepted',
    });
    const wrong = await t.app.inject({ method: 'GET', url: `/api/partner-invite/${id}/wrong/` });
    expect(wrong.json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
    // The week-long invitation would outlive the pruning test's clock below.
    await t.database.query(`delete from one_time_tokens where id = '${id}'`);
  });
});

describe('the partner-invite password check', () => {
  it('shares the sign-in counters: an address guessing the password through an invitation is made to wait', async () => {
    const email = 'invite.guesses@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const { access } = await signIn(t.app, 'admin@demo.test');
    await post(
      `/api/merchants/${ids.integratedAuto}/users/invite/`,
      { email, first_name: 'In', last_name: 'Guess', role: 'staff' },
      bearer(access),
    );
    const { id, token } = await findLinkIn(email, 'partner-invite');
    const accept = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/partner-invite/${id}/${token}/`,
        payload: { password },
        remoteAddress: '192.0.2.90',
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await accept('Wrong!2026')).json().code).toBe('user.not_found');
    }
    const blocked = await accept(DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    // The owner's own address is not held back.
    expect((await post(`/api/partner-invite/${id}/${token}/`, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    await t.database.query(`delete from one_time_tokens where id = '${id}'`);
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
  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password }, remoteAddress: ip });

  it('makes an address wait after 5 failures for an account, even with the right password, without telling whether it exists', async () => {
    const locked = 'gets.locked@demo.test';
    await addUser(t.database.db, { email: locked, merchantId: ids.legacyMotors, role: 'admin' });
    for (const email of [locked, 'ghost@demo.test']) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await signInFrom('10.0.0.1', email, 'Wrong!2026')).statusCode).toBe(400);
      }
      const blocked = await signInFrom('10.0.0.1', email, DEMO_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('30');
      expect(blocked.json()).toEqual({
        detail: 'Request was throttled. Expected available in 30 seconds.',
        code: 'throttled',
      });
    }
    // Other accounts are not affected by one account's failures.
    await signIn(t.app, 'admin@demo.test');
  });

  it('does not lock the owner out: their usual address signs in while an attacker’s address waits', async () => {
    const email = 'attacked@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    for (let attempt = 0; attempt < 8; attempt += 1) await signInFrom('203.0.113.9', email, 'Wrong!2026');
    expect((await signInFrom('203.0.113.9', email, DEMO_PASSWORD)).statusCode).toBe(429);

    // The owner mistypes from their own address, then gets in; a success clears their address's counter.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom('198.51.100.7', email, 'Typo!2026')).statusCode).toBe(400);
    }
    expect((await signInFrom('198.51.100.7', email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signInFrom('198.51.100.7', email, 'Typo!2026')).statusCode).toBe(400);
    }
    expect((await signInFrom('198.51.100.7', email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signInFrom('203.0.113.9', email, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('lets the owner in from an address that has not failed after 5 failures from each of 21 others, and still slows the attackers', async () => {
    const email = 'widely.attacked@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const attackers = Array.from({ length: 21 }, (_, n) => `198.18.0.${n + 1}`);
    for (const ip of attackers) {
      for (let attempt = 0; attempt < 5; attempt += 1) await signInFrom(ip, email, 'Wrong!2026');
    }
    // Past the per-account ceiling (100), an address that has failed for the account waits even with the password…
    expect((await signInFrom(attackers[0]!, email, DEMO_PASSWORD)).statusCode).toBe(429);
    const newcomer = '198.18.1.1';
    expect((await signInFrom(newcomer, email, 'Wrong!2026')).statusCode).toBe(400);
    expect((await signInFrom(newcomer, email, 'Wrong!2026')).statusCode).toBe(429);
    // …while the owner's own address, which has not failed, is not throttled by failures elsewhere.
    expect((await signInFrom('198.18.2.1', email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts each attempt before checking it: of 50 parallel wrong guesses at most 5 are checked', async () => {
    const email = 'parallel.guesses@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => signInFrom('192.0.2.50', email, `Guess!${n}x`)),
    );
    const checked = answers.filter((answer) => answer.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(50 - checked);
  });

  it('makes the wait grow with each further failure, and lets the attempt through once it is over', async () => {
    const { delaySecondsAfter, MAX_DELAY_SECONDS } = await import('../src/modules/auth/auth.throttle');
    expect([4, 5, 6, 7].map((attempts) => delaySecondsAfter(attempts, 5))).toEqual([0, 30, 60, 120]);
    expect(delaySecondsAfter(40, 5)).toBe(MAX_DELAY_SECONDS);

    const email = 'waits.it.out@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    for (let attempt = 0; attempt < 5; attempt += 1) await signInFrom('192.0.2.60', email, 'Wrong!2026');
    expect((await signInFrom('192.0.2.60', email, DEMO_PASSWORD)).statusCode).toBe(429);
    await t.database.query(
      `update sign_in_failures set created = created - interval '31 seconds' where throttle_key like '%192.0.2.60'`,
    );
    expect((await signInFrom('192.0.2.60', email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles password reset requests and the partner-invite password check too', async () => {
    const email = 'reset.flood@demo.test';
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
    const reset = () =>
      t.app.inject({ method: 'POST', url: '/api/password-reset/', payload: { email }, remoteAddress: '192.0.2.70' });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await reset()).statusCode).toBe(200);
    const blocked = await reset();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
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
