import { randomUUID } from 'node:crypto';
import { addCalendarDays, toCalendarDate } from '@paydesk/domain/dates/calendar';
import { DATE_INVALID } from '@paydesk/domain/validation/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { payments } from '../src/db/schema/payments';
import { scheduledPayments } from '../src/db/schema/scheduled-payments';
import { runDueScheduledPayments } from '../src/modules/scheduled-payments/run-scheduled-payments';
import { buildTestApp, type TestApp } from './helpers';
import {
  createCustomRole,
  createPayingAccountFixture,
  createUser,
  saveMethodFixture,
  type CustomerFixture,
} from './factories';
import { bearer, seedDemo, sessionsFor, signIn, type DemoIds } from './identity';

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

/** A Demo Motors account owing `amountDue` with a saved card of `number`, and card and ACH merchant accounts. */
async function accountWithCard(amountDue = 50_000, number = '4242424242424242') {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue });
  const card = { card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } };
  return {
    ...fixture,
    methodId: await saveMethodFixture(t.app, await as(ADMIN), ids.demoMotors, fixture.customerId, card, {
      nickname: 'Visa',
    }),
  };
}

// Days as the merchant counts them (Demo Motors is in New York): between midnight UTC and midnight in New York the
// UTC date is already tomorrow there.
const dayAfter = (days: number) => addCalendarDays(toCalendarDate(new Date(), 'America/New_York'), days);

async function schedule(
  fixture: CustomerFixture & { methodId: string },
  body: Partial<{ amount: number; date: string; payment_method: string; customer: string }> = {},
  options: { email?: string; merchantId?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${options.merchantId ?? ids.demoMotors}/accounts/${fixture.accountId}/scheduled_payments/`,
    headers: { ...(options.headers ?? (await as(options.email ?? ADMIN))), 'idempotency-key': randomUUID() },
    payload: {
      customer: fixture.customerId,
      payment_method: fixture.methodId,
      amount: 10_000,
      date: dayAfter(3),
      ...body,
    },
  });
}

const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });

async function amountDueOf(accountId: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row?.amount_due_cents;
}

describe('scheduling a payment', () => {
  it('schedules one for a later day at the run hour in the merchant time zone, lists and cancels it', async () => {
    const fixture = await accountWithCard();
    const date = dayAfter(5);
    const created = await schedule(fixture, { date, amount: 12_500 });
    expect(created.statusCode, created.body).toBe(201);
    const scheduled = created.json();
    expect(scheduled).toMatchObject({
      state: 'scheduled',
      amount: 12_500,
      date,
      payment_method_label: 'Visa XXXX4242',
      payment: null,
      created_by_name: expect.any(String),
    });
    // Demo Motors is in America/New_York: 09:00 there is 13:00 or 14:00 UTC.
    expect(new Date(scheduled.run_at).getUTCHours()).toBeGreaterThanOrEqual(13);
    expect(new Date(scheduled.run_at).toISOString().slice(0, 10)).toBe(date);

    const listUrl = `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/scheduled_payments/`;
    const list = await t.app.inject({ url: listUrl, headers: await as(STAFF) });
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: scheduled.id }] });

    const cancelUrl = `/api/merchants/${ids.demoMotors}/cancel_scheduled_payment/`;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: cancelUrl,
      headers: await as(STAFF),
      payload: { payment: scheduled.id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelled_by_name: expect.any(String) });
    const again = await t.app.inject({
      method: 'POST',
      url: cancelUrl,
      headers: await as(STAFF),
      payload: { payment: scheduled.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('scheduled_payment.not_cancellable');

    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('scheduled_payment.created');
    expect(history.body).toContain('scheduled_payment.cancelled');
  });

  it('refuses today, a past or far day, $0.99, more than is owed, a bad date and a method of another customer', async () => {
    const fixture = await accountWithCard(20_000);
    const other = await accountWithCard();
    expect((await schedule(fixture, { date: dayAfter(0) })).json()).toEqual({ date: ['Choose a day after today.'] });
    expect((await schedule(fixture, { date: dayAfter(-3) })).statusCode).toBe(400);
    expect((await schedule(fixture, { date: dayAfter(400) })).json()).toEqual({
      date: ['Choose a day within a year from today.'],
    });
    expect((await schedule(fixture, { date: '2026-02-30' })).json()).toEqual({ date: [DATE_INVALID] });
    expect((await schedule(fixture, { amount: 99 })).json().code).toBe('payment.minimum');
    expect((await schedule(fixture, { amount: 20_001 })).json().code).toBe('payment.exceeds_amount_due');
    expect((await schedule(fixture, { payment_method: other.methodId })).statusCode).toBe(404);
    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, fixture.accountId));
    expect((await schedule(fixture)).json().code).toBe('account.inactive');
  });

  it("is 404 for another merchant's account or scheduled payment, 403 for a custom role over its limit, 401 without a session", async () => {
    const fixture = await accountWithCard();
    expect((await schedule(fixture, {}, { merchantId: ids.customRolesAuto })).statusCode).toBe(404);
    const mine = (await schedule(fixture)).json();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.customRolesAuto}/cancel_scheduled_payment/`,
      headers: await as(ADMIN),
      payload: { payment: mine.id },
    });
    expect(elsewhere.statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/merchants/${ids.customRolesAuto}/accounts/${fixture.accountId}/scheduled_payments/`,
      headers: await as(ADMIN),
    });
    expect(list.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/scheduled_payments/`,
        })
      ).statusCode,
    ).toBe(401);

    const roleId = await createCustomRole(t.database.db, ids.demoMotors, []);
    await t.database.db.execute(sql`update custom_roles set max_merchant_payment_amount = 5000 where id = ${roleId}`);
    await t.database.db.execute(sql`update merchants set check_custom_roles = true where id = ${ids.demoMotors}`);
    try {
      const user = await createUser(t.database.db, ids.demoMotors, { role: 'custom', customRoleId: roleId });
      const headers = bearer((await signIn(t.app, user.email)).access);
      expect((await schedule(fixture, { amount: 6_000 }, { headers })).json().code).toBe('payment_amount.too_large');
    } finally {
      await t.database.db.execute(sql`update merchants set check_custom_roles = false where id = ${ids.demoMotors}`);
    }
  });
});

