import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_HAS_CUSTOMERS } from '@paydesk/domain/locations/locations.contract';
import { auditEvents } from '../src/db/schema/audit';
import { customers } from '../src/db/schema/customers';
import { merchantLocations } from '../src/db/schema/locations';
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, email: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: await as(email) });
const locationsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/merchant_locations/`;

const valid = (name: string) => ({
  name,
  address_line1: '1 Harbor Way',
  city: 'New Haven',
  state: 'CT',
  postal_code: '06510',
  phone: '(203) 555-0100',
  timezone: 'America/New_York',
});

describe('locations', () => {
  it('lists the merchant’s locations, searched and sorted, 1000 to a page for pickers', async () => {
    const page = await call('GET', `${locationsUrl()}?page=1&page_size=1000`, 'staff@demo.test');
    expect(page.statusCode).toBe(200);
    expect(page.json().results.map((location: { name: string }) => location.name)).toEqual(['Airport Rd', 'Main St']);
    const searched = (await call('GET', `${locationsUrl()}?search=main`, 'staff@demo.test')).json();
    expect(searched.count).toBe(1);
    expect(searched.results[0]).toMatchObject({ name: 'Main St', state: 'CT', timezone: 'America/New_York' });
    const descending = (await call('GET', `${locationsUrl()}?ordering=-name`, 'staff@demo.test')).json();
    expect(descending.results[0].name).toBe('Main St');
    expect((await call('GET', `${locationsUrl()}?page_size=1001`, 'staff@demo.test')).statusCode).toBe(400);
    expect((await call('GET', `${locationsUrl()}?ordering=city`, 'staff@demo.test')).statusCode).toBe(400);
  });

  it('creates, reads, changes and deletes a location; the phone is kept E.164; each change is audited', async () => {
    const created = await call('POST', locationsUrl(), 'admin@demo.test', valid('Harbor'));
    expect(created.statusCode).toBe(201);
    const location = created.json();
    expect(location).toMatchObject({ name: 'Harbor', address_line2: '', phone: '+12035550100', state: 'CT' });
    const url = `${locationsUrl()}${location.id}/`;
    expect((await call('GET', url, 'staff@demo.test')).json()).toEqual(location);

    const patched = (await call('PATCH', url, 'admin@demo.test', { city: 'Milford', phone: null })).json();
    expect(patched).toMatchObject({ city: 'Milford', phone: null, name: 'Harbor' });
    const put = (
      await call('PUT', url, 'admin@demo.test', { ...valid('Harbor Way'), phone: undefined, address_line2: 'Unit 4' })
    ).json();
    expect(put).toMatchObject({ name: 'Harbor Way', phone: null, address_line2: 'Unit 4', city: 'New Haven' });
    expect((await call('DELETE', url, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'admin@demo.test')).statusCode).toBe(404);

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'location'), eq(auditEvents.subject_id, location.id)));
    expect(events.map((event) => event.action).sort()).toEqual(['created', 'deleted', 'updated', 'updated']);
    const patch = events.find((event) => event.action === 'updated' && event.after?.city === 'Milford');
    expect(patch?.before).toEqual({ city: 'New Haven', phone: '+12035550100' });
    expect(patch?.actor_name).toBe('Avery Admin');
  });

  it('gives each field its message', async () => {
    const blank = await call('POST', locationsUrl(), 'admin@demo.test', {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      name: ['Required'],
      address_line1: ['Required'],
      city: ['Required'],
      state: ['Required'],
      postal_code: ['Required'],
      timezone: ['Required'],
    });
    const wrong = await call('POST', locationsUrl(), 'admin@demo.test', {
      ...valid('Wrong'),
      state: 'ZZ',
      postal_code: '-123',
      phone: '+44 20 7946 0958',
      timezone: 'Europe/London',
      name: 'x'.repeat(101),
    });
    expect(wrong.json()).toEqual({
      name: ['Must be at most 100 characters'],
      state: ['Choose a state from the list'],
      postal_code: ['Invalid postal code'],
      phone: ['Phone number is not valid'],
      timezone: ['Choose a time zone from the list'],
    });
    expect((await call('POST', locationsUrl(), 'admin@demo.test', { ...valid('PR'), state: 'PR' })).statusCode).toBe(
      201,
    );
  });

  it('keeps names unique per merchant, whatever the case, also against 50 parallel creates', async () => {
    const duplicate = await call('POST', locationsUrl(), 'admin@demo.test', valid('main st'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ name: ['A location with this name already exists'] });
    // Another merchant may use the name.
    expect(
      (await call('POST', locationsUrl(ids.customRolesAuto), 'admin@demo.test', valid('Main St'))).statusCode,
    ).toBe(201);

    const headers = await as('admin@demo.test');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'POST', url: locationsUrl(), headers, payload: valid('Rush Hour') }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const rows = await t.database.db
      .select()
      .from(merchantLocations)
      .where(and(eq(merchantLocations.merchant_id, ids.demoMotors), eq(merchantLocations.name, 'Rush Hour')));
    expect(rows).toHaveLength(1);
  });

  it('renaming onto another location’s name is a field error too', async () => {
    const [airport] = (await call('GET', `${locationsUrl()}?search=airport`, 'admin@demo.test')).json().results;
    const response = await call('PATCH', `${locationsUrl()}${airport.id}/`, 'admin@demo.test', { name: 'MAIN ST' });
    expect(response.json()).toEqual({ name: ['A location with this name already exists'] });
  });

  it('lets every member read, and only super_admin and admin write (401, 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: locationsUrl() })).statusCode).toBe(401);
    expect((await call('POST', locationsUrl(), 'staff@demo.test', valid('Staff Made'))).statusCode).toBe(403);
    expect((await call('GET', locationsUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(200);
    expect((await call('POST', locationsUrl(ids.customRolesAuto), 'agent@demo.test', valid('Agent'))).statusCode).toBe(
      403,
    );
    const [main] = (await call('GET', locationsUrl(), 'staff@demo.test')).json().results;
    expect((await call('PATCH', `${locationsUrl()}${main.id}/`, 'staff@demo.test', { city: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${locationsUrl()}${main.id}/`, 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('POST', locationsUrl(), 'super@demo.test', valid('Super Made'))).statusCode).toBe(201);
  });

  it('hides other merchants and their locations (404)', async () => {
    expect((await call('GET', locationsUrl(), 'legacy@demo.test')).statusCode).toBe(404);
    const [main] = (await call('GET', locationsUrl(), 'admin@demo.test')).json().results;
    const foreign = `${locationsUrl(ids.legacyMotors)}${main.id}/`;
    expect((await call('GET', foreign, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('PATCH', foreign, 'legacy@demo.test', { city: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', foreign, 'legacy@demo.test')).statusCode).toBe(404);
    // The same id under a sibling merchant of the same organisation is not there either.
    const sibling = `${locationsUrl(ids.customRolesAuto)}${main.id}/`;
    expect((await call('GET', sibling, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${locationsUrl()}not-a-uuid/`, 'admin@demo.test')).statusCode).toBe(404);
  });

  it('refuses to delete a location with merchant accounts (409 location.in_use)', async () => {
    const [main] = (await call('GET', `${locationsUrl()}?search=main`, 'admin@demo.test')).json().results;
    const response = await call('DELETE', `${locationsUrl()}${main.id}/`, 'admin@demo.test');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'location.in_use',
      detail: 'This location still has merchant accounts.',
    });
    expect((await call('GET', `${locationsUrl()}${main.id}/`, 'admin@demo.test')).statusCode).toBe(200);
  });

  it('refuses to delete a location its customers (even removed ones) still belong to', async () => {
    const created = await call('POST', locationsUrl(), 'admin@demo.test', valid('Customers Only Lot'));
    expect(created.statusCode).toBe(201);
    const location = created.json();
    await t.database.db.insert(customers).values({
      merchant_id: ids.demoMotors,
      location_id: location.id,
      first_name: 'Still',
      last_name: 'Here',
      removed_at: new Date(),
    });
    const response = await call('DELETE', `${locationsUrl()}${location.id}/`, 'admin@demo.test');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'location.in_use', detail: LOCATION_HAS_CUSTOMERS });
    expect((await call('GET', `${locationsUrl()}${location.id}/`, 'admin@demo.test')).statusCode).toBe(200);
  });

  it('refuses NUL characters, empty and oversize bodies', async () => {
    const nul = await call('POST', locationsUrl(), 'admin@demo.test', { ...valid('Nul\u0000'), city: 'A\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json()).sort()).toEqual(['city', 'name']);
    const empty = await t.app.inject({
      method: 'POST',
      url: locationsUrl(),
      headers: { ...(await as('admin@demo.test')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    const huge = await call('POST', locationsUrl(), 'admin@demo.test', {
      ...valid('Huge'),
      city: 'x'.repeat(2_000_000),
    });
    expect([400, 413]).toContain(huge.statusCode);
  });
});
