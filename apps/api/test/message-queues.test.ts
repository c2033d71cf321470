import { randomUUID } from 'node:crypto';
import { OUTBOX_INVALID_NUMBER, OUTBOX_UNREACHABLE_NUMBER } from '@paydesk/domain/messaging/outbox-numbers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SENDING_NUMBERS } from '../src/db/demo/messaging';
import { customers } from '../src/db/schema/customers';
import { badNumbers, messages } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { refreshCustomerSearch } from '../src/modules/customers/customers.public';
import { createCustomerFixture, createMissedMessageFixture, signInCustomRoleUser } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { bearer, seedDemo, signIn, type DemoIds } from './identity';

// The dashboard's message queues (issue 21 item 10) on the embedded outbox: customers' unread replies, posted
// through the outbox's inbound path, and missed texts with their resend and dismiss.

let t: TestApp;
let ids: DemoIds;
let staff: Record<string, string>;
let superUser: Record<string, string>;
let legacy: Record<string, string>;
let phoneSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  staff = bearer((await signIn(t.app, 'staff@demo.test')).access);
  superUser = bearer((await signIn(t.app, 'super@demo.test')).access);
  legacy = bearer((await signIn(t.app, 'legacy@demo.test')).access);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, headers: Record<string, string> = staff, merchantId = ids.demoMotors) =>
  t.app.inject({ method: 'GET', url: `/api/merchants/${merchantId}${url}`, headers });
const post = (url: string, headers: Record<string, string> = staff, merchantId = ids.demoMotors) =>
  t.app.inject({ method: 'POST', url: `/api/merchants/${merchantId}${url}`, headers });
const resend = (messageId: string, key = randomUUID(), headers: Record<string, string> = staff) =>
  post(`/missed_messages/${messageId}/resend/`, { ...headers, 'idempotency-key': key });
const dismiss = (messageId: string, headers: Record<string, string> = staff) =>
  post(`/missed_messages/${messageId}/dismiss/`, headers);

async function drain() {
  const result = await t.app.jobs.drain();
  expect(result.failed).toEqual([]);
}

/** A Demo Motors customer with a phone, opted in to texts. */
async function textableCustomer(phone?: string) {
  const fixture = await createCustomerFixture(db(), ids.demoMotors);
  phoneSeq += 1;
  const number = phone ?? `+1617555${String(4000 + phoneSeq).padStart(4, '0')}`;
  await db()
    .update(customers)
    .set({ sms_phone_number: number, text_opt_in: true })
    .where(eq(customers.id, fixture.customerId));
  await refreshCustomerSearch(db(), [fixture.customerId]);
  return { ...fixture, phone: number };
}

/** The customer's reply, through the outbox's inbound path (as a provider's webhook), processed. */
async function reply(from: string, body: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dev/outbox/inbound/',
    headers: superUser,
    payload: { from, to: DEMO_SENDING_NUMBERS.demoMotors, body },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  await drain();
}

type Reply = { customer_id: string; messages: Array<{ body: string }>; unread_messages: number };
type Missed = { id: string; error_code: string | null; reason: string; resendable: boolean; resend_of: string | null };

async function replies(): Promise<Reply[]> {
  const response = await get('/customer_replies/?page_size=1000');
  expect(response.statusCode).toBe(200);
  return response.json().results;
}
async function missed(): Promise<Missed[]> {
  const response = await get('/missed_messages/?page_size=1000');
  expect(response.statusCode).toBe(200);
  return response.json().results;
}
const messagesOf = (customerId: string) =>
  db().select().from(messages).where(eq(messages.customer_id, customerId)).orderBy(messages.created);

