import { Writable } from 'node:stream';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { auditEvents } from '../src/db/schema/audit';
import { businessOwners } from '../src/db/schema/owners';
import { createMerchant, createOwner } from './factories';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
/** Every response body this file received, to look for SSNs in. */
const bodies: string[] = [];
beforeAll(async () => {
  const config = testConfig({ LOG_LEVEL: 'debug' });
  t = await buildTestApp({ config, logger: { ...(loggerOptions(config) as object), stream: logStream } });
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, email: string | null, payload?: object) => {
  const response = await t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
  bodies.push(response.body);
  return response;
};
const ownersUrl = (merchantId: string) => `/api/merchants/${merchantId}/business_owners/`;

const SSN_MESSAGE = ERROR_CATALOGUE.ssn_invalid_format;
const DOB_MESSAGE = ERROR_CATALOGUE['customer.dob_in_future'];
const PERCENT_MESSAGE = ERROR_CATALOGUE['owner.incorrect_percentage'];

const owner = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Olive',
  last_name: 'Owner',
  title: 'Partner',
  email: 'olive@owners.test',
  phone: '(212) 555-0123',
  date_of_birth: '1980-02-03',
  ssn: '555443333',
  address_line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  ownership_percentage: 10,
  ...overrides,
});

/** A merchant of Demo Motors' organisation with no owners; the super user acts on it. */
async function freshMerchant(): Promise<string> {
  const demo = (await call('GET', `/api/merchants/${ids.demoMotors}/`, 'super@demo.test')).json();
  return createMerchant(t.database.db, demo.organization_id);
}

