import { randomUUID } from 'node:crypto';
import { PROMISE_TOO_SOON } from '@paydesk/domain/validation/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client';
import { payments } from '../src/db/schema/payments';
import { paymentPromises } from '../src/db/schema/promises';
import { scheduledPayments } from '../src/db/schema/scheduled-payments';
import { settleDuePromises, settlePromise } from '../src/modules/promises/settle-promises';
import { runDueScheduledPayments } from '../src/modules/scheduled-payments/run-scheduled-payments';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, saveMethodFixture, type CustomerFixture } from './factories';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });
const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR_MS);

type Fixture = CustomerFixture & { methodId: string };

const VISA = { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } };

/** A Demo Motors account owing $500.00 with a saved card and card and bank merchant accounts. */
async function accountWithCard(): Promise<Fixture> {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue: 50_000 });
  const methodId = await saveMethodFixture(t.app, await as(ADMIN), ids.demoMotors, fixture.customerId, VISA, {
    nickname: 'Visa',
  });
  return { ...fixture, methodId };
}

const accountUrl = (fixture: Fixture, merchantId = ids.demoMotors) =>
  `/api/merchants/${merchantId}/accounts/${fixture.accountId}/promises/`;

async function promise(
  fixture: Fixture,
  body: Record<string, unknown> = {},
  options: { email?: string; merchantId?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: accountUrl(fixture, options.merchantId),
    headers: await as(options.email ?? STAFF),
    payload: { customer: fixture.customerId, amount: 10_000, scheduled_date: hoursAhead(2).toISOString(), ...body },
  });
}

