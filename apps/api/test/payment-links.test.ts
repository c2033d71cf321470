import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../src/db/schema/customers';
import { outgoingEmails } from '../src/db/schema/mail';
import { paymentLinks } from '../src/db/schema/payment-links';
import { payments } from '../src/db/schema/payments';
import { createPayingAccountFixture, sandboxTokenFixture, type CustomerFixture } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

/** Each test talks from its own address, so the per-address limits of one test do not reach another. */
let addressCounter = 10;
const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

/** A Demo Motors account owing `amountDue` with a fee, card and ACH merchant accounts, and a customer with email. */
async function accountFixture(amountDue = 50_000, fee = 250, email: string | null = 'pat@customers.test') {
  const db = t.database.db;
  const fixture = await createPayingAccountFixture(db, ids.demoMotors, { amountDue, fee });
  await db.update(accounts).set({ due_date: '2026-12-15' }).where(eq(accounts.id, fixture.accountId));
  await db.update(customers).set({ first_name: 'Pat', email }).where(eq(customers.id, fixture.customerId));
  return fixture;
}

async function issue(
  fixture: CustomerFixture,
  options: { email?: string; merchantId?: string; body?: object; address?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${options.merchantId ?? ids.demoMotors}/accounts/${fixture.accountId}/payment_link/`,
    headers: await as(options.email ?? STAFF),
    payload: options.body ?? { customer_id: fixture.customerId },
  });
}

async function issueToken(fixture: CustomerFixture): Promise<string> {
  const response = await issue(fixture);
  expect(response.statusCode, response.body).toBe(201);
  return tokenOf(response.json().payment_link as string);
}

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const page = (token: string, address = newAddress()) =>
  t.app.inject({ method: 'GET', url: `/api/pay/${encodeURIComponent(token)}/`, remoteAddress: address });

const tokenize = (body: object) => sandboxTokenFixture(t.app, body, { remoteAddress: newAddress() });
const card = (number: string) => tokenize({ card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
const bank = () =>
  tokenize({ bank: { routing_number: '021000021', account_number: '000123456789', account_holder: 'Pat Payer' } });

function pay(token: string, body: object, options: { key?: string | null; address?: string } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/${encodeURIComponent(token)}/payments/`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
    remoteAddress: options.address ?? newAddress(),
  });
}

async function linkRowOf(token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.token_hash, hash));
  return row;
}

async function amountDueOf(accountId: string) {
  const [row] = await t.database.db
    .select({ due: accounts.amount_due_cents })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.due;
}

