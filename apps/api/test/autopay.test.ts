import { randomUUID } from 'node:crypto';
import { AUTOPAY_AUTHORIZATION_REQUIRED } from '@paydesk/domain/autopay/autopay.contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayEnrollments } from '../src/db/schema/autopay';
import { accounts } from '../src/db/schema/customers';
import { ledgerEntries, payments } from '../src/db/schema/payments';
import { scheduledPayments } from '../src/db/schema/scheduled-payments';
import { runDueAutopays } from '../src/modules/autopay/run-autopay';
import { runDueScheduledPayments } from '../src/modules/scheduled-payments/run-scheduled-payments';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, saveMethodFixture, type CustomerFixture } from './factories';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const dayAfter = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** The first day at least `days` ahead whose day of the month is at most the 28th (the autopay cap). */
function dueDayAfter(days: number): string {
  for (let ahead = days; ; ahead += 1) {
    const date = dayAfter(ahead);
    if (Number(date.slice(8, 10)) <= 28) return date;
  }
}
const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });

async function saveMethod(customerId: string, entry: object, options: { nickname?: string; authorization?: object }) {
  return saveMethodFixture(t.app, await as(ADMIN), ids.demoMotors, customerId, entry, options);
}

const card = (number = '4242424242424242') => ({ card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });

/** A Demo Motors account owing `amountDue` by `dueDate`, with a $3.00 fee, a saved card and card/bank accounts. */
async function accountWithCard(options: { amountDue?: number; dueDate?: string | null; number?: string } = {}) {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, {
    amountDue: options.amountDue ?? 50_000,
    fee: 300,
  });
  await t.database.db
    .update(accounts)
    .set({ due_date: options.dueDate === undefined ? dueDayAfter(3) : options.dueDate })
    .where(eq(accounts.id, fixture.accountId));
  const methodId = await saveMethod(fixture.customerId, card(options.number), { nickname: 'Visa' });
  return { ...fixture, methodId };
}

type Fixture = CustomerFixture & { methodId: string };

const urlOf = (fixture: Fixture, merchantId = ids.demoMotors) =>
  `/api/merchants/${merchantId}/accounts/${fixture.accountId}/autopay/`;

async function enrol(
  fixture: Fixture,
  body: Partial<{ customer: string; payment_method: string; authorization: object }> = {},
  options: { email?: string; merchantId?: string } = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: urlOf(fixture, options.merchantId),
    headers: await as(options.email ?? STAFF),
    payload: { customer: fixture.customerId, payment_method: fixture.methodId, ...body },
  });
}

async function enrolmentOf(accountId: string) {
  const [row] = await t.database.db
    .select()
    .from(autopayEnrollments)
    .where(and(eq(autopayEnrollments.account_id, accountId), eq(autopayEnrollments.active, true)));
  return row;
}

