import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consentEvents } from '../src/db/schema/consent-events';
import { accounts, customers } from '../src/db/schema/customers';
import { DEMO_SENDING_NUMBERS } from '../src/db/demo/messaging';
import { messageTemplates } from '../src/db/schema/message-templates';
import { badNumbers, messages, providerEvents } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { chatMessageEvent } from '../src/modules/messaging/messaging.events';
import { deliverMessage } from '../src/modules/messaging/deliver-message';
import { MESSAGE_MAX_ATTEMPTS } from '../src/modules/messaging/messaging.jobs';
import { queueMessage } from '../src/modules/messaging/queue-message';
import { sendMessage } from '../src/modules/messaging/send-message';
import { twilioSignatureOf } from '../src/providers/sms/twilio-signature';
import { PREVIEW_PAY_TOKEN } from '@paydesk/domain/message-templates/merge-fields';
import { TEMPLATE_ONLY } from '@paydesk/domain/messaging/messaging.contract';
import { paymentLinks } from '../src/db/schema/payment-links';
import { TEMPLATE_NOT_SENDABLE, TEMPLATE_WITHOUT_TEXT } from '../src/modules/message-templates/sendable-templates';
import { createCustomerFixture, createMessageTemplate, signInCustomRoleUser } from './factories';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { bearer, seedDemo, signIn, userIdOf, type DemoIds } from './identity';

const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://paydesk.example.com';
/** Demo Motors' sending number, from the demo seed. */
const OUR_NUMBER = DEMO_SENDING_NUMBERS.demoMotors;

let fake: TwilioFake;
let t: TestApp;
let ids: DemoIds;
let staff: Record<string, string>;
let phoneSeq = 0;

beforeAll(async () => {
  fake = await startTwilioFake();
  t = await buildTestApp({
    config: testConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'ACtest',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_API_URL: fake.url,
      PUBLIC_URL,
    }),
    messaging: { createPaymentLink: async (_ctx, input) => `${PUBLIC_URL}/pay/link-for-${input.accountId}` },
  });
  ids = await seedDemo(t.database.db);
  staff = bearer((await signIn(t.app, 'staff@demo.test')).access);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A customer of Demo Motors (or the merchant given) with a phone, opted in to texts unless told. */
async function textableCustomer(options: { optIn?: boolean; merchantId?: string } = {}) {
  const fixture = await createCustomerFixture(t.database.db, options.merchantId ?? ids.demoMotors);
  phoneSeq += 1;
  const phone = `+1312555${String(2000 + phoneSeq).padStart(4, '0')}`;
  await t.database.db
    .update(customers)
    .set({ sms_phone_number: phone, text_opt_in: options.optIn ?? true })
    .where(eq(customers.id, fixture.customerId));
  return { ...fixture, phone };
}