async function pay(fixture: Fixture, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
    payload: {
      customer: fixture.customerId,
      sources: [{ payment_method: fixture.methodId, amount }],
      waive_fee: false,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function promiseRow(id: string) {
  const [row] = await t.database.db.select().from(paymentPromises).where(eq(paymentPromises.id, id));
  return row;
}

describe('recording a promise to pay', () => {
  it('records one with a method and a note, scheduled (Confirmed) and open, and lists only those still ahead', async () => {
    const fixture = await accountWithCard();
    const when = hoursAhead(3);
    const created = await promise(fixture, {
      scheduled_date: when.toISOString(),
      amount: 12_345,
      payment_method: fixture.methodId,
      note: '  Pays Friday after payday. ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      account: fixture.accountId,
      customer: fixture.customerId,
      amount: 12_345,
      scheduled_date: when.toISOString(),
      payment_method: fixture.methodId,
      payment_method_label: 'Visa XXXX4242',
      note: 'Pays Friday after payday.',
      status: 'SCHEDULED',
      outcome: 'open',
      paid_amount: null,
      created_by_name: expect.any(String),
    });
    // One whose time has passed (recorded earlier) is dropped from the account's list (SPEC §5).
    await t.database.db.insert(paymentPromises).values({
      merchant_id: ids.demoMotors,
      account_id: fixture.accountId,
      customer_id: fixture.customerId,
      amount_cents: 5_000,
      scheduled_date: new Date(Date.now() - HOUR_MS),
      created: new Date(Date.now() - 5 * HOUR_MS),
    });
    const listed = await t.app.inject({ url: accountUrl(fixture), headers: await as(STAFF) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ count: 1, results: [{ id: created.json().id }] });

    const merchantList = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/promises/?outcome=open&page_size=100`,
      headers: await as(STAFF),
    });
    expect(merchantList.statusCode).toBe(200);
    const mine = merchantList.json().results.filter((row: { account: string }) => row.account === fixture.accountId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ account_external_id: expect.any(String), customer_name: expect.any(String) });
    const bad = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/promises/?outcome=x`,
      headers: await as(STAFF),
    });
    expect(bad.statusCode).toBe(400);

    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('promise.created');
  });

  it('refuses a time under 30 minutes ahead, a bad amount, a method or customer not of the account', async () => {
    const fixture = await accountWithCard();
    const other = await accountWithCard();
    const soon = await promise(fixture, { scheduled_date: new Date(Date.now() + 29 * 60_000).toISOString() });
    expect(soon.statusCode).toBe(400);
    expect(soon.json()).toEqual({ scheduled_date: [PROMISE_TOO_SOON] });
    expect((await promise(fixture, { scheduled_date: 'tomorrow' })).statusCode).toBe(400);
    expect((await promise(fixture, { amount: 0 })).json()).toHaveProperty('amount');
    expect((await promise(fixture, { amount: 12.5 })).json()).toHaveProperty('amount');
    expect((await promise(fixture, { payment_method: other.methodId })).statusCode).toBe(404);
    expect((await promise(fixture, { customer: other.customerId })).statusCode).toBe(404);
    expect(await t.database.db.$count(paymentPromises, eq(paymentPromises.account_id, fixture.accountId))).toBe(0);
  });

  it("is 404 for another merchant's account and 401 without a session", async () => {
    const fixture = await accountWithCard();
    expect((await promise(fixture, {}, { merchantId: ids.customRolesAuto, email: ADMIN })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: accountUrl(fixture, ids.customRolesAuto), headers: await as(ADMIN) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: accountUrl(fixture) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: accountUrl(fixture), payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/merchants/${ids.demoMotors}/promises/` })).statusCode).toBe(401);
    const elsewhere = await t.app.inject({
      url: `/api/merchants/${ids.customRolesAuto}/promises/?page_size=100`,
      headers: await as(ADMIN),
    });
    expect(elsewhere.json().results.some((row: { account: string }) => row.account === fixture.accountId)).toBe(false);
  });
});

describe('settling promises at their time (clock-driven)', () => {
  it('marks a promise kept when payments cover it by its time, partly kept for less, broken for none', async () => {
    const kept = await accountWithCard();
    const partly = await accountWithCard();
    const broken = await accountWithCard();
    const when = hoursAhead(2);
    const promiseIds = {
      kept: (await promise(kept, { amount: 10_000, scheduled_date: when.toISOString() })).json().id as string,
      partly: (await promise(partly, { amount: 10_000, scheduled_date: when.toISOString() })).json().id as string,
      broken: (await promise(broken, { amount: 10_000, scheduled_date: when.toISOString() })).json().id as string,
    };
    await pay(kept, 6_000);
    await pay(kept, 4_000);
    await pay(partly, 2_500);

    // Before the time nothing is settled.
    await settleDuePromises(at(new Date(when.getTime() - 60_000)));
    expect((await promiseRow(promiseIds.kept))?.outcome).toBe('open');

    const after = new Date(when.getTime() + 60_000);
    await Promise.all([settleDuePromises(at(after)), settleDuePromises(at(after))]);
    expect(await promiseRow(promiseIds.kept)).toMatchObject({
      outcome: 'kept',
      paid_cents: 10_000,
      resolved_at: after,
    });
    expect(await promiseRow(promiseIds.partly)).toMatchObject({ outcome: 'partially_kept', paid_cents: 2_500 });
    expect(await promiseRow(promiseIds.broken)).toMatchObject({ outcome: 'broken', paid_cents: 0 });

    // Its own job running late changes nothing; the settled one is answered with its outcome.
    await settlePromise(at(new Date(after.getTime() + HOUR_MS)), promiseIds.kept);
    expect((await promiseRow(promiseIds.kept))?.resolved_at).toEqual(after);
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${kept.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body.match(/promise\.kept/g)).toHaveLength(1);

    const list = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/promises/?outcome=broken&page_size=100`,
      headers: await as(STAFF),
    });
    expect(list.json().results.map((row: { id: string }) => row.id)).toContain(promiseIds.broken);
    expect(list.json().results.map((row: { id: string }) => row.id)).not.toContain(promiseIds.kept);
  });

  it('queues the settling job at the promise time', async () => {
    const fixture = await accountWithCard();
    const when = hoursAhead(5);
    const id = (await promise(fixture, { scheduled_date: when.toISOString() })).json().id as string;
    const jobs = await selectRows<{ start_after: Date }>(
      t.database.db,
      sql`select start_after from pgboss.job where name = 'promises.settle' and data->>'promiseId' = ${id}`,
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(when.getTime());
  });
});

describe('confirming a promise', () => {
  const confirmUrl = (id: string, merchantId = ids.demoMotors) =>
    `/api/merchants/${merchantId}/promises/${id}/confirm/`;

  it('turns an unconfirmed promise Confirmed once, answers a confirmed one as it is and refuses a settled one', async () => {
    const fixture = await accountWithCard();
    const created = (await promise(fixture)).json();
    expect(created.status).toBe('PROMISED');
    const confirmed = await t.app.inject({ method: 'POST', url: confirmUrl(created.id), headers: await as(STAFF) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      id: created.id,
      status: 'PROMISE_CONFIRMED',
      confirmed_at: expect.any(String),
    });
    const again = await t.app.inject({ method: 'POST', url: confirmUrl(created.id), headers: await as(STAFF) });
    expect(again.json()).toEqual(confirmed.json());
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body.match(/promise\.confirmed/g)).toHaveLength(1);

    const settled = (await promise(fixture)).json();
    await t.database.db.update(paymentPromises).set({ outcome: 'broken' }).where(eq(paymentPromises.id, settled.id));
    const refused = await t.app.inject({ method: 'POST', url: confirmUrl(settled.id), headers: await as(STAFF) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'promise.not_open' });
  });

  it("is 404 for another merchant's promise or a bad id and 401 without a session", async () => {
    const fixture = await accountWithCard();
    const created = (await promise(fixture)).json();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: confirmUrl(created.id, ids.customRolesAuto),
      headers: await as(ADMIN),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await promiseRow(created.id))?.status).toBe('PROMISED');
    expect((await t.app.inject({ method: 'POST', url: confirmUrl('nope'), headers: await as(STAFF) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: confirmUrl(randomUUID()), headers: await as(STAFF) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: confirmUrl(created.id) })).statusCode).toBe(401);
  });
});