describe('enrolling in autopay', () => {
  it('enrols a customer with a saved card on the due day, shows it, and records who turned it off', async () => {
    const fixture = await accountWithCard({ dueDate: '2099-03-15' });
    const enrolled = await enrol(fixture);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({
      enabled: true,
      customer: fixture.customerId,
      payment_method: fixture.methodId,
      payment_method_label: 'Visa XXXX4242',
      due_date: '2099-03-15',
      day: 15,
      authorization: null,
      disabled_by: null,
      last_run: null,
    });
    const read = await t.app.inject({ url: urlOf(fixture), headers: await as(STAFF) });
    expect(read.json()).toEqual(enrolled.json());
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, fixture.accountId));
    expect(account?.autopay).toBe(true);

    // The same customer again: the method changes, still one enrolment.
    const other = await saveMethod(fixture.customerId, card('5555555555554444'), { nickname: 'MC' });
    expect((await enrol(fixture, { payment_method: other })).json()).toMatchObject({ payment_method: other });
    expect(await t.database.db.$count(autopayEnrollments, eq(autopayEnrollments.account_id, fixture.accountId))).toBe(
      1,
    );

    const byCustomer = await t.app.inject({
      method: 'DELETE',
      url: `${urlOf(fixture)}?by=customer`,
      headers: await as(STAFF),
    });
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect(byCustomer.json()).toMatchObject({
      enabled: false,
      disabled_by: 'customer',
      disabled_at: expect.any(String),
    });
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, fixture.accountId));
    expect(after?.autopay).toBe(false);

    await enrol(fixture);
    const byMerchant = await t.app.inject({ method: 'DELETE', url: urlOf(fixture), headers: await as(STAFF) });
    expect(byMerchant.json()).toMatchObject({ enabled: false, disabled_by: 'merchant' });
    const badBy = await t.app.inject({
      method: 'DELETE',
      url: `${urlOf(fixture)}?by=someone`,
      headers: await as(STAFF),
    });
    expect(badBy.statusCode).toBe(400);

    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    for (const kind of [
      'autopay.enabled',
      'autopay.method_changed',
      'autopay.disabled',
      'autopay.disabled_by_merchant',
    ]) {
      expect(history.body).toContain(kind);
    }
  });

  it('stores a bank account’s recurring-debit authorisation, and refuses a bank account without one', async () => {
    const fixture = await accountWithCard({ dueDate: '2099-03-10' });
    const bank = { bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'Pat Doe' } };
    const bankId = await saveMethod(fixture.customerId, bank, {
      nickname: 'Checking',
      authorization: { text: 'I authorize Demo Motors to debit my account.', method: 'phone' },
    });
    const refused = await enrol(fixture, { payment_method: bankId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ authorization: [AUTOPAY_AUTHORIZATION_REQUIRED] });
    const enrolled = await enrol(fixture, { payment_method: bankId, authorization: { method: 'phone' } });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().authorization).toMatchObject({
      terms: expect.stringContaining('Demo Motors'),
      amount_rule: 'The amount due on the account on its due date.',
      start: expect.any(String),
      frequency: 'Monthly, on day 10 of each month (the due date).',
      revocation: expect.stringContaining('revoke'),
      method: 'phone',
      authorized_at: expect.any(String),
    });
  });

  it('refuses a method not the customer’s, a due date after the 28th, a second customer, an inactive account', async () => {
    const fixture = await accountWithCard({ dueDate: '2099-03-29' });
    const other = await accountWithCard();
    const notTheirs = await enrol(fixture, { payment_method: other.methodId });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toMatchObject({
      code: 'payment_method.not_found',
      detail: 'Invalid payment method specified for autopay.',
    });
    const capped = await enrol(fixture);
    expect(capped.statusCode).toBe(400);
    expect(capped.json()).toMatchObject({
      code: 'account.due_date.autopay_cap',
      detail: 'Due date with Autopay must not exceed the 28th.',
    });

    await t.database.db.update(accounts).set({ due_date: '2099-03-28' }).where(eq(accounts.id, fixture.accountId));
    expect((await enrol(fixture)).statusCode).toBe(200);
    const coBorrowerMethod = await saveMethod(fixture.coBorrowerId, card(), { nickname: 'Co' });
    const second = await enrol(fixture, { customer: fixture.coBorrowerId, payment_method: coBorrowerMethod });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'autopay.already_configured',
      detail: 'Autopay is already setup by another customer.',
    });

    const inactive = await accountWithCard();
    await t.database.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, inactive.accountId));
    expect((await enrol(inactive)).json().code).toBe('account.inactive');
    expect((await enrol(inactive, { customer: randomUUID() })).statusCode).toBe(404);
    expect((await enrol(inactive, { payment_method: 'nope' })).statusCode).toBe(400);
  });

  it("is 404 for another merchant's account and 401 without a session", async () => {
    const fixture = await accountWithCard();
    expect((await enrol(fixture, {}, { merchantId: ids.customRolesAuto, email: ADMIN })).statusCode).toBe(404);
    const elsewhere = urlOf(fixture, ids.customRolesAuto);
    expect((await t.app.inject({ url: elsewhere, headers: await as(ADMIN) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: elsewhere, headers: await as(ADMIN) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: urlOf(fixture) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: urlOf(fixture), payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: urlOf(fixture) })).statusCode).toBe(401);
  });
});