const send = (
  accountId: string,
  payload: unknown,
  headers: Record<string, string> = staff,
  key = randomUUID(),
  merchantId = ids.demoMotors,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/merchants/${merchantId}/accounts/${accountId}/send_message/`,
    headers: { ...headers, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();

function postWebhook(
  path: string,
  params: Record<string, string>,
  options: { signature?: string | null; url?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? twilioSignatureOf(AUTH_TOKEN, options.url ?? `${PUBLIC_URL}/api${path}`, params)
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      // A client-set Host must not matter: the URL checked is PUBLIC_URL's.
      host: 'attacker.example',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: form(params),
  });
}

const inbound = (from: string, body: string, sid = `SM${randomUUID().replaceAll('-', '')}`) =>
  postWebhook('/webhooks/twilio/messages/', { MessageSid: sid, From: from, To: OUR_NUMBER, Body: body, NumMedia: '0' });

async function drain() {
  const result = await t.app.jobs.drain();
  expect(result.failed).toEqual([]);
}

async function messagesOf(customerId: string) {
  return t.database.db.select().from(messages).where(eq(messages.customer_id, customerId)).orderBy(messages.created);
}

describe('POST send_message', () => {
  it('queues the text, answers it keyed by customer id, and the job sends it through Twilio', async () => {
    const c = await textableCustomer();
    const answer = await send(c.accountId, { customer: c.customerId, message: 'Hello there' });
    expect(answer.statusCode).toBe(201);
    const message = answer.json()[c.customerId];
    expect(message).toMatchObject({ body: 'Hello there', status: 'queued', direction: 'outbound', error_code: null });
    expect(typeof message.outside_send_window).toBe('boolean');
    await drain();
    expect(fake.messages.filter((sent) => sent.to === c.phone)).toMatchObject([
      { from: OUR_NUMBER, body: 'Hello there', key: `message:${message.id}` },
    ]);
    const [row] = await messagesOf(c.customerId);
    expect(row?.status).toBe('sent');
  });

  it('refuses an opted-out customer (customer.unsubscribed) and a do-not-contact account (account.do_not_contact)', async () => {
    const out = await textableCustomer({ optIn: false });
    const refused = await send(out.accountId, { customer: out.customerId, message: 'Hi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'customer.unsubscribed' });
    const dnc = await textableCustomer();
    await t.database.db.update(accounts).set({ status: 'do_not_contact' }).where(eq(accounts.id, dnc.accountId));
    const blocked = await send(dnc.accountId, { customer: dnc.customerId, message: 'Hi' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'account.do_not_contact' });
  });

  it('sends the THANKS template rendered for the customer and account ("Text receipt"), ignoring any message', async () => {
    const c = await textableCustomer();
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.customerId));
    const answer = await send(c.accountId, { customer: c.customerId, message: 'ignored', template: 'THANKS' });
    expect(answer.statusCode).toBe(201);
    const message = answer.json()[c.customerId];
    expect(message.body).toMatch(new RegExp(`^Thank you ${customer?.first_name}! We received your payment`));
    expect(message.body).toContain('- Demo Motors');
    expect(message.body).not.toContain('ignored');
    expect(message.body).not.toContain('{{');
    await drain();
    expect(fake.messages.filter((sent) => sent.to === c.phone)).toMatchObject([
      { from: OUR_NUMBER, body: message.body },
    ]);
  });

  it('refuses a template text as any other: consent, do-not-contact, an unknown template, a blank THANKS', async () => {
    const out = await textableCustomer({ optIn: false });
    const refused = await send(out.accountId, { customer: out.customerId, template: 'THANKS' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'customer.unsubscribed' });
    const dnc = await textableCustomer();
    await t.database.db.update(accounts).set({ status: 'do_not_contact' }).where(eq(accounts.id, dnc.accountId));
    expect((await send(dnc.accountId, { customer: dnc.customerId, template: 'THANKS' })).json()).toMatchObject({
      code: 'account.do_not_contact',
    });
    const c = await textableCustomer();
    const unknown = await send(c.accountId, { customer: c.customerId, template: 'WELCOME' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ template: ['Must be a template id or THANKS'] });
    const thanks = and(eq(messageTemplates.merchant_id, ids.demoMotors), eq(messageTemplates.type, 'THANKS'));
    const [template] = await t.database.db.select().from(messageTemplates).where(thanks);
    await t.database.db.update(messageTemplates).set({ message_bodies: [] }).where(thanks);
    try {
      const blank = await send(c.accountId, { customer: c.customerId, template: 'THANKS' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ template: ['This merchant has no text for this template.'] });
      expect(await messagesOf(c.customerId)).toEqual([]);
    } finally {
      await t.database.db
        .update(messageTemplates)
        .set({ message_bodies: template?.message_bodies ?? [] })
        .where(thanks);
    }
  });

  it('checks consent again when the job sends', async () => {
    const c = await textableCustomer();
    expect((await send(c.accountId, { customer: c.customerId, message: 'Later' })).statusCode).toBe(201);
    await t.database.db.update(customers).set({ text_opt_in: false }).where(eq(customers.id, c.customerId));
    await drain();
    const [row] = await messagesOf(c.customerId);
    expect(row).toMatchObject({ status: 'failed', error_code: 'customer.unsubscribed' });
    expect(fake.messages.some((sent) => sent.to === c.phone)).toBe(false);
  });

  it('answers 400 for an empty message, 401 without a token, 404 for another merchant', async () => {
    const c = await textableCustomer();
    expect((await send(c.accountId, { customer: c.customerId, message: '  ' })).statusCode).toBe(400);
    expect((await send(c.accountId, { customer: c.customerId, message: 'x' }, {})).statusCode).toBe(401);
    const other = bearer((await signIn(t.app, 'legacy@demo.test')).access);
    expect((await send(c.accountId, { customer: c.customerId, message: 'x' }, other)).statusCode).toBe(404);
  });

  it('sends one text for 50 parallel requests with one Idempotency-Key', async () => {
    const c = await textableCustomer();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(c.accountId, { customer: c.customerId, message: 'Once' }, staff, key)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => [201, 409].includes(answer.statusCode))).toBe(true);
    await drain();
    expect(await messagesOf(c.customerId)).toHaveLength(1);
    expect(fake.messages.filter((sent) => sent.to === c.phone)).toHaveLength(1);
  });

  it('retries a provider 5xx with backoff, and fails a permanent error with plain words and a bad-number flag', async () => {
    const c = await textableCustomer();
    fake.failNext(503, 20500);
    const answer = await send(c.accountId, { customer: c.customerId, message: 'Retry me' });
    await drain();
    const [waiting] = await messagesOf(c.customerId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.send_after?.getTime()).toBeGreaterThan(Date.now());
    expect(answer.statusCode).toBe(201);

    const bad = await textableCustomer();
    fake.failNext(400, 21211, "The 'To' number is not a valid phone number.");
    await send(bad.accountId, { customer: bad.customerId, message: 'Bad number' });
    await drain();
    const [failed] = await messagesOf(bad.customerId);
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: '21211',
      secondary_message: 'The phone number is not valid.',
    });
    const flags = await t.database.db.select().from(badNumbers).where(eq(badNumbers.customer_id, bad.customerId));
    expect(flags).toMatchObject([{ phone_number: bad.phone, error_code: '21211' }]);
  });
});

describe('the composer’s quiet-hours warning', () => {
  it('reads the customer’s address before the phone’s area code', async () => {
    // 8:30 pm Eastern: a New York (212) number is inside its window, a Florida address is past 8 pm.
    const ctx = { ...t.app.ctx, clock: () => new Date('2030-06-04T00:30:00Z') };
    const merchant = { id: ids.demoMotors, name: 'Demo Motors', is_integrated: false, timezone: 'America/New_York' };
    const outside = async (state: string | null) => {
      const c = await textableCustomer();
      phoneSeq += 1;
      await t.database.db
        .update(customers)
        .set({ sms_phone_number: `+1212555${String(3000 + phoneSeq).padStart(4, '0')}`, state })
        .where(eq(customers.id, c.customerId));
      const answer = await sendMessage(ctx, {
        merchant,
        accountId: c.accountId,
        user: { id: await userIdOf(t.database.db, 'staff@demo.test'), name: 'Stacy Staff' },
        mayFreeType: true,
        body: { customer: c.customerId, message: 'Are you there?' },
      });
      return answer[c.customerId]?.outside_send_window;
    };
    expect(await outside('FL')).toBe(true);
    expect(await outside(null)).toBe(false);
  });
});

describe('POST send_message with a template (SPEC §6: without free typing the user must choose a template)', () => {
  const customRoles = () => ids.customRolesAuto;
  const sendAs = (headers: Record<string, string>, accountId: string, payload: unknown) =>
    send(accountId, payload, headers, randomUUID(), customRoles());
  let withoutFreeText: Record<string, string>;
  let withFreeText: Record<string, string>;
  let templateId: string;

  beforeAll(async () => {
    withoutFreeText = await signInCustomRoleUser(t.app, t.database.db, customRoles(), []);
    withFreeText = await signInCustomRoleUser(t.app, t.database.db, customRoles(), ['is_customer_free_text_allowed']);
    templateId = await createMessageTemplate(t.database.db, customRoles(), {
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, pay here: {{payment_link}}' },
      ],
    });
  });

  it('sends the template rendered by the server for the customer and account, with a real payment link', async () => {
    const c = await textableCustomer({ merchantId: customRoles() });
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.customerId));
    const answer = await sendAs(withoutFreeText, c.accountId, { customer: c.customerId, template: templateId });
    expect(answer.statusCode, answer.body).toBe(201);
    const message = answer.json()[c.customerId];
    expect(message.body).toMatch(new RegExp(`^Hi ${customer?.first_name}, pay here: http\\S+/pay/\\S+$`));
    expect(message.body).not.toContain(PREVIEW_PAY_TOKEN);
    const links = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.account_id, c.accountId));
    expect(links).toHaveLength(1);
    await drain();
    expect(fake.messages.filter((sent) => sent.to === c.phone)).toMatchObject([
      { from: DEMO_SENDING_NUMBERS.customRolesAuto, body: message.body },
    ]);
  });

  it('refuses free text, an attachment or words beside the template (403) and writes nothing', async () => {
    const c = await textableCustomer({ merchantId: customRoles() });
    for (const payload of [
      { customer: c.customerId, message: 'My own words' },
      { customer: c.customerId, template: templateId, message: 'Smuggled words' },
      { customer: c.customerId, file_url: '/api/media/x', content_type: 'image/png' },
    ]) {
      const refused = await sendAs(withoutFreeText, c.accountId, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: TEMPLATE_ONLY });
    }
    expect(await messagesOf(c.customerId)).toEqual([]);
  });

  it("refuses another merchant's template (404), an inactive one and one without a text (400)", async () => {
    const c = await textableCustomer({ merchantId: customRoles() });
    const theirs = await createMessageTemplate(t.database.db, ids.demoMotors);
    const foreign = await sendAs(withoutFreeText, c.accountId, { customer: c.customerId, template: theirs });
    expect(foreign.statusCode).toBe(404);
    const inactive = await createMessageTemplate(t.database.db, customRoles(), { active: false });
    const off = await sendAs(withoutFreeText, c.accountId, { customer: c.customerId, template: inactive });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ template: [TEMPLATE_NOT_SENDABLE] });
    const blank = await createMessageTemplate(t.database.db, customRoles(), { message_bodies: [] });
    const empty = await sendAs(withoutFreeText, c.accountId, { customer: c.customerId, template: blank });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ template: [TEMPLATE_WITHOUT_TEXT] });
    expect(await messagesOf(c.customerId)).toEqual([]);
  });

  it('lets a user with free typing send both a template and their own words', async () => {
    const c = await textableCustomer({ merchantId: customRoles() });
    const own = await sendAs(withFreeText, c.accountId, { customer: c.customerId, message: 'My own words' });
    expect(own.statusCode).toBe(201);
    const template = await sendAs(withFreeText, c.accountId, { customer: c.customerId, template: templateId });
    expect(template.statusCode).toBe(201);
    expect(template.json()[c.customerId].body).toMatch(/^Hi .+, pay here: http/);
  });
});

describe('live chat events', () => {
  it('publishes chat.message to the merchant when a text is written and each time its status moves', async () => {
    const seen: { customer_id: string | null; message_id: string; status: string; merchant: string }[] = [];
    const unsubscribe = t.app.events.subscribe(chatMessageEvent, (payload, audience) => {
      seen.push({ ...payload, merchant: audience.kind === 'merchant' ? audience.merchantId : '' });
    });
    try {
      const c = await textableCustomer();
      const answer = await send(c.accountId, { customer: c.customerId, message: 'Live hello' });
      const id = answer.json()[c.customerId].id as string;
      await drain();
      await inbound(c.phone, 'Live reply');
      await drain();
      await vi.waitFor(() => {
        const mine = seen.filter((event) => event.customer_id === c.customerId);
        expect(mine.filter((event) => event.message_id === id).map((event) => event.status)).toEqual([
          'queued',
          'sending',
          'sent',
        ]);
        expect(mine.some((event) => event.message_id !== id && event.status === 'received')).toBe(true);
        expect(mine.every((event) => event.merchant === ids.demoMotors)).toBe(true);
      });
    } finally {
      unsubscribe();
    }
  });
});

describe('GET messages', () => {
  it("lists a customer's conversation newest first with search and next", async () => {
    const c = await textableCustomer();
    for (const body of ['first apple', 'second pear', 'third apple']) {
      await send(c.accountId, { customer: c.customerId, message: body });
    }
    const url = `/api/merchants/${ids.demoMotors}/customers/${c.customerId}/messages/`;
    const page = await t.app.inject({ method: 'GET', url: `${url}?page_size=2`, headers: staff });
    expect(page.statusCode).toBe(200);
    expect(page.json().results.map((m: { body: string }) => m.body)).toEqual(['third apple', 'second pear']);
    expect(page.json().next).toContain('page=2');
    const found = await t.app.inject({ method: 'GET', url: `${url}?search=apple`, headers: staff });
    expect(found.json()).toMatchObject({ next: null, results: [{ body: 'third apple' }, { body: 'first apple' }] });
    const other = bearer((await signIn(t.app, 'legacy@demo.test')).access);
    expect((await t.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(404);
  });
});

describe('Twilio webhooks', () => {
  it('accept a good signature, refuse a bad one (403) and a missing one (400)', async () => {
    const c = await textableCustomer();
    expect((await inbound(c.phone, 'hello')).statusCode).toBe(204);
    const params = { MessageSid: 'SMbad', From: c.phone, To: OUR_NUMBER, Body: 'x' };
    expect((await postWebhook('/webhooks/twilio/messages/', params, { signature: 'AAAA' })).statusCode).toBe(403);
    expect((await postWebhook('/webhooks/twilio/messages/', params, { signature: null })).statusCode).toBe(400);
    // Signed for another host (as if the Host header were trusted): refused.
    const forged = twilioSignatureOf(AUTH_TOKEN, 'https://attacker.example/api/webhooks/twilio/messages/', params);
    expect((await postWebhook('/webhooks/twilio/messages/', params, { signature: forged })).statusCode).toBe(403);
    await drain();
    expect((await messagesOf(c.customerId)).map((m) => m.body)).toEqual(['hello']);
  });

  it('accept the URL signed with its default port written out', async () => {
    const c = await textableCustomer();
    const params = { MessageSid: `SM${randomUUID()}`, From: c.phone, To: OUR_NUMBER, Body: 'port' };
    const withPort = `https://paydesk.example.com:443/api/webhooks/twilio/messages/`;
    expect((await postWebhook('/webhooks/twilio/messages/', params, { url: withPort })).statusCode).toBe(204);
  });

  it('store a replayed event once', async () => {
    const c = await textableCustomer();
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    expect((await inbound(c.phone, 'twice', sid)).statusCode).toBe(204);
    expect((await inbound(c.phone, 'twice', sid)).statusCode).toBe(204);
    await drain();
    expect(await messagesOf(c.customerId)).toHaveLength(1);
    const events = await t.database.db.select().from(providerEvents).where(eq(providerEvents.event_id, sid));
    expect(events).toHaveLength(1);
  });

  it('start an unknown-sender conversation for a number no customer has', async () => {
    await inbound('+13125559999', 'who is this');
    await drain();
    const rows = await t.database.db.select().from(messages).where(eq(messages.from_number, '+13125559999'));
    expect(rows).toMatchObject([{ customer_id: null, body: 'who is this', direction: 'inbound' }]);
  });

  it('keep status moving forward whatever order callbacks arrive in', async () => {
    const c = await textableCustomer();
    await send(c.accountId, { customer: c.customerId, message: 'track me' });
    await drain();
    const [sent] = await messagesOf(c.customerId);
    const status = (value: string, extra: Record<string, string> = {}) =>
      postWebhook('/webhooks/twilio/status/', {
        MessageSid: sent?.provider_message_id ?? '',
        MessageStatus: value,
        From: OUR_NUMBER,
        To: c.phone,
        ...extra,
      });
    expect((await status('delivered')).statusCode).toBe(204);
    expect((await status('sent')).statusCode).toBe(204);
    expect((await status('sending')).statusCode).toBe(204);
    await drain();
    const [after] = await messagesOf(c.customerId);
    expect(after?.status).toBe('delivered');
    await status('undelivered', { ErrorCode: '30005' });
    await drain();
    const [still] = await messagesOf(c.customerId);
    expect(still?.status).toBe('delivered');
  });
});