describe('GET customer_replies', () => {
  it('lists conversations with unread replies, the one waiting longest first, until marked read', async () => {
    const first = await textableCustomer();
    const second = await textableCustomer();
    await reply(first.phone, 'When is my payment due?');
    await reply(second.phone, 'I paid yesterday');
    await reply(first.phone, 'Hello?');

    const listed = (await replies()).filter((row) => [first.customerId, second.customerId].includes(row.customer_id));
    expect(listed.map((row) => row.customer_id)).toEqual([first.customerId, second.customerId]);
    expect(listed[0]).toMatchObject({
      first_name: 'Fixture',
      phone_number: first.phone,
      unread_messages: 2,
      external_id: expect.any(String),
      messages: [{ body: 'Hello?' }, { body: 'When is my payment due?' }],
    });
    const page = await get('/customer_replies/?page_size=1');
    expect(page.json()).toMatchObject({ next: expect.stringContaining('page=2'), results: [expect.any(Object)] });

    const read = await post(`/inbox/${first.customerId}/read/`);
    expect(read.statusCode).toBe(200);
    expect((await replies()).map((row) => row.customer_id)).not.toContain(first.customerId);

    // A new reply puts it back, with only that reply unread, behind the conversation waiting longer.
    await reply(first.phone, 'Still there?');
    const again = (await replies()).filter((row) => [first.customerId, second.customerId].includes(row.customer_id));
    expect(again.map((row) => row.customer_id)).toEqual([second.customerId, first.customerId]);
    expect(again[1]).toMatchObject({ unread_messages: 1, messages: [{ body: 'Still there?' }] });
  });

  it('reads only through the message the user saw: a reply arriving after it stays unread', async () => {
    const customer = await textableCustomer();
    const other = await textableCustomer();
    await reply(customer.phone, 'Can I pay Friday?');
    await reply(customer.phone, 'Or Monday?');
    await reply(other.phone, 'Not mine');
    const [, seen] = await messagesOf(customer.customerId);
    // The reply arrives after the page showed "Or Monday?", before the page marks the conversation read.
    await reply(customer.phone, 'Hello??');
    const markRead = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/inbox/${customer.customerId}/read/`,
        headers: staff,
        payload: body,
      });

    const read = await markRead({ through_message: seen?.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ customer_id: customer.customerId, unread_messages: 1 });
    const waiting = (await replies()).find((row) => row.customer_id === customer.customerId);
    expect(waiting).toMatchObject({ unread_messages: 1, messages: [{ body: 'Hello??' }] });

    // An older message seen (a stale page) leaves nothing read unread again.
    const [oldest] = await messagesOf(customer.customerId);
    expect((await markRead({ through_message: oldest?.id })).json().unread_messages).toBe(1);
    // Another conversation's message or not an id: 400; nothing read.
    const [theirs] = await messagesOf(other.customerId);
    expect((await markRead({ through_message: theirs?.id })).json()).toEqual({
      through_message: ['Not a message of this conversation'],
    });
    expect((await markRead({ through_message: 'nope' })).statusCode).toBe(400);
    expect((await markRead({ through: seen?.id })).statusCode).toBe(400);

    // Seeing the newest reads it all; without a body (older clients) everything is read too.
    const newest = (await messagesOf(customer.customerId)).at(-1);
    expect((await markRead({ through_message: newest?.id })).json().unread_messages).toBe(0);
    expect((await replies()).map((row) => row.customer_id)).not.toContain(customer.customerId);
    await reply(customer.phone, 'Anyone?');
    expect((await post(`/inbox/${customer.customerId}/read/`)).json().unread_messages).toBe(0);
  });

  it("leaves out other merchants' conversations; 400 for a bad page, 401 without a token, 404 for another organisation", async () => {
    const fixture = await createCustomerFixture(db(), ids.customRolesAuto);
    await db()
      .update(customers)
      .set({ sms_phone_number: '+16175559876', text_opt_in: true })
      .where(eq(customers.id, fixture.customerId));
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/dev/outbox/inbound/',
      headers: superUser,
      payload: { from: '+16175559876', to: DEMO_SENDING_NUMBERS.customRolesAuto, body: 'hi' },
    });
    expect(theirs.statusCode).toBeLessThan(300);
    await drain();
    expect((await replies()).map((row) => row.customer_id)).not.toContain(fixture.customerId);

    const bad = await get('/customer_replies/?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ page: ['Must be at least 1'] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/merchants/${ids.demoMotors}/customer_replies/` })).statusCode,
    ).toBe(401);
    expect((await get('/customer_replies/', legacy)).statusCode).toBe(404);
    // Any role on the merchant reads it: a custom role without a single flag too (no 403 for this list).
    const noFlags = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, []);
    expect((await get('/customer_replies/', noFlags, ids.customRolesAuto)).statusCode).toBe(200);
  });
});