describe('issuing a payment link', () => {
  it('answers a single-use link on the app that expires in 24 hours; only a hash of its token is stored', async () => {
    const fixture = await accountFixture();
    const before = Date.now();
    const response = await issue(fixture);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.payment_link).toMatch(/^http:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(body.emailed).toBe(false);
    const expires = new Date(body.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    const token = tokenOf(body.payment_link);
    const row = await linkRowOf(token);
    expect(row).toMatchObject({ account_id: fixture.accountId, customer_id: fixture.customerId, used_at: null });
    const [dump] = await t.database.query(`select string_agg(p::text, ',') as text from payment_links p`);
    expect(String(dump?.text)).not.toContain(token);
  });

  it('issues tokens that share nothing: none can be worked out from another', async () => {
    const fixture = await accountFixture();
    const tokens: string[] = [];
    for (let index = 0; index < 8; index += 1) tokens.push(await issueToken(await accountFixture()));
    tokens.push(await issueToken(fixture));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const [index, left] of tokens.entries()) {
      for (const right of tokens.slice(index + 1)) {
        const same = [...left].filter((char, at) => right[at] === char).length;
        // 43 random base64url characters: about 0.7 agree by chance; structure would make many agree.
        expect(same).toBeLessThan(12);
      }
    }
    // A neighbour of a valid token (one character changed) is no link.
    const valid = tokens[tokens.length - 1] as string;
    const neighbour = `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`;
    expect((await page(neighbour)).json()).toMatchObject({ code: 'not_found' });
    expect((await page(valid)).statusCode).toBe(200);
  });

  it('emails the link to the customer when asked, and refuses that without an email address', async () => {
    const fixture = await accountFixture();
    const sent = await issue(fixture, { email: ADMIN, body: { customer_id: fixture.customerId, send_email: true } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().emailed).toBe(true);
    const emails = await t.database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.recipient, 'pat@customers.test'));
    expect(emails.some((email) => email.body.includes(sent.json().payment_link as string))).toBe(true);

    const noEmail = await accountFixture(50_000, 250, null);
    const refused = await issue(noEmail, { body: { customer_id: noEmail.customerId, send_email: true } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['send_email']);
  });

  it('refuses an account with nothing due, an inactive one, a customer not on it and bad bodies', async () => {
    const paid = await accountFixture(0);
    expect((await issue(paid)).json()).toMatchObject({ code: 'account.already_paid' });
    const inactive = await accountFixture();
    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, inactive.accountId));
    expect((await issue(inactive)).statusCode).toBe(409);
    const fixture = await accountFixture();
    const other = await accountFixture();
    const stranger = await issue(fixture, { body: { customer_id: other.customerId } });
    expect(stranger.statusCode).toBe(404);
    const bad = await issue(fixture, { body: { customer_id: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['customer_id']);
    expect(
      await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.account_id, fixture.accountId)),
    ).toEqual([]);
  });

  it('is 401 without a session and 404 for another organisation’s account', async () => {
    const fixture = await accountFixture();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payment_link/`,
      payload: { customer_id: fixture.customerId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await issue(fixture, { email: 'legacy@demo.test' })).statusCode).toBe(404);
    expect((await issue(fixture, { email: 'legacy@demo.test', merchantId: ids.legacyMotors })).statusCode).toBe(404);
  });

  it('is rate limited per account', async () => {
    const fixture = await accountFixture();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await issue(fixture)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the pay page', () => {
  it('shows the merchant, the first name, the amount due, the due date and the fee rule, and nothing else', async () => {
    const fixture = await accountFixture(12_345, 250);
    const response = await page(await issueToken(fixture));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      merchant: { name: 'Demo Motors', logo: expect.toBeOneOf([null, expect.any(String)]) },
      customer: { first_name: 'Pat' },
      amount_due: 12_345,
      due_date: '2026-12-15',
      convenience_fee: 250,
      accepts: { card: true, bank: true },
      expires_at: expect.any(String),
    });
    expect(response.body).not.toMatch(/pat@customers|Primary|EXT/);
  });

  it('refuses a superseded, an expired, a used and an unknown link, each saying which', async () => {
    const fixture = await accountFixture();
    const first = await issueToken(fixture);
    const second = await issueToken(fixture);
    expect((await page(first)).statusCode).toBe(410);
    expect((await page(first)).json()).toMatchObject({ code: 'pay_link.superseded' });
    expect((await pay(first, { token: await card('4242424242424242'), amount: 1_000 })).json()).toMatchObject({
      code: 'pay_link.superseded',
    });
    expect((await page(second)).statusCode).toBe(200);

    await t.database.db
      .update(paymentLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.token_hash, createHash('sha256').update(second).digest('hex')));
    expect((await page(second)).json()).toMatchObject({ code: 'pay_link.expired' });
    expect((await pay(second, { token: await card('4242424242424242'), amount: 1_000 })).statusCode).toBe(410);

    const third = await issueToken(fixture);
    expect((await pay(third, { token: await card('4242424242424242'), amount: 1_000 })).statusCode).toBe(201);
    expect((await page(third)).json()).toMatchObject({ code: 'pay_link.used' });
    const again = await pay(third, { token: await card('4242424242424242'), amount: 1_000 });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'pay_link.used' });

    for (const unknown of ['not-a-token', 'A'.repeat(43), randomUUID()]) {
      const response = await page(unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('is rate limited per address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) statuses.push((await page('not-a-token', address)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('paying with a link', () => {
  it('takes the payment by card with the fee, puts it on the ledger, uses up the link and emails the receipt', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const key = randomUUID();
    const response = await pay(token, { token: await card('4242424242424242'), amount: 10_000 }, { key });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'PAID',
      amount: 10_000,
      convenience_fee: 250,
      total_amount: 10_250,
      merchant_name: 'Demo Motors',
      receipt_emailed: true,
    });
    expect(response.json().method_label).toContain('4242');
    expect(await amountDueOf(fixture.accountId)).toBe(40_000);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, response.json().id));
    expect(payment).toMatchObject({ origin: 'pay_link', created_by: null, account_id: fixture.accountId });
    const row = await linkRowOf(token);
    expect(row?.payment_id).toBe(payment?.id);
    expect(row?.used_at).not.toBeNull();
    const receipts = await t.database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.key, `pay-link-receipt:${payment?.id}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('$102.50');

    // The same key again answers the same payment (a lost answer), without a second charge or email.
    const repeat = await pay(token, { token: await card('4242424242424242'), amount: 10_000 }, { key });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().id).toBe(response.json().id);
    expect(await amountDueOf(fixture.accountId)).toBe(40_000);
  });

  it('shows no fee on a debit card', async () => {
    const fixture = await accountFixture(50_000, 250);
    const response = await pay(await issueToken(fixture), {
      token: await card('4000056655665556'),
      amount: 5_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'PAID', convenience_fee: 0, total_amount: 5_000 });
  });

  it('pays by bank with the authorisation shown, PENDING, and needs that authorisation', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const missing = await pay(token, { token: await bank(), amount: 5_000 });
    expect(missing.statusCode).toBe(400);
    expect((await page(token)).statusCode).toBe(200);
    const response = await pay(token, {
      token: await bank(),
      amount: 5_000,
      authorization: 'I authorize Demo Motors to debit $52.50 from the bank account above, once.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'PENDING', convenience_fee: 250 });
    expect((await page(token)).json()).toMatchObject({ code: 'pay_link.used' });
  });

  it('answers a decline as FAILED and leaves the link usable for another card', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const declined = await pay(token, { token: await card('4000000000000002'), amount: 5_000 });
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json()).toMatchObject({ status: 'FAILED', failure_message: expect.any(String) });
    expect((await page(token)).statusCode).toBe(200);
    const paid = await pay(token, { token: await card('4242424242424242'), amount: 5_000 });
    expect(paid.json()).toMatchObject({ status: 'PAID' });
  });

  it('refuses a missing or long key, bad amounts and bad tokens with the payments rules, and keeps the link', async () => {
    const fixture = await accountFixture(5_000, 250);
    const token = await issueToken(fixture);
    const body = { token: await card('4242424242424242'), amount: 1_000 };
    expect((await pay(token, body, { key: null })).json()).toMatchObject({ code: 'idempotency_key.missing' });
    expect((await pay(token, body, { key: 'k'.repeat(256) })).json()).toMatchObject({
      code: 'idempotency_key.too_long',
    });
    expect((await pay(token, { token: await card('4242424242424242'), amount: 6_000 })).json()).toMatchObject({
      code: 'payment.exceeds_amount_due',
    });
    expect((await pay(token, { token: await card('4242424242424242'), amount: 50 })).json()).toMatchObject({
      code: 'payment.minimum',
    });
    const unknown = await pay(token, { token: 'tok_unknown', amount: 1_000 });
    expect(unknown.statusCode).toBe(400);
    const bad = await pay(token, { token: '', amount: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['amount', 'token']);
    const inactive = await accountFixture();
    const inactiveToken = await issueToken(inactive);
    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, inactive.accountId));
    expect((await pay(inactiveToken, body)).json()).toMatchObject({ code: 'account.inactive' });
    expect(await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId))).toEqual([]);
    expect((await page(token)).statusCode).toBe(200);
  });

  it('under 50 parallel requests with one key takes one payment', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const key = randomUUID();
    const body = { token: await card('4242424242424242'), amount: 2_000 };
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(token, body, { key })));
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    const paid = responses.filter((response) => response.statusCode === 201);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((response) => response.json().id)).size).toBe(1);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'pay_link.in_use' });
    }
    const rows = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(rows).toHaveLength(1);
    expect(await amountDueOf(fixture.accountId)).toBe(48_000);
  });

  it('under 50 parallel requests with different keys takes one payment', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const cardToken = await card('4242424242424242');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay(token, { token: cardToken, amount: 2_000 })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .where(eq(payments.account_id, fixture.accountId));
    expect(count?.n).toBe(1);
  });

  it('limits payment attempts per link', async () => {
    const fixture = await accountFixture(50_000, 250);
    const token = await issueToken(fixture);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await pay(token, { token: await card('4000000000000002'), amount: 1_000 })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