describe('the scheduled run', () => {
  it('charges each due payment once on its day, even when two runs overlap, and leaves later ones alone', async () => {
    const fixture = await accountWithCard(50_000);
    const due = (await schedule(fixture, { date: dayAfter(2), amount: 10_000 })).json();
    const later = (await schedule(fixture, { date: dayAfter(9), amount: 5_000 })).json();
    const onTheDay = new Date(new Date(due.run_at).getTime() + 60_000);

    await Promise.all([runDueScheduledPayments(at(onTheDay)), runDueScheduledPayments(at(onTheDay))]);

    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, due.id));
    expect(row).toMatchObject({ state: 'paid' });
    const taken = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      origin: 'scheduled',
      amount_cents: 10_000,
      idempotency_key: `scheduled:${due.id}`,
    });
    expect(await amountDueOf(fixture.accountId)).toBe(40_000);
    const [untouched] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, later.id));
    expect(untouched?.state).toBe('scheduled');
  });

  it('takes a claim again after its lease without charging twice (a run that died mid-way)', async () => {
    const fixture = await accountWithCard(50_000);
    const due = (await schedule(fixture, { date: dayAfter(2), amount: 7_000 })).json();
    const onTheDay = new Date(new Date(due.run_at).getTime() + 60_000);
    await runDueScheduledPayments(at(onTheDay));
    // As if the process died after charging, before recording: the row is still claimed.
    await t.database.db
      .update(scheduledPayments)
      .set({ state: 'processing', payment_id: null, claimed_at: onTheDay })
      .where(eq(scheduledPayments.id, due.id));
    await runDueScheduledPayments(at(new Date(onTheDay.getTime() + 5 * 60_000)));
    expect(
      (await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, due.id)))[0]?.state,
    ).toBe('processing');
    await runDueScheduledPayments(at(new Date(onTheDay.getTime() + 11 * 60_000)));
    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, due.id));
    expect(row?.state).toBe('paid');
    expect(await t.database.db.$count(payments, eq(payments.account_id, fixture.accountId))).toBe(1);
    expect(await amountDueOf(fixture.accountId)).toBe(43_000);
  });

  it('takes what is owed when less, skips a paid-up account, and records a decline in words', async () => {
    const fixture = await accountWithCard(50_000);
    const partly = (await schedule(fixture, { date: dayAfter(2), amount: 30_000 })).json();
    await t.database.db.execute(sql`
      with entry as (insert into ledger_entries (merchant_id, account_id, kind, amount_cents, actor_name)
                     values (${ids.demoMotors}, ${fixture.accountId}, 'adjustment', -30000, 'Test'))
      update accounts set amount_due_cents = 20000 where id = ${fixture.accountId}`);
    const onTheDay = new Date(new Date(partly.run_at).getTime() + 60_000);
    await runDueScheduledPayments(at(onTheDay));
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(paid?.amount_cents).toBe(20_000);

    const paidUp = (await schedule(await accountWithCard(10_000), { date: dayAfter(2), amount: 10_000 })).json();
    await t.database.db.execute(sql`
      with entry as (insert into ledger_entries (merchant_id, account_id, kind, amount_cents, actor_name)
                     values (${ids.demoMotors}, ${paidUp.account}, 'adjustment', -10000, 'Test'))
      update accounts set amount_due_cents = 0 where id = ${paidUp.account}`);
    await runDueScheduledPayments(at(onTheDay));
    const [skipped] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, paidUp.id));
    expect(skipped).toMatchObject({ state: 'skipped', failure_message: 'Nothing was due on the account.' });

    const declining = await accountWithCard(50_000, '4000000000009995');
    const failed = (await schedule(declining, { date: dayAfter(2), amount: 5_000 })).json();
    await runDueScheduledPayments(at(onTheDay));
    const [row] = await t.database.db.select().from(scheduledPayments).where(eq(scheduledPayments.id, failed.id));
    expect(row?.state).toBe('failed');
    expect(row?.failure_message).toMatch(/insufficient funds/i);
    expect(await amountDueOf(declining.accountId)).toBe(50_000);
  });
});
