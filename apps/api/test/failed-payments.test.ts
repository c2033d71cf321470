import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client';
import { accounts } from '../src/db/schema/customers';
import { paymentMethods, payments } from '../src/db/schema/payments';
import { dueAutomaticRetriesQuery } from '../src/modules/failed-payments/failed-payment-view';
import { runAutomaticRetries } from '../src/modules/failed-payments/run-automatic-retries';
import { runDueScheduledPayments } from '../src/modules/scheduled-payments/run-scheduled-payments';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, saveMethodFixture } from './factories';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const INSUFFICIENT_FUNDS = '4000000000009995';
const STOLEN = '4000000000009979';
const GOOD = '4242424242424242';

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });
const failedUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/failed_payments/`;

const saveCard = async (customerId: string, number: string) =>
  saveMethodFixture(t.app, await as(ADMIN), ids.demoMotors, customerId, {
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
  });

/** A Demo Motors account owing `amountDue` with a saved card of `number`, and card and ACH merchant accounts. */
async function accountWithCard(number: string, amountDue = 50_000) {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue });
  return { ...fixture, methodId: await saveCard(fixture.customerId, number) };
}

type Fixture = Awaited<ReturnType<typeof accountWithCard>>;

async function takeByStaff(fixture: Fixture, amount = 10_000) {
  const taken = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...(await as(STAFF)), 'idempotency-key': randomUUID() },
    payload: {
      customer: fixture.customerId,
      sources: [{ payment_method: fixture.methodId, amount }],
      waive_fee: false,
    },
  });
  expect(taken.statusCode, taken.body).toBe(201);
  return taken.json();
}

/** A scheduled payment that ran and was declined; answers the failed payment's id and when it ran. */
async function failedScheduledPayment(fixture: Fixture, amount = 10_000) {
  const date = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
  const scheduled = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/scheduled_payments/`,
    headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
    payload: { customer: fixture.customerId, payment_method: fixture.methodId, amount, date },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const ranAt = new Date(new Date(scheduled.json().run_at).getTime() + 60_000);
  await runDueScheduledPayments(at(ranAt));
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.idempotency_key, `scheduled:${scheduled.json().id}`));
  expect(payment?.status).toBe('FAILED');
  return { paymentId: payment!.id, ranAt };
}

async function listFailed(email = STAFF) {
  const answer = await t.app.inject({ url: `${failedUrl()}?page_size=100`, headers: await as(email) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as Array<Record<string, unknown> & { id: string; account: { id: string } }>;
}

async function retry(paymentId: string, body: Record<string, unknown> = {}, key = randomUUID(), email = STAFF) {
  return t.app.inject({
    method: 'POST',
    url: `${failedUrl()}${paymentId}/retry/`,
    headers: { ...(await as(email)), 'idempotency-key': key },
    payload: body,
  });
}

async function amountDueOf(accountId: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row?.amount_due_cents;
}

describe('the failed payments list', () => {
  it('lists a soft-declined scheduled payment with the reason in words and its automatic retry 3 days on at 9 am', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId, ranAt } = await failedScheduledPayment(fixture);
    const row = (await listFailed()).find((item) => item.id === paymentId);
    expect(row).toMatchObject({
      origin: 'scheduled',
      amount: 10_000,
      reason: 'Your card has insufficient funds.',
      decline_code: 'insufficient_funds',
      decline_class: 'soft',
      attempt: 0,
      account: { id: fixture.accountId, amount_due: 50_000 },
      payment_method: { id: fixture.methodId, flagged: false },
    });
    // Demo Motors is in America/New_York: 9 am there is 13:00 or 14:00 UTC, three days after the failure.
    const next = new Date(row!.next_retry_at as string);
    expect(Math.round((next.getTime() - ranAt.getTime()) / DAY_MS)).toBe(3);
    expect([13, 14]).toContain(next.getUTCHours());
  });

  it('never retries a hard decline and flags a stolen card; staff payments are not retried automatically', async () => {
    const stolen = await accountWithCard(STOLEN);
    const declined = await takeByStaff(stolen);
    expect(declined.status).toBe('FAILED');
    const row = (await listFailed()).find((item) => item.id === declined.id);
    expect(row).toMatchObject({ decline_class: 'hard', next_retry_at: null, payment_method: { flagged: true } });
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, stolen.methodId));
    expect(method?.flag_reason).toBe('Your card was declined.');

    const poor = await accountWithCard(INSUFFICIENT_FUNDS);
    const soft = await takeByStaff(poor);
    expect((await listFailed()).find((item) => item.id === soft.id)).toMatchObject({
      decline_class: 'soft',
      next_retry_at: null,
    });
  });
});