describe('GET missed_messages', () => {
  it('lists failed and undelivered texts newest first, with the reason and whether they may be sent again', async () => {
    const base = Date.UTC(2040, 0, 1);
    const older = await createMissedMessageFixture(db(), ids.demoMotors, { code: '30003', created: new Date(base) });
    const newer = await createMissedMessageFixture(db(), ids.demoMotors, {
      code: '21610',
      status: 'undelivered',
      created: new Date(base + 60_000),
    });
    const delivered = await createMissedMessageFixture(db(), ids.demoMotors, { created: new Date(base + 120_000) });
    await db().update(messages).set({ status: 'delivered' }).where(eq(messages.id, delivered.messageId));

    const response = await get('/missed_messages/?page_size=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((row: Missed) => row.id)).toEqual([newer.messageId, older.messageId]);
    expect(body.results[0]).toMatchObject({
      status: 'undelivered',
      customer: { id: newer.customerId, first_name: 'Fixture', external_id: expect.any(String) },
      phone_number: newer.phone,
      body: 'Your payment is due.',
      error_code: '21610',
      reason: 'The customer has replied STOP to this number and cannot be texted until they reply START.',
      resendable: false,
      resend_of: null,
    });
    expect(body.results[1]).toMatchObject({
      status: 'failed',
      error_code: '30003',
      reason: 'The phone was off or out of reach. The text can be sent again later.',
      resendable: true,
    });
    expect(body.count).toBeGreaterThanOrEqual(2);
  });

  it('lists texts to the outbox’s failing numbers: 30003 may be sent again, 21211 not (and flags the number)', async () => {
    const unreachable = await textableCustomer(OUTBOX_UNREACHABLE_NUMBER);
    const invalid = await textableCustomer(OUTBOX_INVALID_NUMBER);
    for (const customer of [unreachable, invalid]) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/accounts/${customer.accountId}/send_message/`,
        headers: { ...staff, 'idempotency-key': randomUUID() },
        payload: { customer: customer.customerId, message: 'Your payment is due' },
      });
      expect(sent.statusCode).toBe(201);
    }
    await drain();
    const rows = await missed();
    const [unreachableText] = await messagesOf(unreachable.customerId);
    const [invalidText] = await messagesOf(invalid.customerId);
    expect(rows.find((row) => row.id === unreachableText?.id)).toMatchObject({ error_code: '30003', resendable: true });
    expect(rows.find((row) => row.id === invalidText?.id)).toMatchObject({
      error_code: '21211',
      reason: 'The phone number is not valid.',
      resendable: false,
    });
    expect(await db().select().from(badNumbers).where(eq(badNumbers.customer_id, invalid.customerId))).toMatchObject([
      { error_code: '21211' },
    ]);
  });

  it('400 for a bad page size, 401 without a token, 404 for another organisation', async () => {
    const bad = await get('/missed_messages/?page_size=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ page_size: ['Must be at least 1'] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/merchants/${ids.demoMotors}/missed_messages/` })).statusCode,
    ).toBe(401);
    expect((await get('/missed_messages/', legacy)).statusCode).toBe(404);
  });
});