describe('promises and the payments that keep them', () => {
  it('counts one payment for one promise only: the one due first, the rest to the next', async () => {
    const fixture = await accountWithCard();
    const first = (await promise(fixture, { amount: 5_000, scheduled_date: hoursAhead(2).toISOString() })).json();
    const second = (await promise(fixture, { amount: 5_000, scheduled_date: hoursAhead(4).toISOString() })).json();
    await pay(fixture, 7_000);
    await settleDuePromises(at(hoursAhead(5)));
    expect(await promiseRow(first.id)).toMatchObject({ outcome: 'kept', paid_cents: 5_000 });
    expect(await promiseRow(second.id)).toMatchObject({ outcome: 'partially_kept', paid_cents: 2_000 });
  });

  it('takes a promise with a method at its time through the scheduled-payment run, once, and keeps it', async () => {
    const fixture = await accountWithCard();
    const when = hoursAhead(3);
    const created = (
      await promise(fixture, { amount: 4_000, scheduled_date: when.toISOString(), payment_method: fixture.methodId })
    ).json();
    expect(created.status).toBe('SCHEDULED');
    const row = await promiseRow(created.id);
    const [scheduled] = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.id, row!.scheduled_payment_id!));
    expect(scheduled).toMatchObject({ amount_cents: 4_000, run_at: when, state: 'scheduled' });

    // At its time the promise waits for its payment; the run takes it (a second run takes nothing more).
    const after = new Date(when.getTime() + 60_000);
    await settleDuePromises(at(after));
    expect((await promiseRow(created.id))?.outcome).toBe('open');
    await Promise.all([runDueScheduledPayments(at(after)), runDueScheduledPayments(at(after))]);
    await runDueScheduledPayments(at(new Date(after.getTime() + 60_000)));
    const taken = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(taken).toMatchObject([
      { amount_cents: 4_000, status: 'PAID', idempotency_key: `scheduled:${scheduled!.id}` },
    ]);
    await settleDuePromises(at(new Date(after.getTime() + 5 * 60_000)));
    expect(await promiseRow(created.id)).toMatchObject({ outcome: 'kept', paid_cents: 4_000 });
  });

  it('leaves a promise Confirmed but no longer scheduled when its scheduled payment is cancelled, and settles it by what is paid', async () => {
    const fixture = await accountWithCard();
    const when = hoursAhead(3);
    const created = (
      await promise(fixture, { amount: 4_000, scheduled_date: when.toISOString(), payment_method: fixture.methodId })
    ).json();
    const scheduledPaymentId = (await promiseRow(created.id))!.scheduled_payment_id!;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/cancel_scheduled_payment/`,
      headers: await as(STAFF),
      payload: { payment: scheduledPaymentId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // Still a promise the customer made (Confirmed), no longer paid by a scheduled payment; open until its time.
    const listed = await t.app.inject({ url: accountUrl(fixture), headers: await as(STAFF) });
    expect(listed.json().results).toMatchObject([{ id: created.id, status: 'PROMISE_CONFIRMED', outcome: 'open' }]);
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('promise.unscheduled');

    // Nothing is taken at its time; with nothing paid it is broken (not left waiting for a run that will not come).
    const after = new Date(when.getTime() + 60_000);
    await runDueScheduledPayments(at(after));
    await settleDuePromises(at(after));
    expect(await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId))).toEqual([]);
    expect(await promiseRow(created.id)).toMatchObject({
      status: 'PROMISE_CONFIRMED',
      outcome: 'broken',
      paid_cents: 0,
    });
  });
});
