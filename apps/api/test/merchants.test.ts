import { pageSchema } from '@paydesk/domain/api/pagination';
import { merchantSchema } from '@paydesk/domain/merchants/merchants.contract';
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
  email: string | null,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });

describe('GET /api/merchants/', () => {
  it('lists only the merchants the user has a role on, with the count', async () => {
    const admin = (await call('GET', '/api/merchants/', 'admin@demo.test')).json();
    expect(admin.count).toBe(3);
    expect(admin.results.map((m: { name: string }) => m.name)).toEqual([
      'Custom Roles Auto',
      'Demo Motors',
      'Integrated Auto',
    ]);
    expect(admin.results[0]).toMatchObject({ organization_name: 'Demo Auto Group', check_custom_roles: true });
    const staff = (await call('GET', '/api/merchants/', 'staff@demo.test')).json();
    expect(staff.results.map((m: { name: string }) => m.name)).toEqual(['Demo Motors']);
  });

  it('writes each merchant exactly as the contract and the detail endpoint do', async () => {
    const response = await call('GET', '/api/merchants/?ordering=-created', 'super@demo.test');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = pageSchema(merchantSchema.strict()).strict().parse(response.json());
    expect(page.results).toHaveLength(4);
    for (const merchant of page.results) {
      const detail = (await call('GET', `/api/merchants/${merchant.id}/`, 'super@demo.test')).json();
      expect(merchant).toEqual(detail);
    }
    const created = page.results.map((merchant) => merchant.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('lists every merchant for a super user', async () => {
    expect((await call('GET', '/api/merchants/', 'super@demo.test')).json().count).toBe(4);
  });

  it('searches by name with the text trimmed, and pages', async () => {
    const found = (await call('GET', '/api/merchants/?search=%20%20motors%20', 'super@demo.test')).json();
    expect(found.results.map((m: { name: string }) => m.name)).toEqual(['Demo Motors', 'Legacy Motors']);
    const paged = (await call('GET', '/api/merchants/?page=2&page_size=1', 'admin@demo.test')).json();
    expect(paged).toMatchObject({
      count: 3,
      next: '/api/merchants/?page=3&page_size=1',
      previous: '/api/merchants/?page=1&page_size=1',
    });
    expect(paged.results.map((m: { name: string }) => m.name)).toEqual(['Demo Motors']);
  });

  it('treats % and _ in the search as text', async () => {
    expect((await call('GET', '/api/merchants/?search=%25', 'super@demo.test')).json().count).toBe(0);
  });

  it('refuses bad paging and anonymous callers', async () => {
    expect((await call('GET', '/api/merchants/?page_size=5000', 'admin@demo.test')).json()).toEqual({
      page_size: ['Must be at most 1000'],
    });
    expect((await call('GET', '/api/merchants/', null)).statusCode).toBe(401);
  });
});

describe('POST /api/merchants/', () => {
  it('lets a super user create a merchant in a new organisation', async () => {
    const response = await call('POST', '/api/merchants/', 'super@demo.test', {
      name: 'Fresh Cars',
      organization_name: 'Fresh Group',
      allow_group_message: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Fresh Cars',
      organization_name: 'Fresh Group',
      allow_group_message: true,
      is_integrated: false,
      logo: null,
    });
  });

  it('adds a merchant to an existing organisation', async () => {
    const demo = (await call('GET', `/api/merchants/${ids.demoMotors}/`, 'super@demo.test')).json();
    const response = await call('POST', '/api/merchants/', 'super@demo.test', {
      name: 'Demo Trucks',
      organization_id: demo.organization_id,
    });
    expect(response.json()).toMatchObject({ organization_name: 'Demo Auto Group' });
  });

  it('gives field messages', async () => {
    expect((await call('POST', '/api/merchants/', 'super@demo.test', { name: ' ', logo: 'not a url' })).json()).toEqual(
      {
        name: ['Required'],
        logo: ['Must be a valid URL'],
      },
    );
    expect((await call('POST', '/api/merchants/', 'super@demo.test', { name: 'No Org' })).json()).toEqual({
      organization_id: ['Required'],
    });
  });

  it('is for super users only', async () => {
    expect(
      (await call('POST', '/api/merchants/', 'admin@demo.test', { name: 'X', organization_name: 'Y' })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/merchants/:id/', () => {
  it('shows a merchant the user has a role on', async () => {
    const response = await call('GET', `/api/merchants/${ids.integratedAuto}/`, 'admin@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.integratedAuto, is_integrated: true });
  });

  it("hides another tenant's merchant, and unknown ids, as 404", async () => {
    expect((await call('GET', `/api/merchants/${ids.legacyMotors}/`, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `/api/merchants/${ids.customRolesAuto}/`, 'staff@demo.test')).statusCode).toBe(404);
    expect((await call('GET', '/api/merchants/not-a-uuid/', 'admin@demo.test')).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/merchants/00000000-0000-4000-8000-000000000000/', 'super@demo.test')).statusCode,
    ).toBe(404);
  });
});

describe('PUT and PATCH /api/merchants/:id/', () => {
  it('lets an admin change the merchant', async () => {
    const put = await call('PUT', `/api/merchants/${ids.demoMotors}/`, 'admin@demo.test', {
      name: 'Demo Motors',
      logo: 'https://example.com/logo.png',
      allow_group_message: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ logo: 'https://example.com/logo.png' });
    const patch = await call('PATCH', `/api/merchants/${ids.demoMotors}/`, 'admin@demo.test', { logo: null });
    expect(patch.json()).toMatchObject({ name: 'Demo Motors', logo: null, allow_group_message: true });
  });

  it('accepts a logo served from localhost or an IP address with a port', async () => {
    for (const logo of ['http://localhost:3000/logo.png', 'http://10.0.0.5:8080/brand/logo.svg']) {
      const patch = await call('PATCH', `/api/merchants/${ids.demoMotors}/`, 'admin@demo.test', { logo });
      expect(patch.statusCode).toBe(200);
      expect(patch.json()).toMatchObject({ logo });
    }
  });

  it('refuses staff (403), other tenants (404) and bad input (400)', async () => {
    expect(
      (await call('PATCH', `/api/merchants/${ids.demoMotors}/`, 'staff@demo.test', { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/merchants/${ids.legacyMotors}/`, 'admin@demo.test', { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/merchants/${ids.demoMotors}/`, 'admin@demo.test', { name: '' })).json()).toEqual({
      name: ['Required'],
    });
  });

  it('lets a custom-role user without admin rights change nothing', async () => {
    expect(
      (await call('PATCH', `/api/merchants/${ids.customRolesAuto}/`, 'agent@demo.test', { name: 'Mine' })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/merchants/:id/', () => {
  it('lets a super user delete a merchant', async () => {
    const created = (
      await call('POST', '/api/merchants/', 'super@demo.test', { name: 'Short Lived', organization_name: 'Temp' })
    ).json();
    expect((await call('DELETE', `/api/merchants/${created.id}/`, 'super@demo.test')).statusCode).toBe(204);
    expect((await call('GET', `/api/merchants/${created.id}/`, 'super@demo.test')).statusCode).toBe(404);
  });

  it('refuses admins', async () => {
    expect((await call('DELETE', `/api/merchants/${ids.demoMotors}/`, 'admin@demo.test')).statusCode).toBe(403);
  });
});

describe('platform settings of a merchant', () => {
  it('are changed by super users only; others get a field error on each one they change', async () => {
    const url = `/api/merchants/${ids.customRolesAuto}/`;
    const refused = await call('PATCH', url, 'admin@demo.test', {
      is_integrated: true,
      in_legacy_app: true,
      check_custom_roles: false,
      allow_group_message: true,
    });
    expect(refused.statusCode).toBe(400);
    const message = ['Only a platform super user may change this'];
    expect(refused.json()).toEqual({ is_integrated: message, in_legacy_app: message, check_custom_roles: message });
    const put = await call('PUT', url, 'admin@demo.test', { name: 'Custom Roles Auto', is_integrated: true });
    expect(put.json()).toEqual({ is_integrated: message });
    expect((await call('GET', url, 'admin@demo.test')).json()).toMatchObject({
      is_integrated: false,
      in_legacy_app: false,
      check_custom_roles: true,
      allow_group_message: false,
    });

    // The current values may be sent back unchanged, as a whole form does.
    const unchanged = await call('PATCH', url, 'admin@demo.test', {
      is_integrated: false,
      in_legacy_app: false,
      check_custom_roles: true,
      allow_group_message: true,
    });
    expect(unchanged.json()).toMatchObject({ allow_group_message: true, check_custom_roles: true });

    const bySuperUser = await call('PATCH', url, 'super@demo.test', { in_legacy_app: true });
    expect(bySuperUser.json()).toMatchObject({ in_legacy_app: true });
    await call('PATCH', url, 'super@demo.test', { in_legacy_app: false, allow_group_message: false });
  });
});
