import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { merchantAccounts } from '../src/db/schema/merchant-accounts';
import { ledgerEntries, paymentReversals, payments } from '../src/db/schema/payments';
import { sandboxGatewayOperations } from '../src/db/schema/sandbox-gateway';
import { asSandboxGateway, type SandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { buildTestApp, type TestApp } from './helpers';
import {
  createCustomRole,
  createPayingAccountFixture,
  createUser,
  sandboxTokenFixture,
  saveMethodFixture,
  type CustomerFixture,
} from './factories';
import { bearer, seedDemo, sessionsFor, signIn, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let gateway: SandboxGateway;
const bodies: string[] = [];
const logs: string[] = [];

const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const TEST_NUMBERS = ['4242424242424242', '4000000000000002', '4000000000009995', '4000056655665556'];

beforeAll(async () => {
  t = await buildTestApp({
    // Everything the app logs, at every level, is scanned for card numbers below.
    logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    beforeReady: (app) => {
      app.addHook('onSend', async (_request, _reply, payload) => {
        if (typeof payload === 'string') bodies.push(payload);
        return payload;
      });
    },
  });
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  gateway = asSandboxGateway(t.app.providers.gateway);
});
afterAll(() => t.close());

/** A customer and account of Demo Motors owing `amountDue`, with card and ACH merchant accounts at its location. */
const accountFixture = (amountDue = 50_000, fee = 250) =>
  createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue, fee });

const tokenize = (body: object) => sandboxTokenFixture(t.app, body);

const card = (number: string) => ({
  card: { number, exp_month: 12, exp_year: 2030, cvc: number.length === 15 ? '1234' : '123' },
});

const addCard = async (fixture: CustomerFixture, number: string, email = ADMIN) =>
  saveMethodFixture(t.app, await as(email), ids.demoMotors, fixture.customerId, card(number), {
    nickname: 'Visa',
  });

async function take(
  fixture: CustomerFixture,
  sources: Array<{ payment_method: string; amount: number }>,
  options: { key?: string; email?: string; waive_fee?: boolean; merchantId?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${options.merchantId ?? ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...(await as(options.email ?? ADMIN)), 'idempotency-key': options.key ?? randomUUID() },
    payload: { customer: fixture.customerId, sources, waive_fee: options.waive_fee ?? false },
  });
}

async function amountDueOf(accountId: string) {
  const [account] = await t.database.db
    .select({ due: accounts.amount_due_cents })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [ledger] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account_id, accountId));
  return { due: account?.due, ledger: ledger?.sum };
}

