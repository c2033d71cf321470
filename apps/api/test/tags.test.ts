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

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  email: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: await as(email) });
const tagsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/account-tags/`;
const names = (body: { results: { name: string }[] }) => body.results.map((tag) => tag.name);

describe('account tags', () => {
  it('lists the merchant’s tags by name, to anyone with a role there', async () => {
    const body = (await call('GET', tagsUrl(), 'staff@demo.test')).json();
    expect(body.count).toBe(3);
    expect(names(body)).toEqual(['Bankruptcy', 'Repo Risk', 'VIP']);
    expect(body.results[0]).toEqual({ id: expect.any(String), name: 'Bankruptcy', created: expect.any(String) });
    const agent = await call('GET', tagsUrl(ids.customRolesAuto), 'agent@demo.test');
    expect(agent.statusCode).toBe(200);
    expect(names(agent.json())).toEqual(['Payment Plan', 'Skip Trace']);
  });

  it('pages, orders and searches (pickers ask for a page of 1000)', async () => {
    const all = (await call('GET', `${tagsUrl()}?page_size=1000`, 'staff@demo.test')).json();
    expect(all.count).toBe(3);
    const page = (await call('GET', `${tagsUrl()}?page_size=2&page=2`, 'staff@demo.test')).json();
    expect(names(page)).toEqual(['VIP']);
    expect(page.previous).toContain('page=1');
    expect(names((await call('GET', `${tagsUrl()}?ordering=-name`, 'staff@demo.test')).json())).toEqual([
      'VIP',
      'Repo Risk',
      'Bankruptcy',
    ]);
    expect(names((await call('GET', `${tagsUrl()}?search=%20risk%20`, 'staff@demo.test')).json())).toEqual([
      'Repo Risk',
    ]);
    // LIKE's wildcards are text like any other.
    expect((await call('GET', `${tagsUrl()}?search=%25`, 'staff@demo.test')).json().count).toBe(0);
    expect((await call('GET', `${tagsUrl()}?ordering=color`, 'staff@demo.test')).statusCode).toBe(400);
  });

  it('creates, reads, renames and deletes a tag (trimmed)', async () => {
    const url = tagsUrl(ids.customRolesAuto);
    const created = await call('POST', url, 'admin@demo.test', { name: '  Hardship  ' });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag.name).toBe('Hardship');
    const tagUrl = `${url}${tag.id}/`;
    expect((await call('GET', tagUrl, 'agent@demo.test')).json().name).toBe('Hardship');
    expect((await call('PUT', tagUrl, 'admin@demo.test', { name: 'Hardship Plan' })).json().name).toBe('Hardship Plan');
    expect((await call('PATCH', tagUrl, 'admin@demo.test', { name: 'hardship plan' })).json().name).toBe(
      'hardship plan',
    );
    expect((await call('PATCH', tagUrl, 'admin@demo.test', {})).json().name).toBe('hardship plan');
    expect((await call('DELETE', tagUrl, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', tagUrl, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('DELETE', tagUrl, 'admin@demo.test')).statusCode).toBe(404);
  });

  it('gives field messages: required, at most 50 characters, unique per merchant whatever the case', async () => {
    expect((await call('POST', tagsUrl(), 'admin@demo.test', { name: '   ' })).json()).toEqual({ name: ['Required'] });
    expect((await call('POST', tagsUrl(), 'admin@demo.test', {})).json()).toEqual({ name: ['Required'] });
    expect((await call('POST', tagsUrl(), 'admin@demo.test', { name: 'x'.repeat(51) })).json()).toEqual({
      name: ['Must be at most 50 characters'],
    });
    expect((await call('POST', tagsUrl(), 'admin@demo.test', { name: 'x'.repeat(50) })).statusCode).toBe(201);
    const duplicate = await call('POST', tagsUrl(), 'admin@demo.test', { name: 'vip' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ name: ['A tag with this name already exists'] });
    const [, repoRisk] = (await call('GET', tagsUrl(), 'admin@demo.test')).json().results;
    const rename = await call('PUT', `${tagsUrl()}${repoRisk.id}/`, 'admin@demo.test', { name: 'VIP ' });
    expect(rename.json()).toEqual({ name: ['A tag with this name already exists'] });
    // Another merchant may have the same name.
    expect((await call('POST', tagsUrl(ids.integratedAuto), 'admin@demo.test', { name: 'VIP' })).statusCode).toBe(201);
  });

  it('refuses bad bodies: NUL characters, empty and oversize bodies', async () => {
    expect((await call('POST', tagsUrl(), 'admin@demo.test', { name: 'a\u0000b' })).statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: tagsUrl(),
      headers: { ...(await as('admin@demo.test')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const oversize = await call('POST', tagsUrl(), 'admin@demo.test', { name: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(oversize.statusCode);
  });

  it('keeps one tag when 50 identical creates race; the rest are told it exists', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', tagsUrl(ids.customRolesAuto), 'admin@demo.test', { name: 'Photo Finish' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const list = (await call('GET', `${tagsUrl(ids.customRolesAuto)}?search=photo`, 'admin@demo.test')).json();
    expect(list.count).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: tagsUrl() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: tagsUrl(), payload: { name: 'X' } })).statusCode).toBe(401);
  });

  it('lets only super_admin and admin write (403 for staff and the custom-role agent)', async () => {
    expect((await call('POST', tagsUrl(), 'staff@demo.test', { name: 'Staff tag' })).statusCode).toBe(403);
    const [tag] = (await call('GET', tagsUrl(), 'staff@demo.test')).json().results;
    expect((await call('PUT', `${tagsUrl()}${tag.id}/`, 'staff@demo.test', { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call('DELETE', `${tagsUrl()}${tag.id}/`, 'staff@demo.test')).statusCode).toBe(403);
    const agentUrl = tagsUrl(ids.customRolesAuto);
    expect((await call('POST', agentUrl, 'agent@demo.test', { name: 'Agent tag' })).statusCode).toBe(403);
    expect((await call('POST', tagsUrl(), 'super@demo.test', { name: 'Super tag' })).statusCode).toBe(201);
  });

  it('hides other merchants’ tags: 404 in the path, another merchant’s id under one’s own merchant', async () => {
    expect((await call('GET', tagsUrl(ids.legacyMotors), 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('POST', tagsUrl(ids.legacyMotors), 'admin@demo.test', { name: 'Not mine' })).statusCode).toBe(
      404,
    );
    const theirs = (await call('POST', tagsUrl(ids.legacyMotors), 'legacy@demo.test', { name: 'Theirs' })).json();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(method, `${tagsUrl()}${theirs.id}/`, 'admin@demo.test', { name: 'Mine now' });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call('GET', `${tagsUrl(ids.legacyMotors)}${theirs.id}/`, 'legacy@demo.test')).json().name).toBe(
      'Theirs',
    );
    expect((await call('GET', `${tagsUrl()}not-a-uuid/`, 'admin@demo.test')).statusCode).toBe(404);
  });
});
