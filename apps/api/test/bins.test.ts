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

const lookup = async (bin: string, email: string | null = 'staff@demo.test', merchantId = ids.demoMotors) =>
  t.app.inject({
    method: 'GET',
    url: `/api/merchants/${merchantId}/bins/${bin}/`,
    headers: email ? await as(email) : {},
  });

describe('GET /api/merchants/{id}/bins/{bin}/', () => {
  it('answers a credit card BIN’s brand and funding to anyone with a role on the merchant', async () => {
    const response = await lookup('424242');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      bin: '424242',
      card_brand: 'visa',
      card_type: 'Visa',
      funding: 'credit',
      payment_type: 'CREDIT',
    });
    expect((await lookup('378282', 'agent@demo.test', ids.customRolesAuto)).json()).toMatchObject({
      card_brand: 'amex',
      card_type: 'American Express',
      payment_type: 'CREDIT',
    });
  });

  it('answers DEBIT for a debit card’s 8-digit BIN and for a prepaid card', async () => {
    expect((await lookup('40000566')).json()).toEqual({
      bin: '40000566',
      card_brand: 'visa',
      card_type: 'Visa',
      funding: 'debit',
      payment_type: 'DEBIT',
    });
    expect((await lookup('510510')).json()).toMatchObject({ funding: 'prepaid', payment_type: 'DEBIT' });
  });

  it.each(['42424', '424242424', '4242a2'])('refuses %s: a BIN is 6 to 8 digits (400)', async (bin) => {
    const response = await lookup(bin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ bin: ['A BIN is the first 6 to 8 digits of a card number.'] });
  });

  it('answers 404 for a BIN of no known brand', async () => {
    expect((await lookup('999999')).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await lookup('424242', null)).statusCode).toBe(401);
  });

  it('hides another organisation’s merchant (404)', async () => {
    expect((await lookup('424242', 'legacy@demo.test')).statusCode).toBe(404);
  });
});