describe('a late undelivered callback with a transient code (30003, 30008)', () => {
  it('sends the text again once, as a new text with its own provider key, whatever order callbacks arrive in', async () => {
    const c = await textableCustomer();
    await send(c.accountId, { customer: c.customerId, message: 'Are you there?' });
    await drain();
    const [first] = await messagesOf(c.customerId);
    const status = (sid: string | null | undefined, value: string, extra: Record<string, string> = {}) =>
      postWebhook('/webhooks/twilio/status/', {
        MessageSid: sid ?? '',
        MessageStatus: value,
        From: OUR_NUMBER,
        To: c.phone,
        ...extra,
      });
    // `undelivered` first, then the first try's late `sent` and a `failed` for it too.
    expect((await status(first?.provider_message_id, 'undelivered', { ErrorCode: '30003' })).statusCode).toBe(204);
    await drain();
    expect((await status(first?.provider_message_id, 'sent')).statusCode).toBe(204);
    expect((await status(first?.provider_message_id, 'failed', { ErrorCode: '30008' })).statusCode).toBe(204);
    await drain();

    const [original, retry, ...more] = await messagesOf(c.customerId);
    expect(more).toEqual([]);
    expect(original).toMatchObject({ status: 'undelivered', error_code: '30003', resent_message_id: retry?.id });
    expect(retry).toMatchObject({ status: 'queued', body: 'Are you there?', attempts: 1, to_number: c.phone });
    // The same backoff as a send-time retry: 30 s after the first try.
    expect(retry?.send_after?.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await deliverMessage(t.app.ctx, retry?.id ?? '');
    const tries = fake.messages.filter((sent) => sent.to === c.phone);
    expect(tries.map((sent) => sent.key)).toEqual([`message:${first?.id}`, `message:${retry?.id}`]);
    const [, sentAgain] = await messagesOf(c.customerId);
    expect(sentAgain).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sentAgain?.provider_message_id).not.toBe(first?.provider_message_id);
  });

  it('stops at MESSAGE_MAX_ATTEMPTS tries and never retries a permanent code', async () => {
    const c = await textableCustomer();
    await send(c.accountId, { customer: c.customerId, message: 'Last try' });
    const permanent = await textableCustomer();
    await send(permanent.accountId, { customer: permanent.customerId, message: 'Filtered' });
    await drain();
    const [last] = await messagesOf(c.customerId);
    await t.database.db
      .update(messages)
      .set({ attempts: MESSAGE_MAX_ATTEMPTS })
      .where(eq(messages.id, last?.id ?? ''));
    const [filtered] = await messagesOf(permanent.customerId);
    for (const [row, code, to] of [
      [last, '30003', c.phone],
      [filtered, '30007', permanent.phone],
    ] as const) {
      await postWebhook('/webhooks/twilio/status/', {
        MessageSid: row?.provider_message_id ?? '',
        MessageStatus: 'undelivered',
        ErrorCode: code,
        From: OUR_NUMBER,
        To: to,
      });
    }
    await drain();
    expect(await messagesOf(c.customerId)).toMatchObject([{ status: 'undelivered', resent_message_id: null }]);
    expect(await messagesOf(permanent.customerId)).toMatchObject([{ status: 'undelivered', resent_message_id: null }]);
  });
});