describe('business owners', () => {
  it('lists Demo Motors’ owners with their SSN last 4 to its administrators', async () => {
    const asAdmin = (await call('GET', ownersUrl(ids.demoMotors), 'admin@demo.test')).json();
    expect(asAdmin.count).toBe(2);
    expect(asAdmin.results.map((row: { ownership_percentage: number }) => row.ownership_percentage).sort()).toEqual([
      40, 60,
    ]);
    expect(asAdmin.results.every((row: { ssn_last4: string }) => /^\d{4}$/.test(row.ssn_last4))).toBe(true);
    const sorted = (
      await call('GET', `${ownersUrl(ids.demoMotors)}?ordering=-ownership_percentage`, 'admin@demo.test')
    ).json();
    expect(sorted.results[0].ownership_percentage).toBe(60);
  });

  it('adds, reads, changes and removes an owner; a blank SSN on edit keeps the stored one', async () => {
    const merchantId = await freshMerchant();
    const created = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ssn: '123456789' }));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      first_name: 'Olive',
      phone: '+12125550123',
      ssn_last4: '6789',
      ownership_percentage: 10,
    });
    expect(body).not.toHaveProperty('ssn');
    const url = `${ownersUrl(merchantId)}${body.id}/`;

    const kept = await call('PUT', url, 'super@demo.test', owner({ ssn: '', title: 'CEO', ownership_percentage: 100 }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'CEO', ssn_last4: '6789', ownership_percentage: 100 });
    const [row] = await t.database.db.select().from(businessOwners).where(eq(businessOwners.id, body.id));
    expect(row?.ssn_sealed).toMatch(/^v1\./);
    expect(row?.ssn_sealed).not.toContain('123456789');

    const changed = await call('PATCH', url, 'super@demo.test', { ssn: '987650001' });
    expect(changed.json().ssn_last4).toBe('0001');
    expect((await call('GET', url, 'super@demo.test')).json().title).toBe('CEO');
    expect((await call('DELETE', url, 'super@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'super@demo.test')).statusCode).toBe(404);
  });

  it('answers the spec’s messages on the fields', async () => {
    const merchantId = await freshMerchant();
    const post = (body: object) => call('POST', ownersUrl(merchantId), 'super@demo.test', body);
    expect((await post(owner({ ssn: '123-45-6789' }))).json()).toEqual({ ssn: [SSN_MESSAGE] });
    expect((await post(owner({ ssn: '12345678' }))).json()).toEqual({ ssn: [SSN_MESSAGE] });
    expect((await post(owner({ ssn: '' }))).json()).toEqual({ ssn: ['Required'] });
    const tomorrow = toCalendarDate(new Date(Date.now() + 2 * 86_400_000));
    expect((await post(owner({ date_of_birth: tomorrow }))).json()).toEqual({ date_of_birth: [DOB_MESSAGE] });
    expect((await post(owner({ date_of_birth: '1980-02-30' }))).json()).toEqual({
      date_of_birth: ['Date is not valid'],
    });
    for (const date of ['0000-01-01', '1899-12-31']) {
      expect((await post(owner({ date_of_birth: date }))).json(), date).toEqual({
        date_of_birth: ['Must be between 01/01/1900 and 12/31/2100'],
      });
    }
    for (const percentage of [0, 101, 12.5, -5]) {
      expect((await post(owner({ ownership_percentage: percentage }))).json()).toEqual({
        ownership_percentage: [PERCENT_MESSAGE],
      });
    }
    expect((await post(owner({ phone: '555' }))).json()).toEqual({ phone: ['Phone number is not valid'] });
    expect((await post(owner({ state: 'Illinois' }))).json()).toEqual({ state: ['Must be a valid state'] });
    expect((await post(owner({ email: 'nope' }))).json()).toEqual({ email: ['Email is not valid'] });
  });

  it('never lets the owners total more than 100% (create, replace and patch)', async () => {
    const merchantId = await freshMerchant();
    const first = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ownership_percentage: 60 }));
    expect(first.statusCode).toBe(201);
    const over = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ownership_percentage: 41 }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ ownership_percentage: [PERCENT_MESSAGE] });
    const second = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ownership_percentage: 40 }));
    expect(second.statusCode).toBe(201);
    const url = `${ownersUrl(merchantId)}${first.json().id}/`;
    expect((await call('PATCH', url, 'super@demo.test', { ownership_percentage: 61 })).json()).toEqual({
      ownership_percentage: [PERCENT_MESSAGE],
    });
    expect((await call('PUT', url, 'super@demo.test', owner({ ownership_percentage: 70 }))).statusCode).toBe(400);
    // Lowering one's own share is fine.
    expect((await call('PATCH', url, 'super@demo.test', { ownership_percentage: 50 })).statusCode).toBe(200);
  });

  it('lets only one of two parallel 60% owners in', async () => {
    const merchantId = await freshMerchant();
    const responses = await Promise.all(
      [1, 2].map(() => call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ownership_percentage: 60 }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
  });

  it('never exceeds 100% under 50 parallel creates', async () => {
    const merchantId = await freshMerchant();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ownership_percentage: 7 + (index % 3) })),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201 || response.statusCode === 400)).toBe(true);
    const list = (await call('GET', `${ownersUrl(merchantId)}?page_size=100`, 'super@demo.test')).json();
    const total = list.results.reduce(
      (sum: number, row: { ownership_percentage: number }) => sum + row.ownership_percentage,
      0,
    );
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThan(90);
    expect(list.count).toBe(responses.filter((response) => response.statusCode === 201).length);
  });

  it('records every change in the audit log without the SSN', async () => {
    const merchantId = await freshMerchant();
    const created = (
      await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ssn: '246813579', first_name: 'Audrey' }))
    ).json();
    const url = `${ownersUrl(merchantId)}${created.id}/`;
    await call('PATCH', url, 'super@demo.test', { ssn: '135792468', title: 'Chair' });
    await call('DELETE', url, 'super@demo.test');
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.merchant_id, merchantId));
    expect(rows.map((row) => [row.kind, row.action])).toEqual(
      expect.arrayContaining([
        ['owner', 'created'],
        ['owner', 'updated'],
        ['owner', 'deleted'],
      ]),
    );
    const updated = rows.find((row) => row.action === 'updated');
    expect(updated?.actor_name).toBe('Sam Super');
    expect(updated?.after).toMatchObject({ title: 'Chair', ssn_last4: '2468' });
    const text = JSON.stringify(rows);
    for (const ssn of ['246813579', '135792468']) expect(text).not.toContain(ssn);
    expect(text).not.toContain('ssn_sealed');
  });

  it('never sends, logs or audits a full SSN', async () => {
    const merchantId = await freshMerchant();
    const ssn = '864209753';
    const created = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ssn }));
    const url = `${ownersUrl(merchantId)}${created.json().id}/`;
    await call('PUT', url, 'super@demo.test', owner({ ssn }));
    await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ ssn, ownership_percentage: 200 }));
    await call('GET', url, 'super@demo.test');
    await call('GET', ownersUrl(merchantId), 'super@demo.test');
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of [...bodies, ...logLines]) {
      expect(text).not.toContain(ssn);
      expect(text).not.toContain('555443333');
    }
    const audit = JSON.stringify(await t.database.db.select().from(auditEvents));
    expect(audit).not.toContain(ssn);
  });

  it('is for signed-in people (401) who administer the merchant (403); other merchants’ owners are 404', async () => {
    expect((await call('GET', ownersUrl(ids.demoMotors), null)).statusCode).toBe(401);
    expect((await call('POST', ownersUrl(ids.demoMotors), 'staff@demo.test', owner())).statusCode).toBe(403);
    const [demoOwner] = (await call('GET', ownersUrl(ids.demoMotors), 'admin@demo.test')).json().results;
    const url = `${ownersUrl(ids.demoMotors)}${demoOwner.id}/`;
    // Owners' private data (date of birth, home address, personal email and phone) is not for other roles.
    expect((await call('GET', ownersUrl(ids.demoMotors), 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', url, 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', ownersUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('PATCH', url, 'staff@demo.test', { title: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', url, 'staff@demo.test')).statusCode).toBe(403);
    // Another organisation: the merchant is hidden, and so is this organisation's owner under their own merchant.
    expect((await call('GET', ownersUrl(ids.demoMotors), 'legacy@demo.test')).statusCode).toBe(404);
    const theirs = `${ownersUrl(ids.legacyMotors)}${demoOwner.id}/`;
    expect((await call('GET', theirs, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('PATCH', theirs, 'legacy@demo.test', { title: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', theirs, 'legacy@demo.test')).statusCode).toBe(404);
    // Another merchant of the same organisation: its owner is not under Custom Roles Auto.
    const crossMerchant = `${ownersUrl(ids.customRolesAuto)}${demoOwner.id}/`;
    expect((await call('GET', crossMerchant, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${ownersUrl(ids.demoMotors)}not-a-uuid/`, 'admin@demo.test')).statusCode).toBe(404);
  });

  it('refuses NUL characters, empty and oversize bodies', async () => {
    const merchantId = await freshMerchant();
    const nul = await call('POST', ownersUrl(merchantId), 'super@demo.test', owner({ first_name: 'Nul\u0000' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ first_name: ['Must not contain a NUL character'] });
    const empty = await call('POST', ownersUrl(merchantId), 'super@demo.test', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ first_name: ['Required'], ssn: ['Required'] });
    const huge = await t.app.inject({
      method: 'POST',
      url: ownersUrl(merchantId),
      headers: { ...(await as('super@demo.test')), 'content-type': 'application/json' },
      payload: JSON.stringify(owner({ title: 'x'.repeat(1024 * 1024 + 1) })),
    });
    expect(huge.statusCode).toBe(413);
    expect((await call('GET', ownersUrl(merchantId), 'super@demo.test')).json().count).toBe(0);
  });

  it('an owner created by a factory is a row like any other', async () => {
    const merchantId = await freshMerchant();
    await createOwner(t.database.db, merchantId, 30);
    const list = (await call('GET', ownersUrl(merchantId), 'super@demo.test')).json();
    expect(list.results[0]).toMatchObject({ ownership_percentage: 30, ssn_last4: '3333' });
  });
});
