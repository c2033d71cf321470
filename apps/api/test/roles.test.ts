import { PERMISSION_FLAGS } from '@paydesk/domain/access/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: await as(email) });
const rolesUrl = () => `/api/merchants/${ids.customRolesAuto}/roles/`;

describe('custom roles', () => {
  it('lists the merchant’s roles with every flag and has_access', async () => {
    const body = (await call('GET', rolesUrl(), 'admin@demo.test')).json();
    expect(body.count).toBe(1);
    const [collector] = body.results;
    expect(collector.role_name).toBe('Collector');
    expect(Object.keys(collector.permissions)).toEqual([...PERMISSION_FLAGS]);
    expect(collector.has_access).toEqual(['is_customer_free_text_allowed', 'is_note_update_allowed']);
    expect(collector.settings).toEqual({ min_merchant_payment_amount: null, max_merchant_payment_amount: null });
  });

  it('creates, reads, changes and deletes a role', async () => {
    const created = await call('POST', rolesUrl(), 'admin@demo.test', {
      role_name: 'Supervisor',
      role_description: 'Refunds and reports',
      permissions: { is_payment_refund_allowed: true, is_merchant_payment_report_allowed: true },
      settings: { min_merchant_payment_amount: 100, max_merchant_payment_amount: 500000 },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role.has_access).toEqual(['is_merchant_payment_report_allowed', 'is_payment_refund_allowed']);
    expect(role.settings).toEqual({ min_merchant_payment_amount: 100, max_merchant_payment_amount: 500000 });

    const url = `${rolesUrl()}${role.id}/`;
    expect((await call('GET', url, 'admin@demo.test')).json().role_name).toBe('Supervisor');
    const patched = (
      await call('PATCH', url, 'admin@demo.test', {
        permissions: { is_payment_refund_allowed: false, is_user_update_allowed: true },
      })
    ).json();
    expect(patched.has_access).toEqual(['is_merchant_payment_report_allowed', 'is_user_update_allowed']);
    const put = (await call('PUT', url, 'admin@demo.test', { role_name: 'Lead', permissions: {} })).json();
    expect(put).toMatchObject({ role_name: 'Lead', role_description: '', has_access: [] });
    expect((await call('DELETE', url, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'admin@demo.test')).statusCode).toBe(404);
  });

  it('gives field messages: name required and unique, amounts valid and ordered', async () => {
    expect((await call('POST', rolesUrl(), 'admin@demo.test', { role_name: '' })).json()).toEqual({
      role_name: ['Required'],
    });
    expect((await call('POST', rolesUrl(), 'admin@demo.test', { role_name: 'collector' })).json()).toEqual({
      role_name: ['A role with this name already exists'],
    });
    const amounts = await call('POST', rolesUrl(), 'admin@demo.test', {
      role_name: 'Odd',
      settings: { min_merchant_payment_amount: 5000, max_merchant_payment_amount: 100 },
    });
    expect(amounts.json()).toEqual({ 'settings.max_merchant_payment_amount': ['Must be at least the minimum amount'] });
    const negative = await call('POST', rolesUrl(), 'admin@demo.test', {
      role_name: 'Neg',
      settings: { min_merchant_payment_amount: -1 },
    });
    expect(negative.json()).toEqual({ 'settings.min_merchant_payment_amount': ['Must be a valid number'] });
  });

  it('refuses to delete a role someone holds', async () => {
    const [collector] = (await call('GET', rolesUrl(), 'admin@demo.test')).json().results;
    const response = await call('DELETE', `${rolesUrl()}${collector.id}/`, 'admin@demo.test');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('role.in_use');
  });

  it('is for super_admin and admin only (403), on their own merchants (404)', async () => {
    expect((await call('GET', rolesUrl(), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('GET', `/api/merchants/${ids.demoMotors}/roles/`, 'staff@demo.test')).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/merchants/${ids.demoMotors}/roles/`, 'staff@demo.test', { role_name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/merchants/${ids.legacyMotors}/roles/`, 'admin@demo.test')).statusCode).toBe(404);
    const legacyRole = (
      await call('POST', `/api/merchants/${ids.legacyMotors}/roles/`, 'legacy@demo.test', { role_name: 'Theirs' })
    ).json();
    expect(
      (await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/${legacyRole.id}/`, 'admin@demo.test'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/merchants/${ids.customRolesAuto}/roles/${legacyRole.id}/`, 'admin@demo.test'))
        .statusCode,
    ).toBe(404);
  });

  it('lets a user manager (is_user_update_allowed) list roles to invite with, but not change them', async () => {
    const created = (
      await call('POST', rolesUrl(), 'admin@demo.test', {
        role_name: 'User Manager',
        permissions: { is_user_update_allowed: true },
      })
    ).json();
    const invited = await call('POST', `/api/merchants/${ids.customRolesAuto}/users/invite/`, 'admin@demo.test', {
      email: 'manager@demo.test',
      first_name: 'Mia',
      last_name: 'Manager',
      role: 'custom',
      custom_role_id: created.id,
    });
    expect(invited.statusCode).toBe(201);
    await t.database.query(
      "update users set password_hash = (select password_hash from users where email = 'admin@demo.test'), is_pending = false where email = 'manager@demo.test'",
    );
    const listed = await call('GET', rolesUrl(), 'manager@demo.test');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((role: { role_name: string }) => role.role_name)).toContain('Collector');
    expect((await call('POST', rolesUrl(), 'manager@demo.test', { role_name: 'Sneaky' })).statusCode).toBe(403);
    expect((await call('GET', `${rolesUrl()}${created.id}/`, 'manager@demo.test')).statusCode).toBe(403);
  });
});