describe('reply keywords', () => {
  it('STOP opts out with one confirmation and a sms_keyword ledger row; START opts back in', async () => {
    const c = await textableCustomer();
    await inbound(c.phone, 'Stop');
    await inbound(c.phone, 'STOP');
    await drain();
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.customerId));
    expect(customer?.text_opt_in).toBe(false);
    const ledger = await t.database.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.customer_id, c.customerId), eq(consentEvents.method, 'sms_keyword')));
    // Each keyword is written with the words received; only the first changed anything, so one confirmation.
    expect(ledger.map((row) => [row.channel, row.opted_in, row.affirmation]).sort()).toEqual([
      ['sms', false, 'STOP'],
      ['sms', false, 'Stop'],
    ]);
    const confirmations = fake.messages.filter((sent) => sent.to === c.phone && sent.body.includes('unsubscribed'));
    expect(confirmations).toHaveLength(1);

    await inbound(c.phone, 'start');
    await drain();
    const [back] = await t.database.db.select().from(customers).where(eq(customers.id, c.customerId));
    expect(back?.text_opt_in).toBe(true);
    expect(fake.messages.some((sent) => sent.to === c.phone && sent.body.includes('subscribed to texts again'))).toBe(
      true,
    );
  });

  it('answers STOP at once at 11 pm customer time, while an automated text waits for 8 am (quiet hours)', async () => {
    // 11 pm in Chicago (the 312 area code), in January: 05:00 UTC the next day. In the future, so a held job is not
    // fetched again by this test's drain.
    const elevenPm = new Date('2030-01-16T05:00:00Z');
    const clock = vi.spyOn(t.app.ctx, 'clock').mockReturnValue(elevenPm);
    try {
      const c = await textableCustomer();
      await queueMessage(t.app.ctx, {
        merchantId: ids.demoMotors,
        customerId: c.customerId,
        accountId: c.accountId,
        to: c.phone,
        body: 'Your payment is due',
        kind: 'automated',
        sender: 'system',
      });
      expect((await inbound(c.phone, 'STOP')).statusCode).toBe(204);
      await drain();
      const rows = await messagesOf(c.customerId);
      const confirmation = rows.find((row) => row.direction === 'outbound' && row.kind === 'system');
      expect(confirmation).toMatchObject({ status: 'sent', send_after: null });
      expect(fake.messages.filter((sent) => sent.to === c.phone).map((sent) => sent.body)).toEqual([
        confirmation?.body,
      ]);
      const automated = rows.find((row) => row.kind === 'automated');
      expect(automated).toMatchObject({ status: 'queued', send_after: new Date('2030-01-16T14:00:00Z') });
    } finally {
      clock.mockRestore();
    }
  });

  it('HELP answers with the merchant name, how to opt out and the rates line', async () => {
    const c = await textableCustomer();
    await inbound(c.phone, 'help');
    await drain();
    const help = fake.messages.find((sent) => sent.to === c.phone);
    expect(help?.body).toContain('Demo Motors');
    expect(help?.body).toContain('Reply STOP to opt out');
    expect(help?.body).toContain('Msg & data rates may apply');
  });

  it('flags a free-text opt-out for a person and leaves consent alone', async () => {
    const c = await textableCustomer();
    await inbound(c.phone, 'please stop texting me');
    await drain();
    const [row] = await messagesOf(c.customerId);
    expect(row?.flagged_opt_out).toBe(true);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.customerId));
    expect(customer?.text_opt_in).toBe(true);
  });

  it('PAY answers with a fresh payment link for the account', async () => {
    const c = await textableCustomer();
    await inbound(c.phone, 'PAY');
    await drain();
    const reply = fake.messages.find((sent) => sent.to === c.phone);
    expect(reply?.body).toContain(`/pay/link-for-${c.accountId}`);
  });
});