describe('retrying by hand', () => {
  it('charges another saved method once, takes the payment off the list and refuses a second retry', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture, 12_000);
    const goodCard = await saveCard(fixture.customerId, GOOD);
    const key = randomUUID();
    const retried = await retry(paymentId, { payment_method: goodCard }, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ status: 'PAID', amount: 12_000, origin: 'staff' });
    expect(await amountDueOf(fixture.accountId)).toBe(50_000 - 12_000);
    expect((await listFailed()).some((item) => item.id === paymentId)).toBe(false);

    const replay = await retry(paymentId, { payment_method: goodCard }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(retried.json().id);
    const second = await retry(paymentId, { payment_method: goodCard });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'failed_payment.already_retried',
      detail: 'This payment was already retried.',
    });
    expect(await amountDueOf(fixture.accountId)).toBe(50_000 - 12_000);
  });

  it('lists a retry that fails again in place of the first, as attempt 1', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture);
    const again = await retry(paymentId);
    expect(again.json()).toMatchObject({ status: 'FAILED' });
    const rows = (await listFailed()).filter((item) => item.account.id === fixture.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: again.json().id, attempt: 1, next_retry_at: null });
  });

  it('charges once when 50 people retry the same payment at once with different keys', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture, 7_500);
    const goodCard = await saveCard(fixture.customerId, GOOD);
    const answers = await Promise.all(Array.from({ length: 50 }, () => retry(paymentId, { payment_method: goodCard })));
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const made = await t.database.db.select().from(payments).where(eq(payments.retry_of_payment_id, paymentId));
    expect(made).toHaveLength(1);
    expect(await amountDueOf(fixture.accountId)).toBe(50_000 - 7_500);
  });

  it('refuses a bad method id, no Idempotency-Key, a paid-up account, and answers 404 for what is not an open failed payment', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture);
    expect((await retry(paymentId, { payment_method: 'nope' })).json()).toEqual({ payment_method: ['Not a valid id'] });
    const noKey = await t.app.inject({
      method: 'POST',
      url: `${failedUrl()}${paymentId}/retry/`,
      headers: await as(STAFF),
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    expect((await retry(randomUUID())).statusCode).toBe(404);
    expect((await retry('not-a-uuid')).statusCode).toBe(404);
    const paid = await takeByStaff(await accountWithCard(GOOD));
    expect((await retry(paid.id)).statusCode).toBe(404);

    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, fixture.accountId));
    expect((await retry(paymentId)).json().code).toBe('account.inactive');
  });

  it("is 404 for another merchant's failed payment and 401 without a session", async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `${failedUrl(ids.customRolesAuto)}${paymentId}/retry/`,
      headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(404);
    const otherList = await t.app.inject({ url: failedUrl(ids.customRolesAuto), headers: await as(ADMIN) });
    expect(otherList.statusCode).toBe(200);
    expect(otherList.body).not.toContain(paymentId);
    expect((await t.app.inject({ url: failedUrl() })).statusCode).toBe(401);
  });
});

describe('automatic retries', () => {
  it('retries a soft decline on its day, at most twice, once even when two runs overlap', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId } = await failedScheduledPayment(fixture);
    const first = (await listFailed()).find((item) => item.id === paymentId)!;
    const dayOf = (iso: string) => new Date(new Date(iso).getTime() + 60_000);

    expect(await runAutomaticRetries(at(new Date(new Date(first.next_retry_at as string).getTime() - 60_000)))).toBe(0);
    await Promise.all([
      runAutomaticRetries(at(dayOf(first.next_retry_at as string))),
      runAutomaticRetries(at(dayOf(first.next_retry_at as string))),
    ]);
    const chain1 = await t.database.db.select().from(payments).where(eq(payments.retry_of_payment_id, paymentId));
    expect(chain1).toHaveLength(1);
    expect(chain1[0]).toMatchObject({ origin: 'scheduled', retry_attempt: 1, status: 'FAILED' });

    const second = (await listFailed()).find((item) => item.id === chain1[0]!.id)!;
    expect(second.next_retry_at).not.toBeNull();
    await runAutomaticRetries(at(dayOf(second.next_retry_at as string)));
    const chain2 = await t.database.db.select().from(payments).where(eq(payments.retry_of_payment_id, chain1[0]!.id));
    expect(chain2[0]).toMatchObject({ retry_attempt: 2, status: 'FAILED' });
    const last = (await listFailed()).find((item) => item.id === chain2[0]!.id)!;
    expect(last).toMatchObject({ attempt: 2, next_retry_at: null });
  });

  it('reads only the failed payments that may be retried automatically, through their partial index', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The test database is small: without this the planner would read the table whatever the query says.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await selectRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${dueAutomaticRetriesQuery(new Date(), 50)}`,
      );
      return explained.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payments_automatic_retry_idx');
  });

  it('is not due once the account owes nothing', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS, 10_000);
    const { paymentId, ranAt } = await failedScheduledPayment(fixture, 10_000);
    await t.database.db.update(accounts).set({ amount_due_cents: 0 }).where(eq(accounts.id, fixture.accountId));
    expect((await listFailed()).find((item) => item.id === paymentId)).toMatchObject({ next_retry_at: null });
    expect(await runAutomaticRetries(at(new Date(ranAt.getTime() + 4 * DAY_MS)))).toBe(0);
    expect(await t.database.db.select().from(payments).where(eq(payments.retry_of_payment_id, paymentId))).toEqual([]);
  });

  it('stops retrying when a rule refuses the retry, and says why in the history', async () => {
    const fixture = await accountWithCard(INSUFFICIENT_FUNDS);
    const { paymentId, ranAt } = await failedScheduledPayment(fixture);
    // An integrated merchant needs a current invoice to take a payment; none was read for this customer.
    await t.database.db.execute(sql`update merchants set is_integrated = true where id = ${ids.demoMotors}`);
    try {
      expect(await runAutomaticRetries(at(new Date(ranAt.getTime() + 4 * DAY_MS)))).toBeGreaterThanOrEqual(1);
    } finally {
      await t.database.db.execute(sql`update merchants set is_integrated = false where id = ${ids.demoMotors}`);
    }
    const [failed] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(failed?.automatic_retry_stopped).toBeTruthy();
    expect((await listFailed()).find((item) => item.id === paymentId)).toMatchObject({ next_retry_at: null });
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('payment.retry_stopped');
  });
});