describe('payment methods', () => {
  it('saves a card as masked numbers with the SPEC label, lists and removes it', async () => {
    const fixture = await accountFixture();
    const id = await addCard(fixture, '4242424242424242');
    const url = `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/payment_methods/`;
    const listed = await t.app.inject({ url, headers: await as(STAFF) });
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        id,
        payment_type: 'CREDIT',
        card_type: 'Visa',
        masked_card_number: 'XXXXXXXXXXXX4242',
        label: 'Visa XXXX4242',
      }),
    ]);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}${id}/`, headers: await as(STAFF) });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url, headers: await as(STAFF) })).json().results).toEqual([]);
  });

  it('keeps a bank account with its debit authorisation, and refuses one without', async () => {
    const fixture = await accountFixture();
    const url = `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/payment_methods/`;
    const bank = { bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'Pat Doe' } };
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ADMIN),
      payload: { token: await tokenize(bank), nickname: 'Checking' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('authorization');
    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ADMIN),
      payload: {
        token: await tokenize(bank),
        nickname: 'Checking',
        authorization: { text: 'I authorize Demo Motors to debit my account.', method: 'phone' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      payment_type: 'bank',
      masked_account_number: 'XXXXX6789',
      authorization: { text: 'I authorize Demo Motors to debit my account.', method: 'phone' },
    });
  });

  it("is 404 for another merchant's customer and 401 without a session", async () => {
    const fixture = await accountFixture();
    const url = `/api/merchants/${ids.customRolesAuto}/customers/${fixture.customerId}/payment_methods/`;
    expect((await t.app.inject({ url, headers: await as(ADMIN) })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('taking a payment', () => {
  it('charges the amount with the convenience fee on its own line and moves the amount due by the amount only', async () => {
    const fixture = await accountFixture(50_000, 250);
    const method = await addCard(fixture, '4242424242424242');
    const response = await take(fixture, [{ payment_method: method, amount: 10_000 }]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'PAID',
      amount: 10_000,
      convenience_fee: 250,
      total_amount: 10_250,
      sources: [expect.objectContaining({ total: 10_250, convenience_fee: 250, state: 'approved' })],
    });
    expect(response.json().sources[0].processor_reference).toMatch(/^ch_/);
    expect(await amountDueOf(fixture.accountId)).toEqual({ due: 40_000, ledger: 40_000 });
  });

  it('never charges a fee on a debit card', async () => {
    const fixture = await accountFixture(50_000, 250);
    const method = await addCard(fixture, '4000056655665556');
    const response = await take(fixture, [{ payment_method: method, amount: 5_000 }]);
    expect(response.json()).toMatchObject({ status: 'PAID', convenience_fee: 0, total_amount: 5_000 });
  });

  it('accepts $1.00 and refuses $0.99, more than is due, and an account with nothing due', async () => {
    const fixture = await accountFixture(1_000, 0);
    const method = await addCard(fixture, '4242424242424242');
    const small = await take(fixture, [{ payment_method: method, amount: 99 }]);
    expect(small.statusCode).toBe(400);
    expect(small.json().code).toBe('payment.minimum');
    const over = await take(fixture, [{ payment_method: method, amount: 1_001 }]);
    expect(over.json().code).toBe('payment.exceeds_amount_due');
    expect((await take(fixture, [{ payment_method: method, amount: 100 }])).statusCode).toBe(201);
    expect((await take(fixture, [{ payment_method: method, amount: 900 }])).statusCode).toBe(201);
    const paid = await take(fixture, [{ payment_method: method, amount: 100 }]);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('account.already_paid');
  });

  it('records a decline as a FAILED payment that changes no balance', async () => {
    const fixture = await accountFixture(20_000, 0);
    const method = await addCard(fixture, '4000000000009995');
    const response = await take(fixture, [{ payment_method: method, amount: 5_000 }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'FAILED',
      failure_message: expect.stringMatching(/insufficient funds/i),
    });
    expect(await amountDueOf(fixture.accountId)).toEqual({ due: 20_000, ledger: 20_000 });
  });

  it('voids the first source when a later one is declined, and says so', async () => {
    const fixture = await accountFixture(20_000, 0);
    const good = await addCard(fixture, '4242424242424242');
    const bad = await addCard(fixture, '4000000000000002');
    const response = await take(fixture, [
      { payment_method: good, amount: 3_000 },
      { payment_method: bad, amount: 2_000 },
    ]);
    expect(response.json().status).toBe('FAILED');
    expect(response.json().failure_message).toMatch(/already charged was voided or refunded/);
    expect(response.json().sources.map((source: { state: string }) => source.state)).toEqual(['voided', 'declined']);
    expect(await amountDueOf(fixture.accountId)).toEqual({ due: 20_000, ledger: 20_000 });
  });

  it('charges once for the same Idempotency-Key and answers the same payment', async () => {
    const fixture = await accountFixture(20_000, 0);
    const method = await addCard(fixture, '4242424242424242');
    const key = randomUUID();
    const first = await take(fixture, [{ payment_method: method, amount: 1_000 }], { key });
    expect(first.statusCode).toBe(201);
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => take(fixture, [{ payment_method: method, amount: 1_000 }], { key })),
    );
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(201);
      expect(repeat.json()).toEqual(first.json());
    }
    const otherBody = await take(fixture, [{ payment_method: method, amount: 2_000 }], { key });
    expect(otherBody.json().code).toBe('idempotency_key.reused');
    const rows = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(rows).toHaveLength(1);
    expect(await amountDueOf(fixture.accountId)).toEqual({ due: 19_000, ledger: 19_000 });
  });

  it('under 50 concurrent payments never takes more than is due', async () => {
    const fixture = await accountFixture(10_000, 0);
    const method = await addCard(fixture, '4242424242424242');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => take(fixture, [{ payment_method: method, amount: 1_000 }])),
    );
    const paid = responses.filter((response) => response.statusCode === 201 && response.json().status === 'PAID');
    expect(paid.length).toBeLessThanOrEqual(10);
    const balance = await amountDueOf(fixture.accountId);
    expect(balance.due).toBe(10_000 - paid.length * 1_000);
    expect(balance.ledger).toBe(balance.due);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(['payment.exceeds_amount_due', 'account.already_paid']).toContain(response.json().code);
    }
  });

  it('settles a charge whose answer was lost with a lookup, never charging twice', async () => {
    const fixture = await accountFixture(20_000, 0);
    const method = await addCard(fixture, '4242424242424242');
    gateway.simulateTimeoutOnNextCall('after');
    const response = await take(fixture, [{ payment_method: method, amount: 2_000 }]);
    expect(response.json().status).toBe('PAID');
    const sourceId = response.json().sources[0].id as string;
    const operations = await t.database.db
      .select()
      .from(sandboxGatewayOperations)
      .where(eq(sandboxGatewayOperations.idempotency_key, sourceId));
    expect(operations).toHaveLength(1);
    expect(await amountDueOf(fixture.accountId)).toEqual({ due: 18_000, ledger: 18_000 });
  });

  it('refuses a fee waiver to a custom role without is_payment_waive_fee_allowed, and amounts outside its limits', async () => {
    const fixture = await accountFixture(50_000, 250);
    const roleId = await createCustomRole(t.database.db, ids.demoMotors, []);
    await t.database.db.execute(
      sql`update custom_roles set min_merchant_payment_amount = 500, max_merchant_payment_amount = 2000 where id = ${roleId}`,
    );
    await t.database.db.execute(sql`update merchants set check_custom_roles = true where id = ${ids.demoMotors}`);
    try {
      const user = await createUser(t.database.db, ids.demoMotors, { role: 'custom', customRoleId: roleId });
      const headers = bearer((await signIn(t.app, user.email)).access);
      const method = await addCard(fixture, '4242424242424242');
      const send = (amount: number, waive = false) =>
        t.app.inject({
          method: 'POST',
          url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          payload: { customer: fixture.customerId, sources: [{ payment_method: method, amount }], waive_fee: waive },
        });
      expect((await send(1_000, true)).statusCode).toBe(403);
      expect((await send(400)).json().code).toBe('payment_amount.too_small');
      expect((await send(2_001)).json().code).toBe('payment_amount.too_large');
      expect((await send(1_000)).statusCode).toBe(201);
    } finally {
      await t.database.db.execute(sql`update merchants set check_custom_roles = false where id = ${ids.demoMotors}`);
    }
  });

  it("is 404 for another merchant's account or a method of another customer, 400 without an Idempotency-Key", async () => {
    const fixture = await accountFixture();
    const other = await accountFixture();
    const method = await addCard(other, '4242424242424242');
    expect((await take(fixture, [{ payment_method: method, amount: 1_000 }])).statusCode).toBe(404);
    const mine = await addCard(fixture, '4242424242424242');
    const elsewhere = await take(fixture, [{ payment_method: mine, amount: 1_000 }], {
      merchantId: ids.customRolesAuto,
    });
    expect(elsewhere.statusCode).toBe(404);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
      headers: await as(ADMIN),
      payload: { customer: fixture.customerId, sources: [{ payment_method: mine, amount: 1_000 }] },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('shows the payment with its receipt and emails it to the customer', async () => {
    const fixture = await accountFixture(20_000, 0);
    await t.database.db.execute(sql`update customers set email = 'payer@example.com' where id = ${fixture.customerId}`);
    const method = await addCard(fixture, '4242424242424242');
    const taken = await take(fixture, [{ payment_method: method, amount: 1_500 }]);
    const url = `/api/merchants/${ids.demoMotors}/payments/${taken.json().id}/`;
    const shown = await t.app.inject({ url, headers: await as(STAFF) });
    expect(shown.json().receipt).toMatchObject({ customer_email: 'payer@example.com', time_zone: expect.any(String) });
    const emailed = await t.app.inject({
      method: 'POST',
      url: `${url}receipt/`,
      headers: await as(STAFF),
      payload: {},
    });
    expect(emailed.statusCode).toBe(204);
    const queued = (
      (await t.database.db.execute(
        sql`select recipient, subject from outgoing_emails where key like ${`receipt:${taken.json().id}:%`}`,
      )) as unknown as { rows: Array<{ recipient: string }> }
    ).rows[0];
    expect(queued).toMatchObject({ recipient: 'payer@example.com' });
    expect(
      (
        await t.app.inject({
          url: `/api/merchants/${ids.customRolesAuto}/payments/${taken.json().id}/`,
          headers: await as(ADMIN),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('misc payments', () => {
  const url = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/misc_payments/`;
  const send = async (body: object, options: { key?: string; email?: string; merchantId?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: url(options.merchantId),
      headers: { ...(await as(options.email ?? ADMIN)), 'idempotency-key': options.key ?? randomUUID() },
      payload: body,
    });

  it("takes a down payment on no account, with the location's card fee, and counts it in no amount due", async () => {
    const fixture = await accountFixture(50_000, 250);
    await t.database.db
      .update(merchantAccounts)
      .set({ convenience_fee_enabled: true, convenience_fee_cents: 300 })
      .where(and(eq(merchantAccounts.location_id, fixture.locationId), eq(merchantAccounts.kind, 'card')));
    const before = await amountDueOf(fixture.accountId);
    const key = randomUUID();
    const body = {
      payer_name: 'Jordan Buyer',
      description: 'Down payment, 2019 Civic',
      location: fixture.locationId,
      sources: [{ token: await tokenize(card('4242424242424242')), amount: 150_000 }],
    };
    const response = await send(body, { key });
    expect(response.statusCode, response.body).toBe(201);
    const payment = response.json();
    expect(payment).toMatchObject({
      status: 'PAID',
      origin: 'misc',
      account: null,
      customer: null,
      amount: 150_000,
      convenience_fee: 300,
      total_amount: 150_300,
      receipt: { payer_name: 'Jordan Buyer', description: 'Down payment, 2019 Civic' },
    });
    const entries = await t.database.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount_cents, account: ledgerEntries.account_id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payment_id, payment.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { kind: 'charge', amount: -150_300, account: null },
        { kind: 'fee', amount: 300, account: null },
      ]),
    );
    expect(await amountDueOf(fixture.accountId)).toEqual(before);

    const again = await send(body, { key });
    expect(again.json().id).toBe(payment.id);
    expect(await t.database.db.$count(payments, eq(payments.idempotency_key, key))).toBe(1);
  });

  it("uses a chosen customer's saved methods and never charges a fee on a debit card", async () => {
    const fixture = await accountFixture();
    await t.database.db
      .update(merchantAccounts)
      .set({ convenience_fee_enabled: true, convenience_fee_cents: 300 })
      .where(eq(merchantAccounts.location_id, fixture.locationId));
    const debit = await addCard(fixture, '4000056655665556');
    const response = await send({
      payer_name: 'Pat Customer',
      description: 'Registration fee',
      customer: fixture.customerId,
      location: fixture.locationId,
      sources: [{ payment_method: debit, amount: 5_000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ customer: fixture.customerId, convenience_fee: 0, total_amount: 5_000 });
  });

  it('refuses what it must: 400s, a saved method without a customer, another merchant, a waiver without the right', async () => {
    const fixture = await accountFixture();
    const other = await accountFixture();
    const method = await addCard(fixture, '4242424242424242');
    const base = { payer_name: 'P', description: 'D', location: fixture.locationId };
    const token = async () => tokenize(card('4242424242424242'));

    const missing = await send({ location: fixture.locationId, sources: [{ token: await token(), amount: 500 }] });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors ?? missing.json())).toEqual(
      expect.arrayContaining(['payer_name', 'description']),
    );
    expect((await send({ ...base, sources: [{ token: await token(), amount: 99 }] })).json().code).toBe(
      'payment.minimum',
    );
    expect((await send({ ...base, sources: [{ payment_method: method, amount: 500 }] })).statusCode).toBe(404);
    const otherCustomer = await send({
      ...base,
      customer: other.customerId,
      sources: [{ payment_method: method, amount: 500 }],
    });
    expect(otherCustomer.statusCode).toBe(404);
    const elsewhere = await send(
      { ...base, sources: [{ token: await token(), amount: 500 }] },
      { merchantId: ids.customRolesAuto },
    );
    expect(elsewhere.statusCode).toBe(404);
    const noKey = await t.app.inject({ method: 'POST', url: url(), headers: await as(ADMIN), payload: base });
    expect(noKey.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: url(), payload: base })).statusCode).toBe(401);

    const roleId = await createCustomRole(t.database.db, ids.demoMotors, []);
    await t.database.db.execute(sql`update merchants set check_custom_roles = true where id = ${ids.demoMotors}`);
    try {
      const user = await createUser(t.database.db, ids.demoMotors, { role: 'custom', customRoleId: roleId });
      const waived = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...bearer((await signIn(t.app, user.email)).access), 'idempotency-key': randomUUID() },
        payload: { ...base, sources: [{ token: await token(), amount: 500 }], waive_fee: true },
      });
      expect(waived.statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update merchants set check_custom_roles = false where id = ${ids.demoMotors}`);
    }
  });
});

describe('account transactions', () => {
  const urlOf = (fixture: CustomerFixture, merchantId = ids.demoMotors) =>
    `/api/merchants/${merchantId}/customers/${fixture.customerId}/accounts/${fixture.accountId}/transactions/`;

  it('lists payments and their refunds newest first, with status, total and the methods', async () => {
    const fixture = await accountFixture(50_000, 250);
    const method = await addCard(fixture, '4242424242424242');
    const paid = (await take(fixture, [{ payment_method: method, amount: 2_000 }])).json();
    const declined = await addCard(fixture, '4000000000000002');
    const failed = (await take(fixture, [{ payment_method: declined, amount: 1_000 }])).json();
    const [refund] = await t.database.db
      .insert(paymentReversals)
      .values({
        merchant_id: ids.demoMotors,
        payment_id: paid.id,
        kind: 'refund',
        state: 'approved',
        total_cents: 500,
        idempotency_key: randomUUID(),
        created: new Date(Date.now() + 1_000),
      })
      .returning({ id: paymentReversals.id });
    await t.database.db.insert(paymentReversals).values({
      merchant_id: ids.demoMotors,
      payment_id: paid.id,
      kind: 'refund',
      state: 'declined',
      total_cents: 700,
      idempotency_key: randomUUID(),
    });

    const response = await t.app.inject({ url: urlOf(fixture), headers: await as(STAFF) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
      [refund?.id, 'REFUND'],
      [failed.id, 'FAILED'],
      [paid.id, 'PAID'],
    ]);
    expect(body.results[2]).toMatchObject({
      kind: 'payment',
      amount: 2_250,
      payment: { id: paid.id, total_amount: 2_250, amount: 2_000, convenience_fee: 250, origin: 'staff' },
      methods: ['Visa XXXX4242'],
    });
    expect(body.results[0]).toMatchObject({ kind: 'refund', amount: 500, payment: { total_amount: 2_250 } });
    expect(body.results[1].failure_message).toMatch(/declined/i);

    const second = await t.app.inject({ url: `${urlOf(fixture)}?page=2&page_size=2`, headers: await as(STAFF) });
    expect(second.json()).toMatchObject({ count: 3, results: [{ id: paid.id }] });
    const past = await t.app.inject({ url: `${urlOf(fixture)}?page=9&page_size=2`, headers: await as(STAFF) });
    expect(past.json()).toMatchObject({ count: 3, results: [] });
  });

  it('is 404 for another merchant, an account of another customer and a bad id; 400 for a bad page; 401 without a session', async () => {
    const fixture = await accountFixture();
    const other = await accountFixture();
    expect(
      (await t.app.inject({ url: urlOf(fixture, ids.customRolesAuto), headers: await as(ADMIN) })).statusCode,
    ).toBe(404);
    const mixed = `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/accounts/${other.accountId}/transactions/`;
    expect((await t.app.inject({ url: mixed, headers: await as(ADMIN) })).statusCode).toBe(404);
    const badId = `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/accounts/nope/transactions/`;
    expect((await t.app.inject({ url: badId, headers: await as(ADMIN) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${urlOf(fixture)}?page_size=0`, headers: await as(ADMIN) })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: urlOf(fixture) })).statusCode).toBe(401);
  });
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Luhn-valid runs of 15 or 16 digits (written together or in groups of four) standing on their own: what a card
 * number looks like. Ids are left out first: a UUID's middle groups can read as digits in fours
 * (`…-9132-4817-8562-097a…`, seen once). A run with a letter or digit either side is part of a token, not a card
 * number: a hex hash or provider id holds a run of 15 or 16 digits now and then, and one in ten of those passes Luhn.
 */
