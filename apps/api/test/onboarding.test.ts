import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/audit';
import { merchantLocations } from '../src/db/schema/locations';
import { businessDetails } from '../src/db/schema/onboarding';
import { createMerchant, createOwner } from './factories';
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

type Method = 'GET' | 'PUT';
const call = async (method: Method, url: string, email: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
const detailsUrl = (merchantId: string) => `/api/merchants/${merchantId}/business_details/`;
const summaryUrl = (merchantId: string) => `/api/merchants/${merchantId}/onboarding_summary/`;

const details = (overrides: Record<string, unknown> = {}) => ({
  legal_name: 'Fresh Motors LLC',
  dba: 'Fresh Motors',
  ein: '121234567',
  address_line1: '5 Elm St',
  city: 'Albany',
  state: 'NY',
  postal_code: '12207',
  phone: '(518) 555-0199',
  website: 'https://fresh.example.com',
  business_type: 'llc',
  ...overrides,
});

async function freshMerchant(): Promise<string> {
  const demo = (await call('GET', `/api/merchants/${ids.demoMotors}/`, 'super@demo.test')).json();
  return createMerchant(t.database.db, demo.organization_id);
}

type Check = { key: string; complete: boolean; detail: string };
const checkOf = (summary: { checks: Check[] }, key: string) => summary.checks.find((check) => check.key === key);

describe('business details', () => {
  it('shows Demo Motors’ details with the EIN’s last 4 only', async () => {
    const response = await call('GET', detailsUrl(ids.demoMotors), 'admin@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      complete: true,
      legal_name: 'Demo Motors LLC',
      ein_last4: '6789',
      state: 'IL',
      business_type: 'llc',
    });
    expect(response.body).not.toContain('123456789');
  });

  it('is blank before the first save, which needs an EIN; later saves keep a blank EIN', async () => {
    const merchantId = await freshMerchant();
    expect((await call('GET', detailsUrl(merchantId), 'super@demo.test')).json()).toMatchObject({
      complete: false,
      legal_name: '',
      ein_last4: null,
      business_type: null,
    });
    expect((await call('PUT', detailsUrl(merchantId), 'super@demo.test', details({ ein: '' }))).json()).toEqual({
      ein: ['Required'],
    });
    const saved = await call('PUT', detailsUrl(merchantId), 'super@demo.test', details());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ complete: true, ein_last4: '4567', phone: '+15185550199' });
    expect(saved.body).not.toContain('121234567');

    const again = await call('PUT', detailsUrl(merchantId), 'super@demo.test', details({ ein: '', city: 'Troy' }));
    expect(again.json()).toMatchObject({ city: 'Troy', ein_last4: '4567' });
    const [row] = await t.database.db.select().from(businessDetails).where(eq(businessDetails.merchant_id, merchantId));
    expect(row?.ein_sealed).toMatch(/^v1\./);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.merchant_id, merchantId))
      .orderBy(asc(auditEvents.created));
    expect(audit.map((entry) => [entry.kind, entry.action])).toEqual([
      ['merchant', 'created'],
      ['merchant', 'updated'],
    ]);
    expect(audit[1]?.after).toEqual({ city: 'Troy' });
    expect(JSON.stringify(audit)).not.toContain('121234567');
    expect(JSON.stringify(audit)).not.toContain('ein_sealed');
  });

  it('answers field messages', async () => {
    const merchantId = await freshMerchant();
    const put = async (body: object) => (await call('PUT', detailsUrl(merchantId), 'super@demo.test', body)).json();
    expect(await put(details({ ein: '12-3456789' }))).toEqual({ ein: ['Must be exactly 9 digits'] });
    expect(await put(details({ website: 'example' }))).toEqual({ website: ['Must be a valid URL'] });
    expect(await put(details({ phone: '12' }))).toEqual({ phone: ['Phone number is not valid'] });
    expect(await put(details({ postal_code: '-' }))).toEqual({ postal_code: ['Invalid postal code'] });
    expect(await put(details({ state: 'ny' }))).toEqual({ state: ['Must be a valid state'] });
    expect(await put(details({ business_type: 'empire' }))).toHaveProperty('business_type');
    expect(await put({})).toMatchObject({ legal_name: ['Required'], city: ['Required'], business_type: ['Required'] });
    expect(await put(details({ legal_name: 'Nul\u0000' }))).toEqual({
      legal_name: ['Must not contain a NUL character'],
    });
  });

  it('is read and changed by the merchant’s administrators only', async () => {
    expect((await call('GET', detailsUrl(ids.demoMotors), null)).statusCode).toBe(401);
    expect((await call('GET', detailsUrl(ids.demoMotors), 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', summaryUrl(ids.demoMotors), 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('GET', detailsUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('GET', summaryUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('PUT', detailsUrl(ids.demoMotors), 'staff@demo.test', details())).statusCode).toBe(403);
    expect((await call('GET', detailsUrl(ids.demoMotors), 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('PUT', detailsUrl(ids.demoMotors), 'legacy@demo.test', details())).statusCode).toBe(404);
    expect((await call('GET', summaryUrl(ids.demoMotors), 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('GET', summaryUrl(ids.demoMotors), null)).statusCode).toBe(401);
  });
});

describe('onboarding summary', () => {
  it('shows Demo Motors’ details and owners complete', async () => {
    const summary = (await call('GET', summaryUrl(ids.demoMotors), 'admin@demo.test')).json();
    expect(summary.checks.map((check: Check) => check.key)).toEqual([
      'business_details',
      'owners',
      'locations',
      'merchant_accounts',
    ]);
    expect(checkOf(summary, 'business_details')?.complete).toBe(true);
    expect(checkOf(summary, 'owners')).toMatchObject({ complete: true, detail: '2 owner(s) total 100%' });
    const incomplete = summary.checks.filter((check: Check) => !check.complete).length;
    expect(summary.steps_left).toBe(incomplete);
    expect(summary.ready).toBe(incomplete === 0);
  });

  it('walks a fresh merchant from four steps left towards ready', async () => {
    const merchantId = await freshMerchant();
    const summary = async () => (await call('GET', summaryUrl(merchantId), 'super@demo.test')).json();
    const start = await summary();
    expect(start).toMatchObject({ steps_left: 4, ready: false });
    expect(checkOf(start, 'owners')?.detail).toBe('No owners yet; they must total 100%');

    await createOwner(t.database.db, merchantId, 60);
    expect(checkOf(await summary(), 'owners')).toMatchObject({
      complete: false,
      detail: 'Owners total 60%; they must total 100%',
    });
    await createOwner(t.database.db, merchantId, 40);
    await call('PUT', detailsUrl(merchantId), 'super@demo.test', details());
    await t.database.db.insert(merchantLocations).values({
      merchant_id: merchantId,
      name: 'Main lot',
      address_line1: '5 Elm St',
      city: 'Albany',
      state: 'NY',
      postal_code: '12207',
      timezone: 'America/New_York',
    });
    const later = await summary();
    expect(later.checks.map((check: Check) => [check.key, check.complete])).toEqual([
      ['business_details', true],
      ['owners', true],
      ['locations', true],
      ['merchant_accounts', false],
    ]);
    expect(later).toMatchObject({ steps_left: 1, ready: false });
  });
});