describe('POST missed_messages/:mid/resend/', () => {
  it('queues the same text again to the customer’s number; the original leaves the queue; the job sends it', async () => {
    const original = await createMissedMessageFixture(db(), ids.demoMotors, { body: 'Your payment of $10 is due.' });
    const response = await resend(original.messageId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      body: 'Your payment of $10 is due.',
      status: 'queued',
      direction: 'outbound',
      customer_id: original.customerId,
      error_code: null,
    });
    expect((await missed()).map((row) => row.id)).not.toContain(original.messageId);
    const [marked] = await db().select().from(messages).where(eq(messages.id, original.messageId));
    expect(marked?.resent_message_id).toBe(response.json().id);

    await drain();
    const [sent] = await db().select().from(messages).where(eq(messages.id, response.json().id));
    expect(sent).toMatchObject({ status: 'delivered', account_id: original.accountId });
    const texts = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, original.phone));
    expect(texts.map((text) => text.body)).toEqual(['Your payment of $10 is due.']);

    const twice = await resend(original.messageId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'message.already_handled' });
  });

  it('refuses a text that failed with a permanent error (message.not_resendable), sending nothing', async () => {
    for (const code of ['21610', '30004', '21211', '30005', '30006']) {
      const original = await createMissedMessageFixture(db(), ids.demoMotors, { code });
      const response = await resend(original.messageId);
      expect(response.statusCode, code).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'message.not_resendable',
        detail: expect.stringMatching(/^This text can not be sent again\. /),
      });
      expect(await messagesOf(original.customerId)).toHaveLength(1);
      expect((await missed()).map((row) => row.id)).toContain(original.messageId);
    }
  });

  it('refuses an opted-out customer at once, and fails at send when they opt out after the resend was queued', async () => {
    const optedOut = await createMissedMessageFixture(db(), ids.demoMotors);
    await db().update(customers).set({ text_opt_in: false }).where(eq(customers.id, optedOut.customerId));
    const refused = await resend(optedOut.messageId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'customer.unsubscribed' });
    expect((await missed()).map((row) => row.id)).toContain(optedOut.messageId);

    const late = await createMissedMessageFixture(db(), ids.demoMotors);
    const queued = await resend(late.messageId);
    expect(queued.statusCode).toBe(201);
    await db().update(customers).set({ text_opt_in: false }).where(eq(customers.id, late.customerId));
    await drain();
    const [failed] = await db().select().from(messages).where(eq(messages.id, queued.json().id));
    expect(failed).toMatchObject({ status: 'failed', error_code: 'customer.unsubscribed' });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, late.phone))).toEqual([]);
    // The resend is missed in its turn, naming the text it replaced.
    expect((await missed()).find((row) => row.id === queued.json().id)).toMatchObject({
      resend_of: late.messageId,
      resendable: true,
    });
  });

  it('sends one text for 50 parallel resends with one Idempotency-Key', async () => {
    const original = await createMissedMessageFixture(db(), ids.demoMotors);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 50 }, () => resend(original.messageId, key)));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.json().id)).size).toBe(1);
    for (const response of responses.filter((one) => one.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'idempotency_key.in_use' });
    }
    await drain();
    expect(await messagesOf(original.customerId)).toHaveLength(2);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, original.phone))).toHaveLength(
      1,
    );
  });

  it('400 without a key, 401, 403 without free-typing chat, 404 for another merchant’s or a delivered text', async () => {
    const original = await createMissedMessageFixture(db(), ids.demoMotors);
    const noKey = await post(`/missed_messages/${original.messageId}/resend/`);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'idempotency_key.missing' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/missed_messages/${original.messageId}/resend/`,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);

    const theirs = await createMissedMessageFixture(db(), ids.customRolesAuto);
    const withoutFreeText = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, [
      'is_customer_update_allowed',
    ]);
    const denied = await post(
      `/missed_messages/${theirs.messageId}/resend/`,
      {
        ...withoutFreeText,
        'idempotency-key': randomUUID(),
      },
      ids.customRolesAuto,
    );
    expect(denied.statusCode).toBe(403);
    const withFreeText = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, [
      'is_customer_free_text_allowed',
    ]);
    const allowed = await post(
      `/missed_messages/${theirs.messageId}/resend/`,
      {
        ...withFreeText,
        'idempotency-key': randomUUID(),
      },
      ids.customRolesAuto,
    );
    expect(allowed.statusCode).toBe(201);

    const other = await createMissedMessageFixture(db(), ids.customRolesAuto);
    expect((await resend(other.messageId)).statusCode).toBe(404);
    expect((await resend(original.messageId, randomUUID(), legacy)).statusCode).toBe(404);
    await db().update(messages).set({ status: 'delivered' }).where(eq(messages.id, original.messageId));
    expect((await resend(original.messageId)).statusCode).toBe(404);
    expect((await resend('not-an-id')).statusCode).toBe(404);
    expect(await messagesOf(original.customerId)).toHaveLength(1);
  });
});

describe('POST missed_messages/:mid/dismiss/', () => {
  it('takes the text off the queue without sending it; again is a no-op; a resent one is 409', async () => {
    const original = await createMissedMessageFixture(db(), ids.demoMotors);
    expect((await dismiss(original.messageId)).statusCode).toBe(204);
    expect((await missed()).map((row) => row.id)).not.toContain(original.messageId);
    expect((await dismiss(original.messageId)).statusCode).toBe(204);
    expect(await messagesOf(original.customerId)).toHaveLength(1);
    const afterDismiss = await resend(original.messageId);
    expect(afterDismiss.statusCode).toBe(409);
    expect(afterDismiss.json()).toMatchObject({ code: 'message.already_handled' });

    const resent = await createMissedMessageFixture(db(), ids.demoMotors);
    expect((await resend(resent.messageId)).statusCode).toBe(201);
    const late = await dismiss(resent.messageId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'message.already_handled' });
  });

  it("401 without a token, 404 for another merchant's text, an inbound one or no id", async () => {
    const original = await createMissedMessageFixture(db(), ids.demoMotors);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/missed_messages/${original.messageId}/dismiss/`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await dismiss(original.messageId, legacy)).statusCode).toBe(404);
    const other = await createMissedMessageFixture(db(), ids.customRolesAuto);
    expect((await dismiss(other.messageId)).statusCode).toBe(404);
    await db()
      .update(messages)
      .set({ direction: 'inbound', status: 'received' })
      .where(and(eq(messages.id, original.messageId)));
    expect((await dismiss(original.messageId)).statusCode).toBe(404);
    expect((await dismiss('nope')).statusCode).toBe(404);
    // Any role on the merchant dismisses: a custom role without a single flag too (no 403 for dismissing).
    const noFlags = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, []);
    expect((await dismiss(other.messageId, noFlags)).statusCode).toBe(404);
    expect((await post(`/missed_messages/${other.messageId}/dismiss/`, noFlags, ids.customRolesAuto)).statusCode).toBe(
      204,
    );
  });
});