describe('the outbox as SMS provider', () => {
  it('sends texts to the outbox and takes a super user’s posted reply through the inbound path', async () => {
    const app = await buildTestApp();
    try {
      const demo = await seedDemo(app.database.db);
      const fixture = await createCustomerFixture(app.database.db, demo.demoMotors);
      const phone = '+13125558888';
      await app.database.db
        .update(customers)
        .set({ sms_phone_number: phone, text_opt_in: true })
        .where(eq(customers.id, fixture.customerId));
      const post = (headers: Record<string, string>) =>
        app.app.inject({
          method: 'POST',
          url: '/api/dev/outbox/inbound/',
          headers,
          payload: { from: phone, body: 'HELP' },
        });
      expect((await post({})).statusCode).toBe(401);
      expect((await post(bearer((await signIn(app.app, 'staff@demo.test')).access))).statusCode).toBe(403);
      const posted = await post(bearer((await signIn(app.app, 'super@demo.test')).access));
      expect(posted.statusCode).toBe(201);
      expect((await app.app.jobs.drain()).failed).toEqual([]);
      const texts = await app.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
      expect(texts).toMatchObject([{ channel: 'sms' }]);
      expect(texts[0]?.body).toContain('Msg & data rates may apply');
      const rows = await app.database.db.select().from(messages).where(eq(messages.customer_id, fixture.customerId));
      expect(rows.map((row) => [row.direction, row.status]).sort()).toEqual([
        ['inbound', 'received'],
        ['outbound', 'delivered'],
      ]);

      // PAY, with the app's own payment links: a real link to the pay page, which opens for that customer.
      await app.database.db
        .update(accounts)
        .set({ amount_due_cents: 12_345 })
        .where(eq(accounts.id, fixture.accountId));
      await app.app.inject({
        method: 'POST',
        url: '/api/dev/outbox/inbound/',
        headers: bearer((await signIn(app.app, 'super@demo.test')).access),
        payload: { from: phone, body: 'pay' },
      });
      expect((await app.app.jobs.drain()).failed).toEqual([]);
      const answers = await app.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
      const token = answers.map((text) => /\/pay\/([\w-]+)/.exec(text.body)?.[1]).find(Boolean);
      expect(token).toBeDefined();
      const page = await app.app.inject({ url: `/api/pay/${token}/` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ amount_due: 12_345 });
    } finally {
      await app.close();
    }
  });
});
