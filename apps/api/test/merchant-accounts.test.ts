import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/audit';
import { merchants } from '../src/db/schema/identity';
import { merchantAccounts } from '../src/db/schema/merchant-accounts';
import { createMerchant, createMerchantAccount } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let mainSt: string;
let airportRd: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  const locations = (
    await call('GET', `/api/merchants/${ids.demoMotors}/merchant_locations/`, 'admin@demo.test')
  ).json();
  const idOf = (name: string) => locations.results.find((location: { name: string }) => location.name === name).id;
  mainSt = idOf('Main St');
  airportRd = idOf('Airport Rd');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, email: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: await as(email) });
}
const accountsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/merchant_accounts/`;

const FULL_ACCOUNT_NUMBER = '987654321098';
const valid = (name: string, locationId = mainSt) => ({
  location_id: locationId,
  name,
  kind: 'card',
  processor_merchant_id: 'SBX-555',
  deposit_routing_number: '021000021',
  deposit_account_number: FULL_ACCOUNT_NUMBER,
  rate_bps: 295,
  per_transaction_cents: 30,
  convenience_fee_enabled: true,
  convenience_fee_cents: 250,
});

describe('merchant accounts', () => {
  it('lists the merchant’s accounts, filtered by location', async () => {
    const all = (await call('GET', accountsUrl(), 'staff@demo.test')).json();
    expect(all.results.map((account: { name: string }) => account.name)).toEqual(['Airport Rd ACH', 'Main St cards']);
    expect(all.results[1]).toMatchObject({
      kind: 'card',
      processor: 'sandbox',
      status: 'active',
      location_name: 'Main St',
      rate_bps: 295,
      deposit_account_last4: '6789',
    });
    const atAirport = (await call('GET', `${accountsUrl()}?location=${airportRd}`, 'staff@demo.test')).json();
    expect(atAirport.count).toBe(1);
    expect(atAirport.results[0]).toMatchObject({ kind: 'ach', location_id: airportRd });
    const descending = (await call('GET', `${accountsUrl()}?ordering=-name`, 'staff@demo.test')).json();
    expect(descending.results[0].name).toBe('Main St cards');
  });

  it('creates, reads, changes and deletes an account, keeping only the last four of the bank account', async () => {
    const created = await call('POST', accountsUrl(), 'admin@demo.test', valid('Lot cards'));
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({
      name: 'Lot cards',
      location_id: mainSt,
      location_name: 'Main St',
      processor: 'sandbox',
      status: 'active',
      deposit_routing_number: '021000021',
      deposit_account_last4: '1098',
      rate_bps: 295,
      convenience_fee_cents: 250,
    });
    expect(created.body).not.toContain(FULL_ACCOUNT_NUMBER);
    const url = `${accountsUrl()}${account.id}/`;
    expect((await call('GET', url, 'staff@demo.test')).json()).toEqual(account);

    const moved = await call('PATCH', url, 'admin@demo.test', { location_id: airportRd, status: 'inactive' });
    expect(moved.json()).toMatchObject({ location_id: airportRd, location_name: 'Airport Rd', status: 'inactive' });
    const replaced = (
      await call('PUT', url, 'admin@demo.test', {
        ...valid('Lot ACH'),
        kind: 'ach',
        deposit_account_number: '55554444',
        convenience_fee_enabled: false,
        convenience_fee_cents: null,
      })
    ).json();
    expect(replaced).toMatchObject({ name: 'Lot ACH', kind: 'ach', status: 'active', deposit_account_last4: '4444' });

    expect((await call('DELETE', url, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'admin@demo.test')).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.subject_id, account.id))).map(
      (event) => `${event.kind} ${event.action}`,
    );
    expect(actions.sort()).toEqual([
      'merchant_account created',
      'merchant_account deleted',
      'merchant_account updated',
      'merchant_account updated',
    ]);
  });

  it('never stores, answers or audits the full deposit account number', async () => {
    const account = (await call('POST', accountsUrl(), 'admin@demo.test', valid('Secretive'))).json();
    const listed = await call('GET', accountsUrl(), 'admin@demo.test');
    expect(listed.body).not.toContain(FULL_ACCOUNT_NUMBER);
    const [row] = await t.database.db.select().from(merchantAccounts).where(eq(merchantAccounts.id, account.id));
    expect(JSON.stringify(row)).not.toContain(FULL_ACCOUNT_NUMBER);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subject_id, account.id));
    expect(JSON.stringify(events)).not.toContain(FULL_ACCOUNT_NUMBER);
    // No other column anywhere in the table holds it either.
    const rows = await t.database.query(
      "select count(*)::int as n from merchant_accounts m where m::text like '%' || $1 || '%'",
      [FULL_ACCOUNT_NUMBER],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('gives each field its message', async () => {
    expect((await call('POST', accountsUrl(), 'admin@demo.test', {})).json()).toEqual({
      location_id: ['Required'],
      name: ['Required'],
      kind: ['Required'],
      processor_merchant_id: ['Required'],
      deposit_routing_number: ['Required'],
      deposit_account_number: ['Required'],
      rate_bps: ['Required'],
    });
    const wrong = await call('POST', accountsUrl(), 'admin@demo.test', {
      ...valid('Wrong'),
      kind: 'crypto',
      processor: 'stripe',
      deposit_routing_number: '021000022',
      deposit_account_number: '12-34',
      rate_bps: 10_001,
      per_transaction_cents: -1,
      convenience_fee_cents: 1.5,
      status: 'paused',
    });
    expect(wrong.json()).toEqual({
      kind: ['Choose one of the options'],
      processor: ['Choose one of the options'],
      deposit_routing_number: ['Routing number is not valid'],
      deposit_account_number: ['Account number is not valid'],
      rate_bps: ['Must be at most 100%'],
      per_transaction_cents: ['Must be a valid number'],
      convenience_fee_cents: ['Must be a whole number of cents'],
      status: ['Choose one of the options'],
    });
    const feeless = await call('POST', accountsUrl(), 'admin@demo.test', {
      ...valid('Feeless'),
      convenience_fee_cents: null,
    });
    expect(feeless.json()).toEqual({ convenience_fee_cents: ['Required'] });
    const negativeRate = await call('POST', accountsUrl(), 'admin@demo.test', { ...valid('Neg'), rate_bps: -5 });
    expect(negativeRate.json()).toEqual({ rate_bps: ['Must be a valid number'] });
  });

  it('checks the convenience fee against the stored account on PATCH', async () => {
    const account = (
      await call('POST', accountsUrl(), 'admin@demo.test', {
        ...valid('Patchy'),
        convenience_fee_enabled: false,
        convenience_fee_cents: null,
      })
    ).json();
    const response = await call('PATCH', `${accountsUrl()}${account.id}/`, 'admin@demo.test', {
      convenience_fee_enabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ convenience_fee_cents: ['Required'] });
  });

  it('lets every member read, and only super_admin and admin write (401, 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: accountsUrl() })).statusCode).toBe(401);
    expect((await call('POST', accountsUrl(), 'staff@demo.test', valid('Staff'))).statusCode).toBe(403);
    const custom = accountsUrl(ids.customRolesAuto);
    expect((await call('GET', custom, 'agent@demo.test')).statusCode).toBe(200);
    expect((await call('POST', custom, 'agent@demo.test', valid('Agent'))).statusCode).toBe(403);
    const [seeded] = (await call('GET', accountsUrl(), 'staff@demo.test')).json().results;
    const url = `${accountsUrl()}${seeded.id}/`;
    expect((await call('PATCH', url, 'staff@demo.test', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', url, 'staff@demo.test', valid('Mine'))).statusCode).toBe(403);
    expect((await call('DELETE', url, 'staff@demo.test')).statusCode).toBe(403);
  });

  it('hides other merchants’ accounts, and refuses another merchant’s location in the body or the filter (404)', async () => {
    const [seeded] = (await call('GET', accountsUrl(), 'admin@demo.test')).json().results;
    expect((await call('GET', accountsUrl(), 'legacy@demo.test')).statusCode).toBe(404);
    const foreign = `${accountsUrl(ids.legacyMotors)}${seeded.id}/`;
    expect((await call('GET', foreign, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('PATCH', foreign, 'legacy@demo.test', { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', foreign, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${accountsUrl(ids.customRolesAuto)}${seeded.id}/`, 'admin@demo.test')).statusCode).toBe(
      404,
    );

    // Legacy Motors' admin names Demo Motors' location in a body on their own merchant: 404, nothing linked.
    const legacyLocation = await call(
      'POST',
      `/api/merchants/${ids.legacyMotors}/merchant_locations/`,
      'legacy@demo.test',
      {
        name: 'Legacy Lot',
        address_line1: '1 Old Rd',
        city: 'Dover',
        state: 'DE',
        postal_code: '19901',
        timezone: 'America/New_York',
      },
    );
    expect(legacyLocation.statusCode).toBe(201);
    const crossCreate = await call('POST', accountsUrl(ids.legacyMotors), 'legacy@demo.test', valid('Cross', mainSt));
    expect(crossCreate.statusCode).toBe(404);
    const own = (
      await call('POST', accountsUrl(ids.legacyMotors), 'legacy@demo.test', valid('Own', legacyLocation.json().id))
    ).json();
    const crossPatch = await call('PATCH', `${accountsUrl(ids.legacyMotors)}${own.id}/`, 'legacy@demo.test', {
      location_id: mainSt,
    });
    expect(crossPatch.statusCode).toBe(404);
    const crossPut = await call(
      'PUT',
      `${accountsUrl(ids.legacyMotors)}${own.id}/`,
      'legacy@demo.test',
      valid('Own', mainSt),
    );
    expect(crossPut.statusCode).toBe(404);
    expect(
      (await call('GET', `${accountsUrl(ids.legacyMotors)}?location=${mainSt}`, 'legacy@demo.test')).statusCode,
    ).toBe(404);
    // Admin of Demo Auto Group, naming a sibling merchant's location: also 404.
    const sibling = await call('POST', accountsUrl(ids.customRolesAuto), 'admin@demo.test', valid('Sibling', mainSt));
    expect(sibling.statusCode).toBe(404);
    expect((await call('POST', accountsUrl(), 'admin@demo.test', valid('Bad id', 'nope'))).statusCode).toBe(404);
    const linked = await t.database.db.select().from(merchantAccounts).where(eq(merchantAccounts.location_id, mainSt));
    expect(linked.every((account) => account.merchant_id === ids.demoMotors)).toBe(true);
  });

  it('refuses NUL characters and empty bodies', async () => {
    const nul = await call('POST', accountsUrl(), 'admin@demo.test', { ...valid('Nul\u0000') });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ name: ['Must not contain a NUL character'] });
    const empty = await t.app.inject({
      method: 'POST',
      url: accountsUrl(),
      headers: { ...(await as('admin@demo.test')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('cannot point at another merchant’s location even in the database, and a merchant’s deletion still cascades', async () => {
    const [seeded] = (await call('GET', accountsUrl(), 'admin@demo.test')).json().results;
    const moved = t.database.db
      .update(merchantAccounts)
      .set({ merchant_id: ids.customRolesAuto })
      .where(eq(merchantAccounts.id, seeded.id));
    await expect(moved.execute()).rejects.toThrow();

    const [demo] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.demoMotors));
    const throwaway = await createMerchant(t.database.db, demo?.organization_id ?? '');
    const accountId = await createMerchantAccount(t.database.db, throwaway);
    expect((await call('DELETE', `/api/merchants/${throwaway}/`, 'super@demo.test')).statusCode).toBe(204);
    expect(await t.database.db.select().from(merchantAccounts).where(eq(merchantAccounts.id, accountId))).toEqual([]);
  });
});
