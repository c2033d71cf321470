import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import {
  addGrant,
  addUser,
  bearer,
  DEMO_PASSWORD,
  seedDemo,
  sessionsFor,
  signIn,
  userIdOf,
  type DemoIds,
} from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, email: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
const usersUrl = (merchantId: string) => `/api/merchants/${merchantId}/users/`;

/** A fresh user at Custom Roles Auto whose custom role holds only is_user_update_allowed. */
async function addUserManager(name: string) {
  const roles = (
    await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/?page_size=100`, 'admin@demo.test')
  ).json().results as { id: string; role_name: string }[];
  let manager = roles.find((role) => role.role_name === 'User manager only');
  if (!manager) {
    const created = await call('POST', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test', {
      role_name: 'User manager only',
      permissions: { is_user_update_allowed: true },
    });
    expect(created.statusCode).toBe(201);
    manager = created.json() as { id: string; role_name: string };
  }
  const collector = roles.find((role) => role.role_name === 'Collector');
  if (!collector) throw new Error('no Collector role');
  const managerEmail = `manager.${name}@demo.test`;
  const managerId = await addUser(t.database.db, {
    email: managerEmail,
    merchantId: ids.customRolesAuto,
    role: { customRoleId: manager.id },
  });
  return { managerEmail, managerId, roleIds: { manager: manager.id, collector: collector.id } };
}

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
  it('lists the merchant’s users with role and status, and those disabled there', async () => {
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
    expect(byEmail.get('inactive@demo.test')).toHaveProperty('disabled_at', expect.any(String));
    expect(byEmail.get('staff@demo.test')).toHaveProperty('disabled_at', null);
    expect(byEmail.has('legacy@demo.test')).toBe(false);
    // Organisation members who never worked at this merchant are not its users.
    expect(byEmail.has('noroles@demo.test')).toBe(false);
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
  });

  it('answers an address of another organisation as a new invite, changes nothing and tells that address', async () => {
    const payload = { first_name: 'Lee', last_name: 'L', role: 'staff' };
    const fresh = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      ...payload,
      email: 'fresh.person@demo.test',
    });
    const otherOrg = await call('POST', `${usersUrl(ids.demoMotors)}invite/`, 'admin@demo.test', {
      ...payload,
      email: 'legacy@demo.test',
    });
    expect(otherOrg.statusCode).toBe(201);
    expect(Object.keys(otherOrg.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    const { id: _id, email, created: _created, ...shape } = otherOrg.json();
    const { id: _freshId, email: freshEmail, created: _freshCreated, ...freshShape } = fresh.json();
    expect([email, freshEmail]).toEqual(['legacy@demo.test', 'fresh.person@demo.test']);
    expect(shape).toEqual(freshShape);
    expect(otherOrg.json().id).not.toBe(await userIdOf(t.database.db, 'legacy@demo.test'));

    expect((await t.app.jobs.drain()).failed).toEqual([]);
    const outbox = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox/?recipient=${encodeURIComponent('legacy@demo.test')}`,
        headers: await as('super@demo.test'),
      })
    ).json();
    expect(outbox.results).toHaveLength(1);
    expect(outbox.results[0].body).toContain('tried to invite');
    expect(outbox.results[0].body).not.toMatch(/partner-(invite|signup)/);
    const listed = (await call('GET', usersUrl(ids.demoMotors), 'admin@demo.test')).json();
    expect(listed.results.some((user: { email: string }) => user.email === 'legacy@demo.test')).toBe(false);
    const legacyMerchants = (await call('GET', '/api/merchants/', 'legacy@demo.test')).json();
    expect(legacyMerchants.results.map((m: { name: string }) => m.name)).toEqual(['Legacy Motors']);
  });

  it('lets a user give only what they hold: base roles up to their rank, custom roles within their flags', async () => {
    const { managerEmail, roleIds } = await addUserManager('invites');
    const invite = (body: object) =>
      call('POST', `${usersUrl(ids.customRolesAuto)}invite/`, managerEmail, {
        email: `${Math.random().toString(36).slice(2)}@demo.test`,
        first_name: 'I',
        last_name: 'V',
        ...body,
      });
    const collector = await invite({ role: 'custom', custom_role_id: roleIds.collector });
    expect(collector.statusCode).toBe(403);
    expect(collector.json().detail).toBe('You may only give a role whose permissions you hold yourself.');
    expect((await invite({ role: 'admin' })).statusCode).toBe(403);
    expect((await invite({ role: 'staff' })).statusCode).toBe(201);
    expect((await invite({ role: 'custom', custom_role_id: roleIds.manager })).statusCode).toBe(201);
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

describe('user management across merchants', () => {
  const disable = (merchantId: string, userId: string, email: string, payload?: object) =>
    call('POST', `${usersUrl(merchantId)}${userId}/disable/`, email, payload);
  const grantsOf = async (email: string) =>
    (await call('GET', '/api/merchants/', email)).json().results.map((m: { name: string }) => m.name);

  it('hides users who hold no role at the merchant, even of the same organisation (404)', async () => {
    const { managerEmail } = await addUserManager('cross');
    const onlyDemoMotors = await addUser(t.database.db, {
      email: 'admin.of.demo.only@demo.test',
      merchantId: ids.demoMotors,
      role: 'admin',
    });
    expect((await disable(ids.customRolesAuto, onlyDemoMotors, managerEmail)).statusCode).toBe(404);
    expect((await disable(ids.customRolesAuto, onlyDemoMotors, 'admin@demo.test')).statusCode).toBe(404);
    expect(await grantsOf('admin.of.demo.only@demo.test')).toEqual(['Demo Motors']);
  });

  it('judges rank on every merchant both work at', async () => {
    const actorEmail = 'admin.here.staff.there@demo.test';
    const actor = await addUser(t.database.db, { email: actorEmail, merchantId: ids.customRolesAuto, role: 'admin' });
    await addGrant(t.database.db, actor, ids.demoMotors, 'staff');
    const target = await addUser(t.database.db, {
      email: 'staff.here.admin.there@demo.test',
      merchantId: ids.customRolesAuto,
      role: 'staff',
    });
    await addGrant(t.database.db, target, ids.demoMotors, 'admin');
    expect((await disable(ids.customRolesAuto, target, actorEmail)).statusCode).toBe(403);
    expect(
      (await call('PATCH', `${usersUrl(ids.customRolesAuto)}${target}/`, actorEmail, { role: 'admin' })).statusCode,
    ).toBe(403);
    expect(await grantsOf('staff.here.admin.there@demo.test')).toEqual(['Custom Roles Auto', 'Demo Motors']);
  });

  it('removes only this merchant’s role; the user stays active elsewhere and is listed here as disabled', async () => {
    const email = 'works.at.two@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.customRolesAuto, role: 'staff' });
    await addGrant(t.database.db, userId, ids.demoMotors, 'staff');
    const response = await disable(ids.customRolesAuto, userId, 'admin@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, is_active: true, role: null, disabled_at: expect.any(String) });
    expect(await grantsOf(email)).toEqual(['Demo Motors']);
    const listed = (await call('GET', usersUrl(ids.customRolesAuto), 'admin@demo.test')).json();
    expect(listed.results.find((user: { email: string }) => user.email === email)).toMatchObject({
      role: null,
      is_active: true,
      disabled_at: expect.any(String),
    });
  });

  it('disables the whole account only for those who rank at least as high everywhere it works', async () => {
    const actorEmail = 'admin.of.cra.only@demo.test';
    await addUser(t.database.db, { email: actorEmail, merchantId: ids.customRolesAuto, role: 'admin' });
    const email = 'staff.of.two@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.customRolesAuto, role: 'staff' });
    await addGrant(t.database.db, userId, ids.demoMotors, 'staff');
    expect((await disable(ids.customRolesAuto, userId, actorEmail, { everywhere: true })).statusCode).toBe(403);
    expect(await grantsOf(email)).toEqual(['Custom Roles Auto', 'Demo Motors']);

    const { refresh } = await signIn(t.app, email);
    const everywhere = await disable(ids.customRolesAuto, userId, 'admin@demo.test', { everywhere: true });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toMatchObject({ is_active: false, role: null });
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(signInAgain.statusCode).not.toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(refreshed.statusCode).toBe(401);
    const listed = (await call('GET', usersUrl(ids.demoMotors), 'admin@demo.test')).json();
    expect(listed.results.find((user: { email: string }) => user.email === email)).toMatchObject({
      is_active: false,
      disabled_at: expect.any(String),
    });
  });
});

describe('changing roles', () => {
  const changeRole = (merchantId: string, userId: string, email: string, payload: object) =>
    call('PATCH', `${usersUrl(merchantId)}${userId}/`, email, payload);

  it('changes a role to and from custom roles', async () => {
    const { roleIds } = await addUserManager('changes');
    const email = 'changes.role@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.customRolesAuto, role: 'staff' });
    const toCustom = await changeRole(ids.customRolesAuto, userId, 'admin@demo.test', {
      role: 'custom',
      custom_role_id: roleIds.collector,
    });
    expect(toCustom.statusCode).toBe(200);
    expect(toCustom.json()).toMatchObject({ role: 'custom', custom_role: { role_name: 'Collector' } });
    const toAdmin = await changeRole(ids.customRolesAuto, userId, 'admin@demo.test', { role: 'admin' });
    expect(toAdmin.json()).toMatchObject({ role: 'admin', custom_role: null });
    const profile = (await call('GET', '/api/profile/', email)).json().results[0];
    expect(profile.merchants).toEqual([expect.objectContaining({ name: 'Custom Roles Auto', role: 'admin' })]);
  });

  it('refuses roles the actor does not hold, users who outrank them, themselves and unknown roles', async () => {
    const { managerEmail, managerId, roleIds } = await addUserManager('refused');
    const staffId = await addUser(t.database.db, {
      email: 'staff.to.change@demo.test',
      merchantId: ids.customRolesAuto,
      role: 'staff',
    });
    const adminId = await userIdOf(t.database.db, 'admin@demo.test');
    expect((await changeRole(ids.customRolesAuto, staffId, managerEmail, { role: 'admin' })).statusCode).toBe(403);
    expect(
      (
        await changeRole(ids.customRolesAuto, staffId, managerEmail, {
          role: 'custom',
          custom_role_id: roleIds.collector,
        })
      ).statusCode,
    ).toBe(403);
    expect((await changeRole(ids.customRolesAuto, adminId, managerEmail, { role: 'staff' })).statusCode).toBe(403);
    expect((await changeRole(ids.customRolesAuto, managerId, managerEmail, { role: 'staff' })).statusCode).toBe(403);
    const ok = await changeRole(ids.customRolesAuto, staffId, managerEmail, {
      role: 'custom',
      custom_role_id: roleIds.manager,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await changeRole(ids.customRolesAuto, staffId, 'admin@demo.test', { role: 'custom', custom_role_id: 'nope' })
      ).json(),
    ).toEqual({ custom_role_id: ['Required'] });
    expect((await changeRole(ids.demoMotors, staffId, 'admin@demo.test', { role: 'staff' })).statusCode).toBe(404);
  });
});

describe('re-enabling users', () => {
  const enable = (merchantId: string, userId: string, email: string, payload: object) =>
    call('POST', `${usersUrl(merchantId)}${userId}/enable/`, email, payload);

  it('gives a user disabled at the merchant a role again and reactivates their account', async () => {
    const email = 'comes.back@demo.test';
    const userId = await addUser(t.database.db, { email, merchantId: ids.customRolesAuto, role: 'staff' });
    await call('POST', `${usersUrl(ids.customRolesAuto)}${userId}/disable/`, 'admin@demo.test');
    expect((await call('POST', '/api/token/', null, { email, password: DEMO_PASSWORD })).statusCode).not.toBe(200);

    const enabled = await enable(ids.customRolesAuto, userId, 'admin@demo.test', { role: 'staff' });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ email, role: 'staff', is_active: true, disabled_at: null });
    await signIn(t.app, email);
    expect((await enable(ids.customRolesAuto, userId, 'admin@demo.test', { role: 'staff' })).statusCode).toBe(409);
  });

  it('re-enables the seeded disabled user at Demo Motors', async () => {
    const inactiveId = await userIdOf(t.database.db, 'inactive@demo.test');
    const enabled = await enable(ids.demoMotors, inactiveId, 'admin@demo.test', { role: 'staff' });
    expect(enabled.json()).toMatchObject({ email: 'inactive@demo.test', role: 'staff', is_active: true });
  });

  it('follows the same rules: only users disabled there, roles the actor holds', async () => {
    const { managerEmail } = await addUserManager('enables');
    const userId = await addUser(t.database.db, {
      email: 'gone.from.cra@demo.test',
      merchantId: ids.customRolesAuto,
      role: 'staff',
    });
    await call('POST', `${usersUrl(ids.customRolesAuto)}${userId}/disable/`, 'admin@demo.test');
    expect((await enable(ids.customRolesAuto, userId, managerEmail, { role: 'admin' })).statusCode).toBe(403);
    expect((await enable(ids.demoMotors, userId, 'admin@demo.test', { role: 'staff' })).statusCode).toBe(404);
    const noRoles = await userIdOf(t.database.db, 'noroles@demo.test');
    expect((await enable(ids.demoMotors, noRoles, 'admin@demo.test', { role: 'staff' })).statusCode).toBe(404);
    expect((await enable(ids.customRolesAuto, userId, managerEmail, { role: 'staff' })).statusCode).toBe(200);
  });
});
