// Money over a week (issue 19 Tests), by a fixed clock moved day by day: a scheduled payment, autopay on the due date,
// a promise kept and one broken (one payment never counts twice), a promise paid by its own scheduled payment, an
// ACH return re-presented at most twice, and the text each outcome queues (issue 19 item 1): one per outcome, from
// the merchant's template of the matching type, sent by the send job inside the customer's hours.
import { randomUUID } from 'node:crypto';
import { addCalendarDays } from '@paydesk/domain/dates/calendar';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../src/db/schema/customers';
import { messageTemplates } from '../src/db/schema/message-templates';
import { messages, providerEvents } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { payments } from '../src/db/schema/payments';
import { paymentPromises } from '../src/db/schema/promises';
import { scheduledPayments } from '../src/db/schema/scheduled-payments';
import { representAchReturn } from '../src/modules/ach-returns/represent-ach-return';
import { runDueAutopays } from '../src/modules/autopay/run-autopay';
import { deliverMessage } from '../src/modules/messaging/deliver-message';
import { processProviderEvent } from '../src/modules/messaging/process-provider-event';
import { receiveOutboxReply } from '../src/modules/messaging/messaging.public';
import { settlePayments } from '../src/modules/payments/settle-payments';
import { confirmPromisesByReply } from '../src/modules/promises/confirm-promise';
import { settleDuePromises } from '../src/modules/promises/settle-promises';
import { runDueScheduledPayments } from '../src/modules/scheduled-payments/run-scheduled-payments';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { createPayingAccountFixture, saveMethodFixture } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';
const VISA = { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } };
const R01_BANK = { bank: { routing_number: '110000000', account_number: '000222222227', account_holder: 'Pat Doe' } };
let phoneSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const at = (when: Date) => ({ ...t.app.ctx, clock: () => when });

/** Day 0 of the week: the first day ahead whose week stays within the 28th (autopay's due date cap). */
const DAY0 = (() => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  for (let ahead = 1; ; ahead += 1) {
    const date = addCalendarDays(today, ahead);
    if (Number(date.slice(8, 10)) <= 20) return date;
  }
})();
const day = (n: number) => addCalendarDays(DAY0, n);
/** A time on day `n`, as UTC hours: 15:00Z is 10 or 11 am in New York and 9 or 10 am in Chicago. */
const on = (n: number, utc = '15:00') => new Date(`${day(n)}T${utc}:00Z`);

/** A Demo Motors account owing `amountDue`, its customer textable at a 312 (Chicago) number, with a saved method. */
async function textableAccount(options: { amountDue?: number; entry?: object } = {}) {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, {
    amountDue: options.amountDue ?? 50_000,
  });
  phoneSeq += 1;
  const phone = `+1312555${String(3000 + phoneSeq).padStart(4, '0')}`;
  await t.database.db
    .update(customers)
    .set({ sms_phone_number: phone, text_opt_in: true })
    .where(eq(customers.id, fixture.customerId));
  const methodId = await saveMethodFixture(
    t.app,
    await as(ADMIN),
    ids.demoMotors,
    fixture.customerId,
    options.entry ?? VISA,
    options.entry === R01_BANK
      ? { nickname: 'Checking', authorization: { text: 'I authorise the debit.', method: 'phone' } }
      : { nickname: 'Card' },
  );
  return { ...fixture, phone, methodId };
}
type Account = Awaited<ReturnType<typeof textableAccount>>;

