import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addGrant, addUser, seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  adminId = await userIdOf(t.database.db, 'admin@demo.test');
});
afterAll(() => t.close());

type Entry = {
  id: string;
  created: string;
  actor_id: string | null;
  actor_name: string;
  kind: string;
  action: string;
  subject_id: string | null;
  subject_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: await as(email) });
const activityUrl = (merchantId: string) => `/api/merchants/${merchantId}/activity/`;

async function activity(merchantId: string, query = '', email = 'super@demo.test'): Promise<Entry[]> {
  const response = await call('GET', `${activityUrl(merchantId)}?page_size=100&${query}`, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

/** The merchant's entries about one subject, newest first. */
const about = async (merchantId: string, subjectId: string) =>
  (await activity(merchantId)).filter((entry) => entry.subject_id === subjectId);

describe('activity log: what records an entry', () => {
  it('tags: created, renamed, deleted, each once with before and after, by the signed-in person', async () => {
    const url = `/api/merchants/${ids.demoMotors}/account-tags/`;
    const tag = (await call('POST', url, 'admin@demo.test', { name: 'Audited' })).json();
    await call('PUT', `${url}${tag.id}/`, 'admin@demo.test', { name: 'Audited Tag' });
    // The same name again changes nothing and records nothing.
    await call('PATCH', `${url}${tag.id}/`, 'admin@demo.test', { name: 'Audited Tag' });
    await call('DELETE', `${url}${tag.id}/`, 'admin@demo.test');
    const entries = await about(ids.demoMotors, tag.id);
    expect(entries.map((entry) => entry.action)).toEqual(['deleted', 'updated', 'created']);
    const [deleted, updated, created] = entries;
    expect(created).toMatchObject({
      actor_id: adminId,
      actor_name: 'Avery Admin',
      kind: 'tag',
      subject_label: 'Audited',
      before: null,
      after: { name: 'Audited' },
    });
    expect(updated).toMatchObject({
      subject_label: 'Audited Tag',
      before: { name: 'Audited' },
      after: { name: 'Audited Tag' },
    });
    expect(deleted).toMatchObject({ subject_label: 'Audited Tag', before: { name: 'Audited Tag' }, after: null });
  });

  it('records nothing for a change that failed (a duplicate tag name)', async () => {
    const before = (await activity(ids.demoMotors, 'kind=tag')).length;
    const duplicate = await call('POST', `/api/merchants/${ids.demoMotors}/account-tags/`, 'admin@demo.test', {
      name: 'vip',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(await activity(ids.demoMotors, 'kind=tag')).toHaveLength(before);
  });

  it('roles: created, updated (changed fields only, amounts in cents as recorded), deleted', async () => {
    const url = `/api/merchants/${ids.customRolesAuto}/roles/`;
    const role = (
      await call('POST', url, 'admin@demo.test', {
        role_name: 'Audited role',
        permissions: { is_payment_refund_allowed: true },
        settings: { max_merchant_payment_amount: 50000 },
      })
    ).json();
    await call('PATCH', `${url}${role.id}/`, 'admin@demo.test', {
      role_description: 'Refunds',
      settings: { max_merchant_payment_amount: 75000 },
    });
    await call('DELETE', `${url}${role.id}/`, 'admin@demo.test');
    const [deleted, updated, created] = await about(ids.customRolesAuto, role.id);
    expect(created).toMatchObject({
      kind: 'role',
      action: 'created',
      subject_label: 'Audited role',
      after: {
        role_name: 'Audited role',
        role_description: '',
        permissions: ['is_payment_refund_allowed'],
        min_merchant_payment_amount: null,
        max_merchant_payment_amount: 50000,
      },
    });
    expect(updated).toMatchObject({ action: 'updated' });
    expect(updated?.before).toEqual({ role_description: '', max_merchant_payment_amount: 50000 });
    expect(updated?.after).toEqual({ role_description: 'Refunds', max_merchant_payment_amount: 75000 });
    expect(deleted).toMatchObject({
      action: 'deleted',
      before: expect.objectContaining({ role_name: 'Audited role' }),
    });
    expect(await about(ids.customRolesAuto, role.id)).toHaveLength(3);
  });

  it('merchant settings: an update records the changed settings; nothing for no change or a refused one', async () => {
    const merchantUrl = `/api/merchants/${ids.integratedAuto}/`;
    await call('PATCH', merchantUrl, 'admin@demo.test', { name: 'Integrated Auto Co', allow_group_message: false });
    await call('PATCH', merchantUrl, 'admin@demo.test', {});
    await call('PATCH', merchantUrl, 'admin@demo.test', { name: 'Integrated Auto Co' });
    const refused = await call('PATCH', merchantUrl, 'admin@demo.test', { is_integrated: false });
    expect(refused.statusCode).toBe(400);
    const entries = await about(ids.integratedAuto, ids.integratedAuto);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'merchant',
      action: 'updated',
      subject_label: 'Integrated Auto Co',
      before: { name: 'Integrated Auto' },
      after: { name: 'Integrated Auto Co' },
    });
    await call('PUT', merchantUrl, 'admin@demo.test', { name: 'Integrated Auto' });
    expect(await about(ids.integratedAuto, ids.integratedAuto)).toHaveLength(2);
  });

  it('merchant created by a super user: an entry on the new merchant', async () => {
    const created = (
      await call('POST', '/api/merchants/', 'super@demo.test', {
        name: 'Audit Motors',
        organization_name: 'Audit Group',
      })
    ).json();
    const entries = await activity(created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_name: 'Sam Super',
      kind: 'merchant',
      action: 'created',
      subject_id: created.id,
      subject_label: 'Audit Motors',
      after: expect.objectContaining({ name: 'Audit Motors', is_integrated: false }),
    });
  });

  it('users: invited, role changed, disabled, enabled, labelled by email', async () => {
    const usersUrl = `/api/merchants/${ids.demoMotors}/users/`;
    const invited = await call('POST', `${usersUrl}invite/`, 'admin@demo.test', {
      email: 'audited@demo.test',
      first_name: 'Audrey',
      last_name: 'Audited',
      role: 'staff',
    });
    expect(invited.statusCode).toBe(201);
    const userId: string = invited.json().id;
    expect(await about(ids.demoMotors, userId)).toMatchObject([
      {
        kind: 'user',
        action: 'invited',
        subject_label: 'audited@demo.test',
        after: { email: 'audited@demo.test', first_name: 'Audrey', last_name: 'Audited', role: 'staff' },
      },
    ]);

    await call('PATCH', `${usersUrl}${userId}/`, 'admin@demo.test', { role: 'admin' });
    await call('POST', `${usersUrl}${userId}/disable/`, 'admin@demo.test');
    await call('POST', `${usersUrl}${userId}/enable/`, 'admin@demo.test', { role: 'staff' });
    const [enabled, disabled, updated] = await about(ids.demoMotors, userId);
    expect(updated).toMatchObject({ action: 'updated', before: { role: 'staff' }, after: { role: 'admin' } });
    expect(disabled).toMatchObject({ action: 'disabled', before: { role: 'admin' }, after: { role: null } });
    expect(enabled).toMatchObject({ action: 'enabled', before: { role: null }, after: { role: 'staff' } });
    expect(await about(ids.demoMotors, userId)).toHaveLength(4);
  });

  it('a custom role change names the custom role', async () => {
    const [collector] = (await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test')).json()
      .results;
    const userId = await addUser(t.database.db, {
      email: 'collector-to-be@demo.test',
      merchantId: ids.customRolesAuto,
      role: 'staff',
    });
    await call('PATCH', `/api/merchants/${ids.customRolesAuto}/users/${userId}/`, 'admin@demo.test', {
      role: 'custom',
      custom_role_id: collector.id,
    });
    expect(await about(ids.customRolesAuto, userId)).toMatchObject([
      { before: { role: 'staff' }, after: { role: 'custom', custom_role: 'Collector' } },
    ]);
  });

  it('deleting a role that moves its holders records each holder’s new role and the deletion', async () => {
    const url = `/api/merchants/${ids.customRolesAuto}/roles/`;
    const role = (await call('POST', url, 'admin@demo.test', { role_name: 'Short-lived' })).json();
    const holderId = await addUser(t.database.db, {
      email: 'short-lived@demo.test',
      merchantId: ids.customRolesAuto,
      role: { customRoleId: role.id },
    });
    const response = await call('DELETE', `${url}${role.id}/?move_to=staff`, 'admin@demo.test');
    expect(response.statusCode, response.body).toBe(204);
    expect(await about(ids.customRolesAuto, holderId)).toMatchObject([
      {
        kind: 'user',
        action: 'updated',
        before: { role: 'custom', custom_role: 'Short-lived' },
        after: { role: 'staff', custom_role: null },
      },
    ]);
    expect((await about(ids.customRolesAuto, role.id)).map((entry) => entry.action)).toEqual(['deleted', 'created']);
  });

  it('a refused role deletion (still held) records nothing', async () => {
    const [collector] = (await call('GET', `/api/merchants/${ids.customRolesAuto}/roles/`, 'admin@demo.test')).json()
      .results;
    const before = (await activity(ids.customRolesAuto, 'kind=role')).length;
    expect(
      (await call('DELETE', `/api/merchants/${ids.customRolesAuto}/roles/${collector.id}/`, 'admin@demo.test'))
        .statusCode,
    ).toBe(409);
    expect(await activity(ids.customRolesAuto, 'kind=role')).toHaveLength(before);
  });

  it('disabling everywhere records an entry at each merchant it touched', async () => {
    const userId = await addUser(t.database.db, {
      email: 'everywhere@demo.test',
      merchantId: ids.demoMotors,
      role: 'staff',
    });
    await addGrant(t.database.db, userId, ids.customRolesAuto, 'staff');
    const response = await call(
      'POST',
      `/api/merchants/${ids.demoMotors}/users/${userId}/disable/`,
      'admin@demo.test',
      {
        everywhere: true,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const merchantId of [ids.demoMotors, ids.customRolesAuto]) {
      expect(await about(merchantId, userId)).toMatchObject([
        { kind: 'user', action: 'disabled', subject_label: 'everywhere@demo.test', before: { role: 'staff' } },
      ]);
    }
    expect(await about(ids.integratedAuto, userId)).toEqual([]);
  });
});

describe('activity list', () => {
  it('is newest first and filters by person and by kind', async () => {
    await call('POST', `/api/merchants/${ids.demoMotors}/account-tags/`, 'super@demo.test', { name: 'By Sam' });
    const all = await activity(ids.demoMotors);
    const times = all.map((entry) => entry.created);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]).toMatchObject({ actor_name: 'Sam Super', subject_label: 'By Sam' });

    const byAdmin = await activity(ids.demoMotors, `actor=${adminId}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((entry) => entry.actor_id === adminId)).toBe(true);
    const tags = await activity(ids.demoMotors, 'kind=tag');
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((entry) => entry.kind === 'tag')).toBe(true);
    const both = await activity(ids.demoMotors, `kind=user&actor=${adminId}`);
    expect(both.every((entry) => entry.kind === 'user' && entry.actor_id === adminId)).toBe(true);
    expect(both.length).toBeGreaterThan(0);

    const actors = (await call('GET', `${activityUrl(ids.demoMotors)}actors/`, 'admin@demo.test')).json();
    expect(actors.results).toEqual([
      { id: adminId, name: 'Avery Admin' },
      { id: await userIdOf(t.database.db, 'super@demo.test'), name: 'Sam Super' },
    ]);
  });

  it('pages (50, 75, 100) and refuses unknown filters', async () => {
    const page = await call('GET', `${activityUrl(ids.demoMotors)}?page_size=2`, 'admin@demo.test');
    expect(page.json().results).toHaveLength(2);
    expect(page.json().next).toContain('page=2');
    expect((await call('GET', `${activityUrl(ids.demoMotors)}?kind=payment`, 'admin@demo.test')).statusCode).toBe(400);
    expect((await call('GET', `${activityUrl(ids.demoMotors)}?actor=someone`, 'admin@demo.test')).statusCode).toBe(400);
    expect((await call('GET', `${activityUrl(ids.demoMotors)}?page_size=100`, 'admin@demo.test')).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to staff and the custom-role agent', async () => {
    expect((await t.app.inject({ method: 'GET', url: activityUrl(ids.demoMotors) })).statusCode).toBe(401);
    expect((await call('GET', activityUrl(ids.demoMotors), 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', `${activityUrl(ids.demoMotors)}actors/`, 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', activityUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
  });

  it('never shows another merchant’s log: 404 for other organisations, and each log holds only its merchant', async () => {
    expect((await call('GET', activityUrl(ids.demoMotors), 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${activityUrl(ids.demoMotors)}actors/`, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('GET', activityUrl(ids.legacyMotors), 'admin@demo.test')).statusCode).toBe(404);
    await call('POST', `/api/merchants/${ids.legacyMotors}/account-tags/`, 'legacy@demo.test', { name: 'Legacy tag' });
    const legacy = await activity(ids.legacyMotors, '', 'legacy@demo.test');
    expect(legacy.map((entry) => entry.subject_label)).toEqual(['Legacy tag']);
    // Filtering by someone of this merchant shows none of another merchant's entries.
    const legacyId = await userIdOf(t.database.db, 'legacy@demo.test');
    expect(await activity(ids.demoMotors, `actor=${legacyId}`)).toEqual([]);
  });
});
