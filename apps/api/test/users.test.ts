import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, bearer, DEMO_PASSWORD, seedDemo, sessionsFor, signIn, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, email: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
const usersUrl = (merchantId: string) => `/api/merchants/${merchantId}/users/`;

async function findLink(
  email: string,
  kind: 'partner-signup' | 'partner-invite',
): Promise<{ id: string; token: string }> {
  expect((await t.app.jobs.drain()).failed).toEqual([]);
  const outbox = (
    await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox/?recipient=${encodeURIComponent(email)}`,
      headers: await as('super@demo.test'),
    })
  ).json();
  const match = String(outbox.results[0]?.body ?? '').match(new RegExp(`/${kind}/([^/\\s]+)/(\\S+)`));
  expect(match).not.toBeNull();
  const [, id = '', token = ''] = match ?? [];
  return { id, token };
}

describe('GET /api/merchants/:id/users/', () => {
  it('lists the merchant’s users with role and status, and organisation members without a role', async () => {
    const body = (await call('GET', usersUrl(ids.demoMotors), 'admin@demo.test')).json();
    const byEmail = new Map(body.results.map((user: { email: string }) => [user.email, user]));
    expect(byEmail.get('staff@demo.test')).toMatchObject({
      role: 'staff',
      is_active: true,
      is_pending: false,
      custom_role: null,
    });
    expect(byEmail.get('admin@demo.test')).toMatchObject({ role: 'admin' });
    expect(byEmail.get('inactive@demo.test')).toMatchObject({ role: null, is_active: false });
    expect(byEmail.has('legacy@demo.test')).toBe(false);
    expect(byEmail.has('agent@demo.test')).toBe(false);
    expect(body.count).toBe(body.results.length);
  });

  it('shows custom roles by name', async () => {
    const body = (await call('GET', usersUrl(ids.customRolesAuto), 'admin@demo.test')).json();
    const agent = body.results.find((user: { email: string }) => user.email === 'agent@demo.test');
    expect(agent).toMatchObject({ role: 'custom', custom_role: { role_name: 'Collector' } });
  });

  it('is refused to staff and custom roles without is_user_update_allowed (403) and to other tenants (404)', async () => {
    expect((await call('GET', usersUrl(ids.demoMotors), 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', usersUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('GET', usersUrl(ids.legacyMotors), 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', usersUrl(ids.demoMotors), null)).statusCode).toBe(401);
  });
});

describe('inviting users', () => {
  it('makes a new person a pending user whose sign-up link sets their password and signs them in', async () => {
    const invited = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      email: 'new.hire@demo.test',
      first_name: 'Nina',
      last_name: 'Hire',
      role: 'staff',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'new.hire@demo.test', is_pending: true, is_active: true });
    const listed = (await call('GET', usersUrl(ids.demoMotors), 'admin@demo.test')).json();
    expect(listed.results.find((user: { email: string }) => user.email === 'new.hire@demo.test')).toMatchObject({
      role: 'staff',
      is_pending: true,
    });

    const { id, token } = await findLink('new.hire@demo.test', 'partner-signup');
    const described = await t.app.inject({ method: 'GET', url: `/api/partner-signup/${id}/${token}/` });
    expect(described.json()).toEqual({
      email: 'new.hire@demo.test',
      first_name: 'Nina',
      last_name: 'Hire',
      merchant_name: 'Demo Motors',
    });

    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/partner-signup/${id}/${token}/`,
      payload: { first_name: 'Nina', last_name: 'Hire', password: 'short', password_confirmation: 'short' },
    });
    expect(Object.keys(weak.json())).toEqual(['password']);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/partner-signup/${id}/${token}/`,
      payload: {
        first_name: 'Nina',
        last_name: 'Hire-Smith',
        password: 'Welcome!2026',
        password_confirmation: 'Welcome!2026',
      },
    });
    expect(done.statusCode).toBe(200);
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(done.json().access) })
    ).json().results[0];
    expect(profile).toMatchObject({ last_name: 'Hire-Smith', merchants: [{ name: 'Demo Motors', role: 'staff' }] });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/partner-signup/${id}/${token}/`,
      payload: { first_name: 'X', last_name: 'Y', password: 'Welcome!2026', password_confirmation: 'Welcome!2026' },
    });
    expect(again.json()).toEqual({ detail: 'Invalid Token.', code: 'token.invalid' });
  });

  it('sends an existing user of the organisation a link to accept the role with their password', async () => {
    const invited = await call('POST', `${usersUrl(ids.integratedAuto)}invite/`, 'admin@demo.test', {
      email: 'STAFF@demo.test',
      first_name: 'Stacy',
      last_name: 'Staff',
      role: 'staff',
    });
    expect(invited.statusCode).toBe(201);
    const { id, token } = await findLink('staff@demo.test', 'partner-invite');
    expect((await t.app.inject({ method: 'GET', url: `/api/partner-invite/${id}/${token}/` })).json()).toEqual({
      email: 'staff@demo.test',
      merchant_name: 'Integrated Auto',
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/partner-invite/${id}/${token}/`,
      payload: { password: 'Nope!2026' },
    });
    expect(wrong.json().code).toBe('user.not_found');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/partner-invite/${id}/${token}/`,
      payload: { password: DEMO_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    const { access } = await signIn(t.app, 'staff@demo.test');
    const merchants = (await t.app.inject({ method: 'GET', url: '/api/merchants/', headers: bearer(access) })).json();
    expect(merchants.results.map((m: { name: string }) => m.name)).toEqual(['Demo Motors', 'Integrated Auto']);
  });

  it('refuses a user who already has a role there, or who belongs to another organisation', async () => {
    const payload = { first_name: 'A', last_name: 'B', role: 'staff' };
    const inUse = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      ...payload,
      email: 'staff@demo.test',
    });
    expect(inUse.json()).toEqual({ detail: 'Email address already in use.', code: 'user.email_in_use' });
    const otherOrg = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      ...payload,
      email: 'legacy@demo.test',
    });
    expect(otherOrg.json()).toEqual({
      detail: 'User already belongs to an organization.',
      code: 'user.org_already_set',
    });
  });

  it('gives field messages', async () => {
    const response = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      email: 'bad',
      first_name: '',
      last_name: 'X',
    });
    expect(response.json()).toEqual({ email: ['Email is not valid'], first_name: ['Required'], role: ['Required'] });
  });

  it('needs a custom role of this merchant where custom roles are on', async () => {
    const base = { email: 'collector2@demo.test', first_name: 'C', last_name: 'Two', role: 'custom' };
    expect((await call('POST', `${usersUrl(ids.customRolesAuto)}invite/`, 'admin@demo.test', base)).json()).toEqual({
      custom_role_id: ['Required'],
    });
    expect(
      (
        await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', { ...base, custom_role_id: null })
      ).json(),
    ).toEqual({
      role: ['Custom roles are not enabled for this merchant'],
    });
    const [collector] = (await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test')).json()
      .results;
    const ok = await call('POST', `${usersUrl(ids.customRolesAuto)}invite/`, 'admin@demo.test', {
      ...base,
      custom_role_id: collector.id,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('is refused to staff (403) and other tenants (404)', async () => {
    const payload = { email: 'x@demo.test', first_name: 'X', last_name: 'Y', role: 'staff' };
    expect((await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'staff@demo.test', payload)).statusCode).toBe(403);
    expect((await call('POST', `${usersUrl(ids.legacyMotors)}invite/`, 'admin@demo.test', payload)).statusCode).toBe(
      404,
    );
  });
});

describe('disabling users', () => {
  it('is refused to staff (403), for another tenant’s merchant or user (404)', async () => {
    const adminId = await userIdOf(t.database.db, 'admin@demo.test');
    const legacyId = await userIdOf(t.database.db, 'legacy@demo.test');
    expect((await call('POST', `${usersUrl(ids.demoMotors)}${adminId}/disable/`, 'staff@demo.test')).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `${usersUrl(ids.legacyMotors)}${legacyId}/disable/`, 'admin@demo.test')).statusCode,
    ).toBe(404);
    expect((await call('POST', `${usersUrl(ids.demoMotors)}${legacyId}/disable/`, 'admin@demo.test')).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${usersUrl(ids.demoMotors)}not-a-uuid/disable/`, 'admin@demo.test')).statusCode).toBe(
      404,
    );
  });

  it('refuses to let anyone disable a user who outranks them', async () => {
    const superId = await userIdOf(t.database.db, 'super@demo.test');
    const adminId = await userIdOf(t.database.db, 'admin@demo.test');
    expect((await call('POST', `${usersUrl(ids.demoMotors)}${superId}/disable/`, 'admin@demo.test')).statusCode).toBe(
      403,
    );
    // A custom role that may manage users still may not disable an admin.
    const manager = await call('POST', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test', {
      role_name: 'User manager',
      permissions: { is_user_update_allowed: true },
    });
    expect(manager.statusCode).toBe(201);
    const email = 'manages.users@demo.test';
    await addUser(t.database.db, {
      email,
      merchantId: ids.customRolesAuto,
      role: { customRoleId: manager.json().id },
    });
    expect((await call('POST', `${usersUrl(ids.customRolesAuto)}${adminId}/disable/`, email)).statusCode).toBe(403);
  });

  it('removes every role of the user, who then shows as Inactive', async () => {
    const email = 'collects.then.leaves@demo.test';
    const roles = (await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test')).json();
    const collector = roles.results.find((role: { role_name: string }) => role.role_name === 'Collector');
    const userId = await addUser(t.database.db, {
      email,
      merchantId: ids.customRolesAuto,
      role: { customRoleId: collector.id },
    });
    const response = await call('POST', `${usersUrl(ids.customRolesAuto)}${userId}/disable/`, 'admin@demo.test');
    expect(response.json()).toMatchObject({ email, is_active: false, role: null });
    const listed = (await call('GET', usersUrl(ids.customRolesAuto), 'admin@demo.test')).json();
    expect(listed.results.find((user: { email: string }) => user.email === email)).toMatchObject({
      is_active: false,
      role: null,
    });
  });
});