async function post(url: string, payload: object, email = STAFF) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}${url}`,
    headers: { ...(await as(email)), 'idempotency-key': randomUUID() },
    payload,
  });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
}

/** The automated texts queued for the customer, as `TYPE:outcome` keys. */
async function textKeysOf(account: Account) {
  const rows = await t.database.db
    .select({ key: messages.idempotency_key })
    .from(messages)
    .where(and(eq(messages.customer_id, account.customerId), eq(messages.kind, 'automated')))
    .orderBy(messages.created);
  return rows.map((row) => row.key?.split(':')[0]);
}

async function promiseOf(id: string) {
  const [row] = await t.database.db.select().from(paymentPromises).where(eq(paymentPromises.id, id));
  return row;
}

/** Every job of the day, as the schedules run them, at `when`. */
async function runTheDay(when: Date) {
  await runDueScheduledPayments(at(when));
  await runDueAutopays(at(when));
  await settleDuePromises(at(when));
}

describe('a week of money by the clock', () => {
  it('runs each outcome on its day, once, and queues one text per outcome from the matching template', async () => {
    // Day 0: a payment scheduled for day 1; autopay on an account due day 2; two overlapping promises on one
    // account (days 3 and 4); a promise with a card for day 2, 4 pm.
    const scheduled = await textableAccount();
    await post(`/accounts/${scheduled.accountId}/scheduled_payments/`, {
      customer: scheduled.customerId,
      payment_method: scheduled.methodId,
      amount: 10_000,
      date: day(1),
    });
    const autopay = await textableAccount({ amountDue: 42_000 });
    await t.database.db
      .update(accounts)
      .set({ due_date: day(2) })
      .where(eq(accounts.id, autopay.accountId));
    const enrolled = await t.app.inject({
      method: 'PUT',
      url: `/api/merchants/${ids.demoMotors}/accounts/${autopay.accountId}/autopay/`,
      headers: await as(STAFF),
      payload: { customer: autopay.customerId, payment_method: autopay.methodId },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const promised = await textableAccount();
    const kept = await post(`/accounts/${promised.accountId}/promises/`, {
      customer: promised.customerId,
      amount: 5_000,
      scheduled_date: on(3, '17:00').toISOString(),
    });
    const broken = await post(`/accounts/${promised.accountId}/promises/`, {
      customer: promised.customerId,
      amount: 5_000,
      scheduled_date: on(4, '17:00').toISOString(),
    });
    await post(`/promises/${broken.id}/confirm/`, {});
    const withCard = await textableAccount();
    const paidByRun = await post(`/accounts/${withCard.accountId}/promises/`, {
      customer: withCard.customerId,
      amount: 7_000,
      scheduled_date: on(2, '21:00').toISOString(),
      payment_method: withCard.methodId,
    });
    expect(paidByRun.status).toBe('SCHEDULED');
    // One payment of $50.00 on the promised account: it keeps the promise due first, not both.
    await post(`/accounts/${promised.accountId}/payments/`, {
      customer: promised.customerId,
      sources: [{ payment_method: promised.methodId, amount: 5_000 }],
    });

    expect(await textKeysOf(scheduled)).toEqual(['PAYMENT_SCHEDULED']);
    expect(await textKeysOf(promised)).toEqual(['PAYMENT_PROMISE', 'PAYMENT_PROMISE', 'PAYMENT_PROMISE_CONFIRMED']);
    expect(await textKeysOf(withCard)).toEqual(['PAYMENT_PROMISE_CONFIRMED']);

    // Day 1: the scheduled payment; day 2: autopay, and the promise's card at 4 pm; days 3 and 4: the promises.
    for (let n = 0; n <= 5; n += 1) {
      await runTheDay(on(n));
      await runTheDay(on(n, '21:05'));
      await runTheDay(on(n, '22:30'));
    }

    const [ran] = await t.database.db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.account_id, scheduled.accountId));
    expect(ran).toMatchObject({ state: 'paid', scheduled_date: day(1) });
    const [scheduledPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.account_id, scheduled.accountId));
    expect(scheduledPayment).toMatchObject({ origin: 'scheduled', amount_cents: 10_000, created: on(1) });
    const autopaid = await t.database.db.select().from(payments).where(eq(payments.account_id, autopay.accountId));
    expect(autopaid).toMatchObject([{ origin: 'autopay', amount_cents: 42_000, convenience_fee_cents: 0 }]);
    expect(autopaid[0]?.created).toEqual(on(2));
    expect(await promiseOf(kept.id)).toMatchObject({ outcome: 'kept', paid_cents: 5_000, resolved_at: on(3, '21:05') });
    expect(await promiseOf(broken.id)).toMatchObject({
      status: 'PROMISE_CONFIRMED',
      outcome: 'broken',
      paid_cents: 0,
      resolved_at: on(4, '21:05'),
    });
    expect(await promiseOf(paidByRun.id)).toMatchObject({ outcome: 'kept', paid_cents: 7_000 });
    const cardPayments = await t.database.db.select().from(payments).where(eq(payments.account_id, withCard.accountId));
    expect(cardPayments).toMatchObject([{ origin: 'scheduled', amount_cents: 7_000, status: 'PAID' }]);

    expect(await textKeysOf(scheduled)).toEqual(['PAYMENT_SCHEDULED', 'THANKS']);
    expect(await textKeysOf(autopay)).toEqual(['AUTOPAY_MERCHANT', 'THANKS']);
    expect(await textKeysOf(withCard)).toEqual(['PAYMENT_PROMISE_CONFIRMED', 'THANKS']);

    // A worker killed after the scheduled payment was charged, before its outcome was written: the claim is taken
    // again after its lease, the key finds the payment, and the customer still gets one THANKS.
    await t.database.db
      .update(scheduledPayments)
      .set({ state: 'processing', claimed_at: on(1) })
      .where(eq(scheduledPayments.id, ran!.id));
    await runDueScheduledPayments(at(on(1, '15:11')));
    expect(await t.database.db.$count(payments, eq(payments.account_id, scheduled.accountId))).toBe(1);
    expect(await textKeysOf(scheduled)).toEqual(['PAYMENT_SCHEDULED', 'THANKS']);

    // The send job sends inside the customer's hours (Chicago, from the 312 number) and holds what falls outside.
    const [thanks] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.idempotency_key, `THANKS:scheduled_payment:${ran!.id}`));
    expect(thanks?.body).toMatch(/^Thank you Fixture! We received your payment of \$100\.00 on/);
    await deliverMessage(at(on(2, '04:00')), thanks!.id);
    const [held] = await t.database.db.select().from(messages).where(eq(messages.id, thanks!.id));
    expect(held).toMatchObject({ status: 'queued' });
    expect(held?.send_after?.getTime()).toBeGreaterThan(on(2, '04:00').getTime());
    await deliverMessage(at(on(2, '16:00')), thanks!.id);
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, scheduled.phone)));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe(thanks?.body);
  });

  it('texts autopay set up, a failed run and autopay turned off, and records no text when the template has no body', async () => {
    const declining = await textableAccount({
      entry: { card: { number: '4000000000009995', exp_month: 12, exp_year: 2030, cvc: '123' } },
    });
    await t.database.db
      .update(accounts)
      .set({ due_date: day(1) })
      .where(eq(accounts.id, declining.accountId));
    const url = `/api/merchants/${ids.demoMotors}/accounts/${declining.accountId}/autopay/`;
    const payload = { customer: declining.customerId, payment_method: declining.methodId };
    expect((await t.app.inject({ method: 'PUT', url, headers: await as(STAFF), payload })).statusCode).toBe(200);
    await runTheDay(on(1));
    await runTheDay(on(1, '16:00'));
    const [failedText] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.idempotency_key, `PAYMENT_FAILED:autopay:${declining.accountId}:${day(1)}`));
    expect(failedText?.body).toMatch(/did not go through\. \$500\.00 is due\. Pay here: http.*\/pay\//);

    await t.app.inject({ method: 'DELETE', url: `${url}?by=customer`, headers: await as(STAFF) });
    await t.app.inject({ method: 'PUT', url, headers: await as(STAFF), payload });
    // The merchant emptied the text of AUTOPAY_DISABLED_MERCHANT: no text, and the history says why.
    await t.database.db
      .update(messageTemplates)
      .set({ message_bodies: [] })
      .where(
        and(eq(messageTemplates.merchant_id, ids.demoMotors), eq(messageTemplates.type, 'AUTOPAY_DISABLED_MERCHANT')),
      );
    await t.app.inject({ method: 'DELETE', url, headers: await as(STAFF) });
    // (The failed run's text is dated by the run's clock, days ahead of the others.)
    expect((await textKeysOf(declining)).sort()).toEqual([
      'AUTOPAY_DISABLED',
      'AUTOPAY_MERCHANT',
      'AUTOPAY_MERCHANT',
      'PAYMENT_FAILED',
    ]);
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${declining.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('message.not_sent');
    expect(history.body).toContain(
      'The merchant has no active Autopay Disabled By Merchant template with a text body.',
    );
  });

  it('confirms an unconfirmed promise when the customer replies YES', async () => {
    const account = await textableAccount();
    const promise = await post(`/accounts/${account.accountId}/promises/`, {
      customer: account.customerId,
      amount: 5_000,
      scheduled_date: on(3, '17:00').toISOString(),
    });
    const sid = await receiveOutboxReply(t.app.ctx, { from: account.phone, body: 'Yes' });
    const [event] = await t.database.db.select().from(providerEvents).where(eq(providerEvents.event_id, sid));
    await processProviderEvent(t.app.ctx, { createPaymentLink: null, confirmPromisesByReply }, event!.id);
    expect(await promiseOf(promise.id)).toMatchObject({ status: 'PROMISE_CONFIRMED', confirmed_by: null });
    expect(await textKeysOf(account)).toEqual(['PAYMENT_PROMISE', 'PAYMENT_PROMISE_CONFIRMED']);
  });

  it('re-presents an R01 return at most twice, each on a later day', async () => {
    const account = await textableAccount({ entry: R01_BANK });
    const user = { id: await userIdOf(t.database.db, STAFF), accessRoles: ['staff'] };
    const first = await post(`/accounts/${account.accountId}/payments/`, {
      customer: account.customerId,
      sources: [{ payment_method: account.methodId, amount: 8_000 }],
    });
    expect(first.status).toBe('PENDING');
    const settle = async () => {
      await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 30 });
      await settlePayments(t.app.ctx);
    };
    await settle();
    const chain = [first.id as string];
    for (const n of [2, 4]) {
      const again = await representAchReturn(at(on(n)), {
        merchantId: ids.demoMotors,
        user,
        paymentId: chain.at(-1)!,
      });
      expect(again).toMatchObject({ amount: 8_000, status: 'PENDING' });
      chain.push(again.id);
      await settle();
    }
    const statuses = await t.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(inArray(payments.id, chain));
    expect(statuses.map((row) => row.status)).toEqual(['RETURNED', 'RETURNED', 'RETURNED']);
    await expect(
      representAchReturn(at(on(6)), { merchantId: ids.demoMotors, user, paymentId: chain.at(-1)! }),
    ).rejects.toMatchObject({ code: 'ach_return.attempts_used' });
    const [owing] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.accountId));
    expect(owing?.amount_due_cents).toBe(50_000);
  });
});