describe('deleting a role its users hold', () => {
  const holderRoles = async () =>
    (await call('GET', `/api/merchants/${ids.customRolesAuto}/users/?page_size=100`, 'admin@demo.test'))
      .json()
      .results.filter((user: { email: string }) => user.email.startsWith('holder.'))
      .map((user: { email: string; role: string; custom_role: { role_name: string } | null }) => [
        user.email,
        user.role,
        user.custom_role?.role_name ?? null,
      ])
      .sort(([left]: [string], [right]: [string]) => left.localeCompare(right));

  it('moves the holders to another role and deletes it in one step', async () => {
    const doomed = (await call('POST', rolesUrl(), 'admin@demo.test', { role_name: 'Doomed' })).json();
    const target = (await call('POST', rolesUrl(), 'admin@demo.test', { role_name: 'Successor' })).json();
    for (const email of ['holder.one@demo.test', 'holder.two@demo.test'])
      await addUser(t.database.db, { email, merchantId: ids.customRolesAuto, role: { customRoleId: doomed.id } });
    const url = `${rolesUrl()}${doomed.id}/`;

    expect((await call('DELETE', url, 'admin@demo.test')).json().code).toBe('role.in_use');
    expect((await call('DELETE', `${url}?move_to=${doomed.id}`, 'admin@demo.test')).json()).toEqual({
      move_to: ['Required'],
    });
    expect((await call('DELETE', `${url}?move_to=nobody`, 'admin@demo.test')).json()).toEqual({
      move_to: ['Required'],
    });
    // Admins may not give super_admin.
    expect((await call('DELETE', `${url}?move_to=super_admin`, 'admin@demo.test')).statusCode).toBe(400);
    expect((await call('GET', url, 'admin@demo.test')).statusCode).toBe(200);

    expect((await call('DELETE', `${url}?move_to=${target.id}`, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'admin@demo.test')).statusCode).toBe(404);
    expect(await holderRoles()).toEqual([
      ['holder.one@demo.test', 'custom', 'Successor'],
      ['holder.two@demo.test', 'custom', 'Successor'],
    ]);

    expect((await call('DELETE', `${rolesUrl()}${target.id}/?move_to=staff`, 'admin@demo.test')).statusCode).toBe(204);
    expect(await holderRoles()).toEqual([
      ['holder.one@demo.test', 'staff', null],
      ['holder.two@demo.test', 'staff', null],
    ]);
  });
});