describe('the autopay run', () => {
  /** 10:00 in New York on the day (Demo Motors' time zone): after the run hour, whatever the offset. */
  const onTheDay = (date: string) => new Date(`${date}T15:00:00Z`);

  it('charges the amount due on the due date without a convenience fee, once, even when two runs overlap', async () => {
    const due = dueDayAfter(3);
    const fixture = await accountWithCard({ amountDue: 42_000, dueDate: due });
    expect((await enrol(fixture)).statusCode).toBe(200);

    await runDueAutopays(at(new Date(`${due}T12:00:00Z`)));
    expect(await t.database.db.$count(payments, eq(payments.account_id, fixture.accountId))).toBe(0);

    await Promise.all([runDueAutopays(at(onTheDay(due))), runDueAutopays(at(onTheDay(due)))]);
    const taken = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      origin: 'autopay',
      status: 'PAID',
      amount_cents: 42_000,
      convenience_fee_cents: 0,
      fee_waived: false,
      idempotency_key: `autopay:${fixture.accountId}:${due}`,
    });
    expect(
      await t.database.db.$count(
        ledgerEntries,
        and(eq(ledgerEntries.account_id, fixture.accountId), eq(ledgerEntries.kind, 'fee_waiver')),
      ),
    ).toBe(0);
    expect(await enrolmentOf(fixture.accountId)).toMatchObject({
      last_due_date: due,
      last_state: 'paid',
      last_payment_id: taken[0]?.id,
      claimed_at: null,
    });
    // A later run the same day, with the account owing again, leaves that due date alone.
    await t.database.db.update(accounts).set({ amount_due_cents: 1_000 }).where(eq(accounts.id, fixture.accountId));
    await runDueAutopays(at(new Date(onTheDay(due).getTime() + 60 * 60_000)));
    expect(await t.database.db.$count(payments, eq(payments.account_id, fixture.accountId))).toBe(1);
    const read = await t.app.inject({ url: urlOf(fixture), headers: await as(STAFF) });
    expect(read.json().last_run).toMatchObject({ due_date: due, state: 'paid', payment: taken[0]?.id });
  });

  it('takes what is due once when a scheduled payment on the account runs at the same time, and fails neither', async () => {
    for (const round of [0, 1, 2]) {
      const due = dueDayAfter(5 + round);
      const fixture = await accountWithCard({ amountDue: 50_000, dueDate: due });
      expect((await enrol(fixture)).statusCode).toBe(200);
      const scheduled = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/scheduled_payments/`,
        headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
        payload: { customer: fixture.customerId, payment_method: fixture.methodId, amount: 10_000, date: due },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);

      await Promise.all([runDueAutopays(at(onTheDay(due))), runDueScheduledPayments(at(onTheDay(due)))]);
      const taken = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
      expect(taken.map((payment) => payment.status)).not.toContain('FAILED');
      const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, fixture.accountId));
      expect(account?.amount_due_cents).toBe(0);
      // Whichever went second took what was left, or skipped with the reason: no failure, no PAYMENT_FAILED text.
      const enrolment = await enrolmentOf(fixture.accountId);
      expect(['paid', 'skipped']).toContain(enrolment?.last_state);
      const [run] = await t.database.db
        .select()
        .from(scheduledPayments)
        .where(eq(scheduledPayments.id, scheduled.json().id));
      expect(['paid', 'skipped']).toContain(run?.state);
      for (const reason of [enrolment?.last_failure_message, run?.failure_message]) {
        expect(reason ?? 'Nothing was due on the account.').toMatch(/^Nothing was due on the account\.$|being taken/);
      }
    }
  });

  it('charges nothing when an edit of the account switched its autopay flag off', async () => {
    const due = dueDayAfter(3);
    const fixture = await accountWithCard({ amountDue: 42_000, dueDate: due });
    expect((await enrol(fixture)).statusCode).toBe(200);
    await t.database.db.update(accounts).set({ autopay: false }).where(eq(accounts.id, fixture.accountId));
    await runDueAutopays(at(onTheDay(due)));
    expect(await t.database.db.$count(payments, eq(payments.account_id, fixture.accountId))).toBe(0);
  });

  it('takes a claim again after its lease without charging twice (a worker killed mid-run)', async () => {
    const due = dueDayAfter(4);
    const fixture = await accountWithCard({ amountDue: 30_000, dueDate: due });
    await enrol(fixture);
    const start = onTheDay(due);
    await runDueAutopays(at(start));
    // As if the worker died after charging, before recording: the enrolment is still claimed for that due date.
    await t.database.db
      .update(autopayEnrollments)
      .set({ claimed_at: start, claimed_due_date: due, last_due_date: null, last_state: null, last_payment_id: null })
      .where(eq(autopayEnrollments.account_id, fixture.accountId));
    await runDueAutopays(at(new Date(start.getTime() + 5 * 60_000)));
    expect((await enrolmentOf(fixture.accountId))?.last_state).toBeNull();
    await runDueAutopays(at(new Date(start.getTime() + 11 * 60_000)));
    const taken = await t.database.db.select().from(payments).where(eq(payments.account_id, fixture.accountId));
    expect(taken).toHaveLength(1);
    expect(await enrolmentOf(fixture.accountId)).toMatchObject({
      last_state: 'paid',
      last_payment_id: taken[0]?.id,
      claimed_at: null,
    });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, fixture.accountId));
    expect(account?.amount_due_cents).toBe(0);
  });

  it('skips a paid-up account, records a decline in words, and charges nothing once turned off', async () => {
    const due = dueDayAfter(2);
    const paidUp = await accountWithCard({ amountDue: 0, dueDate: due });
    const enrolled = await enrol(paidUp);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const declining = await accountWithCard({ dueDate: due, number: '4000000000009995' });
    await enrol(declining);
    const off = await accountWithCard({ dueDate: due });
    await enrol(off);
    await t.app.inject({ method: 'DELETE', url: urlOf(off), headers: await as(STAFF) });

    await runDueAutopays(at(onTheDay(due)));
    const [skipped] = await t.database.db
      .select()
      .from(autopayEnrollments)
      .where(eq(autopayEnrollments.account_id, paidUp.accountId));
    expect(skipped).toMatchObject({ last_state: 'skipped', last_failure_message: 'Nothing was due on the account.' });
    const failed = await enrolmentOf(declining.accountId);
    expect(failed?.last_state).toBe('failed');
    expect(failed?.last_failure_message).toMatch(/insufficient funds/i);
    expect(await t.database.db.$count(payments, eq(payments.account_id, off.accountId))).toBe(0);
  });
});
