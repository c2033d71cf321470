import {
  isValidPaymentCode,
  PAYMENT_CODE_INVALID,
  PAYMENT_CODE_UNAVAILABLE,
} from '@paydesk/domain/merchants/payment-codes';
import { completePaymentCode } from '@paydesk/domain/merchants/payment-codes';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_CODES } from '../src/db/demo/payment-codes';
import { merchants } from '../src/db/schema/identity';
import { uniqueName } from './factories';
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

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, email: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
const AVAILABLE = '/api/merchants/available_upc/';
const available = async (): Promise<string[]> =>
  (await call('GET', `${AVAILABLE}?page_size=100`, 'super@demo.test'))
    .json()
    .results.map((row: { code: string }) => row.code);
const createWith = (name: string, upc?: string) =>
  call('POST', '/api/merchants/', 'super@demo.test', { name, organization_name: `${name} Group`, upc });

describe('payment codes', () => {
  it('lists the free codes, valid and in order; Demo Motors shows its own', async () => {
    const response = await call('GET', `${AVAILABLE}?page_size=5`, 'super@demo.test');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.count).toBe(19);
    expect(page.results).toHaveLength(5);
    expect(page.next).toContain('page=2');
    const codes = await available();
    expect(codes.every(isValidPaymentCode)).toBe(true);
    expect(codes).toEqual([...codes].sort());
    const demo = (await call('GET', `/api/merchants/${ids.demoMotors}/`, 'staff@demo.test')).json();
    expect(demo.upc).toBe(DEMO_PAYMENT_CODES[0]);
    expect(codes).not.toContain(demo.upc);
  });

  it('gives a new merchant the code it picks, once', async () => {
    const [code] = await available();
    const created = await createWith(uniqueName('Coded Motors'), code);
    expect(created.statusCode).toBe(201);
    expect(created.json().upc).toBe(code);
    expect(await available()).not.toContain(code);
    const list = (
      await call('GET', `/api/merchants/?search=${encodeURIComponent(created.json().name)}`, 'super@demo.test')
    ).json();
    expect(list.results[0].upc).toBe(code);

    const name = uniqueName('Second Motors');
    const taken = await createWith(name, code);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ upc: [PAYMENT_CODE_UNAVAILABLE] });
    const leftovers = await t.database.db.select().from(merchants).where(like(merchants.name, name));
    expect(leftovers).toEqual([]);
  });

  it('refuses codes with a wrong check digit and codes not in the pool; no code is fine', async () => {
    expect((await createWith(uniqueName('Bad'), '845123000012')).json()).toEqual({ upc: [PAYMENT_CODE_INVALID] });
    expect((await createWith(uniqueName('Bad'), '12345')).json()).toEqual({ upc: [PAYMENT_CODE_INVALID] });
    const unknown = completePaymentCode('99999999999');
    expect((await createWith(uniqueName('Unknown'), unknown)).json()).toEqual({ upc: [PAYMENT_CODE_UNAVAILABLE] });
    const none = await createWith(uniqueName('Plain'), '');
    expect(none.statusCode).toBe(201);
    expect(none.json().upc).toBeNull();
  });

  it('gives one code to one of 50 merchants created at once', async () => {
    const [code] = await available();
    const prefix = uniqueName('Race');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => createWith(`${prefix} ${index}`, code)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const created = await t.database.db
      .select()
      .from(merchants)
      .where(like(merchants.name, `${prefix}%`));
    expect(created).toHaveLength(1);
  });

  it('never gives a deleted merchant’s code again', async () => {
    const [code] = await available();
    const created = (await createWith(uniqueName('Short-lived'), code)).json();
    expect((await call('DELETE', `/api/merchants/${created.id}/`, 'super@demo.test')).statusCode).toBe(204);
    expect(await available()).not.toContain(code);
  });

  it('is for super users only', async () => {
    expect((await call('GET', AVAILABLE, null)).statusCode).toBe(401);
    expect((await call('GET', AVAILABLE, 'admin@demo.test')).statusCode).toBe(403);
    expect((await call('GET', AVAILABLE, 'staff@demo.test')).statusCode).toBe(403);
  });
});