function cardNumbersIn(text: string): string[] {
  const runs =
    text
      .replace(UUID, ' ')
      .match(
        /(?<![0-9A-Za-z])(?:\d{15,16}|\d{4}[ -]\d{4}[ -]\d{4}[ -]\d{3,4}|\d{4}[ -]\d{6}[ -]\d{5})(?![0-9A-Za-z])/g,
      ) ?? [];
  return runs.map((run) => run.replace(/\D/g, '')).filter((digits) => luhnValid(digits));
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

describe('card numbers', () => {
  it('never reach the database, the logs or an API answer, nor does a CVC', async () => {
    const tables = (await t.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying', 'ARRAY')`)) as unknown as {
      rows: Array<{ table_name: string; column_name: string }>;
    };
    expect(tables.rows.map((row) => row.column_name)).not.toContainEqual(expect.stringMatching(/cvc|cvv/i));
    for (const { table_name, column_name } of tables.rows) {
      const found = (await t.database.db.execute(
        sql`select ${sql.identifier(column_name)}::text as value from ${sql.identifier(table_name)}
             where ${sql.identifier(column_name)}::text ~ '[0-9]{4}[ -]?[0-9]{4}' or ${sql.identifier(column_name)}::text ~* 'cvc'`,
      )) as unknown as { rows: Array<{ value: string }> };
      for (const { value } of found.rows) {
        expect(cardNumbersIn(value), `${table_name}.${column_name}`).toEqual([]);
        expect(value, `${table_name}.${column_name}`).not.toMatch(/cvc/i);
      }
    }
    for (const body of bodies) {
      expect(cardNumbersIn(body)).toEqual([]);
      expect(body).not.toMatch(/"cvc"/i);
    }
    expect(bodies.length).toBeGreaterThan(20);
    const logText = logs.join('');
    expect(logs.length).toBeGreaterThan(20);
    expect(cardNumbersIn(logText)).toEqual([]);
    expect(logText).not.toMatch(/"cvc"/i);
  });

  it('are recognised by the scan', () => {
    expect(cardNumbersIn('x 4242424242424242 y 4242 4242 4242 4242 z 3782 822463 10005')).toHaveLength(3);
    expect(cardNumbersIn(TEST_NUMBERS.join(' '))).toEqual(TEST_NUMBERS);
    expect(cardNumbersIn('4242424242424241 1700000000000 ')).toEqual([]);
    expect(cardNumbersIn('{"number":"4242424242424242"} card=4242-4242-4242-4242')).toHaveLength(2);
    expect(cardNumbersIn('sha 9f4242424242424242ab SM4242424242424242')).toEqual([]);
  });
});
