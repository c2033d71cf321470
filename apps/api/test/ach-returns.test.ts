import { randomUUID } from 'node:crypto';
import { addCalendarDays } from '@paydesk/domain/dates/calendar';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { paymentMethods, payments } from '../src/db/schema/payments';
import { representAchReturn } from '../src/modules/ach-returns/represent-ach-return';
import { findReturnRates } from '../src/modules/ach-returns/return-rates';
import { settlePayments } from '../src/modules/payments/settle-payments';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, saveMethodFixture } from './factories';
import { addUser, bearer, seedDemo, sessionsFor, signIn, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const AUTHORIZATION = { text: 'I authorise the debit.', method: 'phone' };
const BANK = {
  R01: '000222222227',
  R09: '000444444441',
  R02: '000111111113',
  R10: '000333333335',
  R29: '000888888881',
  settles: '000123456789',
};

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });
const returnsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/ach_returns/`;

type Fixture = Awaited<ReturnType<typeof accountWithBank>>;

/** A Demo Motors account owing `amountDue` with a saved bank account, and card and ACH merchant accounts. */
async function accountWithBank(accountNumber: string, amountDue = 50_000) {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue });
  const bank = { bank: { routing_number: '110000000', account_number: accountNumber, account_holder: 'Pat Doe' } };
  const headers = await as(ADMIN);
  const methodId = await saveMethodFixture(t.app, headers, ids.demoMotors, fixture.customerId, bank, {
    authorization: AUTHORIZATION,
  });
  return { ...fixture, methodId };
}

function debit(fixture: Fixture, amount = 10_000) {
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { customer: fixture.customerId, sources: [{ payment_method: fixture.methodId, amount }] },
  });
}

async function debitByStaff(fixture: Fixture, amount = 10_000) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...(await as(STAFF)), 'idempotency-key': randomUUID() },
    payload: { customer: fixture.customerId, sources: [{ payment_method: fixture.methodId, amount }] },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  expect(answer.json().status).toBe('PENDING');
  return answer.json() as { id: string; amount: number; total_amount: number };
}

/** The sandbox settles (or returns) every pending debit, and Paydesk records it. */
async function runSettlement() {
  await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 5 });
  await settlePayments(t.app.ctx);
}

type ReturnRow = Record<string, unknown> & { id: string; account: { id: string } };

async function listReturns(query = '', email = STAFF) {
  const answer = await t.app.inject({ url: `${returnsUrl()}?page_size=100${query}`, headers: await as(email) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as ReturnRow[];
}

async function returnOf(paymentId: string) {
  return (await listReturns()).find((row) => row.id === paymentId);
}

async function represent(paymentId: string, key = randomUUID(), email = STAFF) {
  return t.app.inject({
    method: 'POST',
    url: `${returnsUrl()}${paymentId}/represent/`,
    headers: { ...(await as(email)), 'idempotency-key': key },
  });
}

async function amountDueOf(accountId: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row?.amount_due_cents;
}

describe('a returned debit', () => {
  it('puts the amount back on the account and lists the code, meaning, attempt, deadline and action', async () => {
    const fixture = await accountWithBank(BANK.R01);
    const payment = await debitByStaff(fixture, 12_000);
    expect(await amountDueOf(fixture.accountId)).toBe(38_000);
    await runSettlement();
    expect(await amountDueOf(fixture.accountId)).toBe(50_000);

    const [original] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(original).toMatchObject({ status: 'RETURNED', failure_message: 'Bank return R01: Insufficient funds' });
    const originDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(original!.created);
    expect(await returnOf(payment.id)).toMatchObject({
      code: 'R01',
      meaning: 'Insufficient funds',
      attempt: 0,
      original_payment_id: payment.id,
      represent_deadline: addCalendarDays(originDay, 180),
      action: 'may_represent',
      action_label: 'May be re-presented',
      represented_payment_id: null,
      amount: 12_000,
      account: { id: fixture.accountId },
      payment_method: { id: fixture.methodId, flagged: false },
    });
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('Insufficient funds');
  });

  it('disables the bank method for R02 and refuses to debit it or re-present the return', async () => {
    const fixture = await accountWithBank(BANK.R02);
    const payment = await debitByStaff(fixture);
    await runSettlement();
    expect(await returnOf(payment.id)).toMatchObject({
      code: 'R02',
      meaning: 'Account closed',
      represent_deadline: null,
      action: 'method_disabled',
      action_label: 'Bank method disabled',
      payment_method: { flagged: true },
    });
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, fixture.methodId));
    expect(method?.flag_reason).toBe('Bank return R02: Account closed');

    const refused = await represent(payment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ach_return.not_representable',
      detail: 'Only a debit returned R01 or R09 may be presented again.',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
      headers: { ...(await as(STAFF)), 'idempotency-key': randomUUID() },
      payload: { customer: fixture.customerId, sources: [{ payment_method: fixture.methodId, amount: 1_000 }] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payment_method.disabled');
    expect(await amountDueOf(fixture.accountId)).toBe(50_000);
  });

  it.each([
    ['R10', BANK.R10],
    ['R29', BANK.R29],
  ])('asks for a new authorisation after %s and disables the method until then', async (code, account) => {
    const fixture = await accountWithBank(account);
    const payment = await debitByStaff(fixture);
    await runSettlement();
    expect(await returnOf(payment.id)).toMatchObject({
      code,
      action: 'new_authorization_needed',
      action_label: 'New authorisation needed',
      payment_method: { flagged: true },
    });
    expect((await represent(payment.id)).json().code).toBe('ach_return.not_representable');
  });

  it('filters by code and refuses a code that is not one', async () => {
    const fixture = await accountWithBank(BANK.R09);
    const payment = await debitByStaff(fixture);
    await runSettlement();
    const r09 = await listReturns('&code=R09');
    expect(r09.map((row) => row.id)).toContain(payment.id);
    expect(r09.every((row) => row.code === 'R09')).toBe(true);
    expect(r09.find((row) => row.id === payment.id)).toMatchObject({ meaning: 'Uncollected funds' });
    const bad = await t.app.inject({ url: `${returnsUrl()}?code=X1`, headers: await as(STAFF) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: ['Must be a return code such as R01'] });
  });
});

describe('re-presenting', () => {
  it('re-presents the same amount (and fee) twice at most, each return listed with its attempt', async () => {
    const fixture = await accountWithBank(BANK.R01);
    await t.database.db.update(accounts).set({ convenience_fee_cents: 300 }).where(eq(accounts.id, fixture.accountId));
    const first = await debitByStaff(fixture, 9_000);
    expect(first.total_amount).toBe(9_300);
    await runSettlement();
    // The account's fee changed since: the re-presented entry is still the returned one's amount.
    await t.database.db.update(accounts).set({ convenience_fee_cents: 500 }).where(eq(accounts.id, fixture.accountId));

    const key = randomUUID();
    const second = await represent(first.id, key);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ status: 'PENDING', amount: 9_000, total_amount: 9_300 });
    const replay = await represent(first.id, key);
    expect(replay.json().id).toBe(second.json().id);
    expect(await amountDueOf(fixture.accountId)).toBe(41_000);
    expect(await returnOf(first.id)).toMatchObject({
      action: 'represented',
      represented_payment_id: second.json().id,
    });
    expect((await represent(first.id)).json().code).toBe('ach_return.already_represented');

    // The same account returns R01 again: attempt 1, then attempt 2, and no third re-presentment.
    await runSettlement();
    expect(await amountDueOf(fixture.accountId)).toBe(50_000);
    expect(await returnOf(second.json().id)).toMatchObject({
      attempt: 1,
      original_payment_id: first.id,
      action: 'may_represent',
    });
    const third = await represent(second.json().id);
    expect(third.statusCode, third.body).toBe(201);
    await runSettlement();
    expect(await returnOf(third.json().id)).toMatchObject({
      attempt: 2,
      original_payment_id: first.id,
      action: 'limit_reached',
      action_label: 'Re-presentment limit reached',
    });
    const fourth = await represent(third.json().id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      code: 'ach_return.attempts_used',
      detail: 'This debit was already presented again twice, the most Nacha allows.',
    });
    const [chain] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.account_id, fixture.accountId));
    expect(chain?.n).toBe(3);
  });

  it('may re-present on the 180th day after the original debit, not the day after (by the clock)', async () => {
    const fixture = await accountWithBank(BANK.R01);
    const first = await debitByStaff(fixture, 5_000);
    await runSettlement();
    const deadline = (await returnOf(first.id))!.represent_deadline as string;
    // Noon in New York on the day after the deadline, then on the deadline itself.
    const user = { id: await userIdOf(t.database.db, STAFF), accessRoles: ['staff'] };
    const request = { merchantId: ids.demoMotors, user, paymentId: first.id };
    await expect(
      representAchReturn(at(new Date(`${addCalendarDays(deadline, 1)}T16:00:00Z`)), request),
    ).rejects.toMatchObject({ code: 'ach_return.window_closed' });
    const made = await representAchReturn(at(new Date(`${deadline}T16:00:00Z`)), request);
    expect(made).toMatchObject({ amount: 5_000, status: 'PENDING' });
  });

  it('refuses over HTTP once the window closed (the original debit is 181 days old)', async () => {
    const fixture = await accountWithBank(BANK.R01);
    const first = await debitByStaff(fixture, 5_000);
    await runSettlement();
    await t.database.db
      .update(payments)
      .set({ created: new Date(Date.now() - 182 * DAY_MS) })
      .where(eq(payments.id, first.id));
    expect(await returnOf(first.id)).toMatchObject({ action: 'window_closed' });
    const refused = await represent(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ach_return.window_closed',
      detail: 'More than 180 days passed since the original debit: it can not be presented again.',
    });
  });

  it('debits once when 50 people re-present the same return at once with different keys', async () => {
    const fixture = await accountWithBank(BANK.R09);
    const first = await debitByStaff(fixture, 7_500);
    await runSettlement();
    const answers = await Promise.all(Array.from({ length: 50 }, () => represent(first.id)));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const made = await t.database.db.select().from(payments).where(eq(payments.retry_of_payment_id, first.id));
    expect(made).toHaveLength(1);
    expect(await amountDueOf(fixture.accountId)).toBe(50_000 - 7_500);
  });

  // No 403 here: listing needs only membership, and re-presenting is taking a payment, which every role may (SPEC
  // shows no rule). A user without a role at the merchant has no access to it at all: 404.
  it('refuses no Idempotency-Key, and answers 404 for what is not a return or a merchant without a role, and 401', async () => {
    const fixture = await accountWithBank(BANK.R01);
    const first = await debitByStaff(fixture);
    await runSettlement();
    const noKey = await t.app.inject({
      method: 'POST',
      url: `${returnsUrl()}${first.id}/represent/`,
      headers: await as(STAFF),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('idempotency_key.missing');
    expect((await represent(randomUUID())).statusCode).toBe(404);
    expect((await represent('not-a-uuid')).statusCode).toBe(404);
    const settles = await accountWithBank(BANK.settles);
    const paid = await debitByStaff(settles);
    await runSettlement();
    expect((await represent(paid.id)).statusCode).toBe(404);

    expect((await debit(fixture)).statusCode).toBe(401);
    expect((await t.app.inject({ url: returnsUrl() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${returnsUrl()}rates/` })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${returnsUrl()}${first.id}/represent/`,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);

    // A user of the organisation with no role at Demo Motors.
    const email = `no-role-${randomUUID().slice(0, 8)}@demo.test`;
    await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: null });
    const roleless = bearer((await signIn(t.app, email)).access);
    const denied = await t.app.inject({
      method: 'POST',
      url: `${returnsUrl()}${first.id}/represent/`,
      headers: { ...roleless, 'idempotency-key': randomUUID() },
    });
    expect(denied.statusCode).toBe(404);
    expect((await t.app.inject({ url: returnsUrl(), headers: roleless })).statusCode).toBe(404);
  });

  it("is 404 for another merchant's return, and another merchant's list does not show it", async () => {
    const fixture = await accountWithBank(BANK.R01);
    const first = await debitByStaff(fixture);
    await runSettlement();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `${returnsUrl(ids.customRolesAuto)}${first.id}/represent/`,
      headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
    });
    expect(elsewhere.statusCode).toBe(404);
    const otherList = await t.app.inject({ url: returnsUrl(ids.customRolesAuto), headers: await as(ADMIN) });
    expect(otherList.statusCode).toBe(200);
    expect(otherList.body).not.toContain(first.id);
    const legacy = await t.app.inject({ url: returnsUrl(), headers: await as('legacy@demo.test') });
    expect(legacy.statusCode).toBe(404);
  });
});

describe('return rates', () => {
  it("counts the last 60 days' returns over its bank debits against Nacha's thresholds", async () => {
    const answer = await t.app.inject({ url: `${returnsUrl()}rates/`, headers: await as(STAFF) });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.window_days).toBe(60);
    expect(body.debits).toBeGreaterThan(0);
    const byKind = Object.fromEntries(
      (body.rates as Array<{ kind: string; returns: number; rate: number; threshold: number }>).map((rate) => [
        rate.kind,
        rate,
      ]),
    );
    expect(byKind.unauthorized).toMatchObject({ threshold: 0.005 });
    expect(byKind.administrative).toMatchObject({ threshold: 0.03 });
    expect(byKind.overall).toMatchObject({ threshold: 0.15, over_threshold: true });
    // R10 and R29 above are unauthorised, R02 administrative; every return counts in the overall rate.
    expect(byKind.unauthorized!.returns).toBeGreaterThanOrEqual(2);
    expect(byKind.administrative!.returns).toBeGreaterThanOrEqual(1);
    expect(byKind.overall!.returns).toBeGreaterThanOrEqual(byKind.unauthorized!.returns + 1);
    expect(byKind.overall!.rate).toBeCloseTo(byKind.overall!.returns / body.debits, 10);

    // 61 days on, nothing is in the window.
    const later = await findReturnRates(t.database.db, new Date(Date.now() + 61 * DAY_MS), ids.demoMotors);
    expect(later.debits).toBe(0);
    expect(later.rates.every((rate) => rate.returns === 0 && rate.rate === 0 && !rate.over_threshold)).toBe(true);
  });
});
