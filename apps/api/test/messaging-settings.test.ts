import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SENDING_NUMBERS } from '../src/db/demo/messaging';
import { auditEvents } from '../src/db/schema/audit';
import { consentEvents } from '../src/db/schema/consent-events';
import { customers } from '../src/db/schema/customers';
import { inboxThreads, messages, messagingSettings, sendingNumbers } from '../src/db/schema/messaging';
import { deliverMessage } from '../src/modules/messaging/deliver-message';
import { signedMediaPath } from '../src/modules/messaging/media-links';
import { queueMessage } from '../src/modules/messaging/messaging.public';
import { twilioSignatureOf } from '../src/providers/sms/twilio-signature';
import { createCustomerFixture, createLocation, signInCustomRoleUser } from './factories';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { bearer, seedDemo, signIn, type DemoIds } from './identity';

const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://paydesk.example.com';
const OUR_NUMBER = DEMO_SENDING_NUMBERS.demoMotors;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let fake: TwilioFake;
let t: TestApp;
let ids: DemoIds;
let superUser: Record<string, string>;
let admin: Record<string, string>;
let staff: Record<string, string>;
let legacy: Record<string, string>;
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
      DATA_DIR: mkdtempSync(join(tmpdir(), 'messaging-settings-')),
    }),
  });
  ids = await seedDemo(t.database.db);
  const session = async (email: string) => bearer((await signIn(t.app, email)).access);
  superUser = await session('super@demo.test');
  admin = await session('admin@demo.test');
  staff = await session('staff@demo.test');
  legacy = await session('legacy@demo.test');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.database.db;
const settingsUrl = (merchant = ids.demoMotors) => `/api/merchants/${merchant}/messaging_settings/`;
const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const DEFAULTS = { help_contact: null, opt_out_line: true, window_start_minute: null, window_end_minute: null };

async function latestAudit(kind: 'messaging_settings' | 'sending_number') {
  const [row] = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.merchant_id, ids.demoMotors), eq(auditEvents.kind, kind)))
    .orderBy(desc(auditEvents.created))
    .limit(1);
  return row;
}

/** A Demo Motors customer with a Chicago number (Central time), opted in to texts. */
async function textableCustomer() {
  const fixture = await createCustomerFixture(db(), ids.demoMotors);
  phoneSeq += 1;
  const phone = `+1312555${String(7000 + phoneSeq).padStart(4, '0')}`;
  await db()
    .update(customers)
    .set({ sms_phone_number: phone, text_opt_in: true })
    .where(eq(customers.id, fixture.customerId));
  return { ...fixture, phone };
}

beforeEach(async () => {
  await db().delete(messagingSettings).where(eq(messagingSettings.merchant_id, ids.demoMotors));
});

describe('GET and PUT messaging_settings', () => {
  it('answers the defaults with the sending numbers and their locations, to the merchant’s administrators', async () => {
    const response = await call('GET', settingsUrl(), admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULTS,
      sending_numbers: [{ id: expect.any(String), phone_number: OUR_NUMBER, location: null }],
      twilio: null,
    });
    expect((await call('GET', settingsUrl(), superUser)).statusCode).toBe(200);
  });

  it('saves the window, the opt-out line and the HELP contact, and writes the activity log', async () => {
    const body = {
      help_contact: ' (860) 555-0199 ',
      opt_out_line: false,
      window_start_minute: 540,
      window_end_minute: 1140,
    };
    const response = await call('PUT', settingsUrl(), admin, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...body, help_contact: '(860) 555-0199' });
    expect((await call('GET', settingsUrl(), admin)).json()).toMatchObject({
      opt_out_line: false,
      window_end_minute: 1140,
    });
    const entry = await latestAudit('messaging_settings');
    expect(entry).toMatchObject({ action: 'updated', actor_name: 'Avery Admin' });
    expect(entry?.before).toMatchObject({ opt_out_line: true, window_start_minute: null });
    expect(entry?.after).toMatchObject({
      opt_out_line: false,
      window_start_minute: 540,
      help_contact: '(860) 555-0199',
    });
    const back = await call('PUT', settingsUrl(), admin, DEFAULTS);
    expect(back.json()).toMatchObject(DEFAULTS);
  });

  it('refuses a window outside 8 am–9 pm, one that ends before it starts, half a window and a long contact', async () => {
    const put = (body: Record<string, unknown>) => call('PUT', settingsUrl(), admin, { ...DEFAULTS, ...body });
    const early = await put({ window_start_minute: 7 * 60, window_end_minute: 21 * 60 + 30 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      window_start_minute: ['Sending window must be within 8:00 AM and 9:00 PM'],
      window_end_minute: ['Sending window must be within 8:00 AM and 9:00 PM'],
    });
    const backwards = await put({ window_start_minute: 600, window_end_minute: 600 });
    expect(backwards.json()).toEqual({ window_end_minute: ['The window must end after it starts'] });
    expect((await put({ window_start_minute: 600 })).json()).toEqual({ window_end_minute: ['Required'] });
    expect((await put({ help_contact: 'x'.repeat(101) })).json()).toEqual({
      help_contact: ['Must be at most 100 characters'],
    });
    expect((await put({ opt_out_line: undefined })).json()).toEqual({ opt_out_line: ['Required'] });
    const [row] = await db().select().from(messagingSettings).where(eq(messagingSettings.merchant_id, ids.demoMotors));
    expect(row).toBeUndefined();
  });

  it('answers 401 without a token, 403 to staff, 404 for another merchant', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect((await call(method, settingsUrl(), {}, DEFAULTS)).statusCode).toBe(401);
      expect((await call(method, settingsUrl(), staff, DEFAULTS)).statusCode).toBe(403);
      expect((await call(method, settingsUrl(), legacy, DEFAULTS)).statusCode).toBe(404);
    }
  });
});

describe('the merchant’s Twilio account (super users)', () => {
  const twilioUrl = (merchant = ids.demoMotors) => `${settingsUrl(merchant)}twilio/`;
  const SID = `AC${'a1'.repeat(16)}`;

  it('seals the auth token, never answers it, keeps it when left out and clears both with an empty SID', async () => {
    const set = await call('PUT', twilioUrl(), superUser, { account_sid: SID, auth_token: 'merchant-token-1' });
    expect(set.statusCode).toBe(200);
    expect(set.json().twilio).toEqual({ account_sid: SID, has_auth_token: true });
    expect(set.body).not.toContain('merchant-token-1');
    const [row] = await db().select().from(messagingSettings).where(eq(messagingSettings.merchant_id, ids.demoMotors));
    expect(row?.twilio_auth_token_sealed).toMatch(/^v1\./);
    expect(t.app.ctx.cipher.decrypt(row?.twilio_auth_token_sealed ?? '')).toBe('merchant-token-1');
    const entry = await latestAudit('messaging_settings');
    expect(entry).toMatchObject({ action: 'connected', after: { twilio_account_sid: SID, twilio_auth_token: '••••' } });

    const kept = await call('PUT', twilioUrl(), superUser, { account_sid: SID });
    expect(kept.json().twilio).toEqual({ account_sid: SID, has_auth_token: true });
    const cleared = await call('PUT', twilioUrl(), superUser, { account_sid: '' });
    expect(cleared.json().twilio).toBeNull();
    expect((await latestAudit('messaging_settings'))?.action).toBe('disconnected');
  });

  it('refuses a malformed SID and a new account without a token (400), others (401, 403), an unknown merchant (404)', async () => {
    const bad = await call('PUT', twilioUrl(), superUser, { account_sid: 'nope', auth_token: 'x' });
    expect(bad.json()).toEqual({ account_sid: ['An account SID starts with AC followed by 32 letters or digits'] });
    const noToken = await call('PUT', twilioUrl(), superUser, { account_sid: SID });
    expect(noToken.json()).toEqual({ auth_token: ['Required'] });
    expect((await call('PUT', twilioUrl(), {}, { account_sid: '' })).statusCode).toBe(401);
    expect((await call('PUT', twilioUrl(), admin, { account_sid: '' })).statusCode).toBe(403);
    expect((await call('PUT', twilioUrl(randomUUID()), superUser, { account_sid: '' })).statusCode).toBe(404);
  });

  it('sends the merchant’s texts with its own account', async () => {
    await call('PUT', twilioUrl(), superUser, { account_sid: SID, auth_token: 'merchant-token-2' });
    const c = await textableCustomer();
    const row = await queueMessage(t.app.ctx, {
      merchantId: ids.demoMotors,
      customerId: c.customerId,
      to: c.phone,
      body: 'own account',
      kind: 'manual',
      sender: 'test',
    });
    await deliverMessage(t.app.ctx, row.id);
    expect(fake.messages.at(-1)).toMatchObject({ to: c.phone, body: 'own account' });
    expect(fake.accounts.at(-1)).toBe(SID);
  });
});

describe('sending numbers (super users)', () => {
  const numbersUrl = (merchant = ids.demoMotors) => `/api/merchants/${merchant}/sending_numbers/`;

  it('adds a number for a location, lists it with the location, and removes it, with activity entries', async () => {
    const locationId = await createLocation(db(), ids.demoMotors);
    const added = await call('POST', numbersUrl(), superUser, {
      phone_number: '(860) 555-0177',
      location_id: locationId,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ phone_number: '+18605550177', location: { id: locationId } });
    expect(await latestAudit('sending_number')).toMatchObject({ action: 'created', subject_label: '+18605550177' });
    const listed = (await call('GET', settingsUrl(), admin)).json().sending_numbers;
    expect(listed).toContainEqual(added.json());
    const removed = await call('DELETE', `${numbersUrl()}${added.json().id}/`, superUser);
    expect(removed.statusCode).toBe(204);
    expect((await latestAudit('sending_number'))?.action).toBe('deleted');
    expect((await call('GET', settingsUrl(), admin)).json().sending_numbers).toHaveLength(1);
  });

  it('refuses a number in use, a bad number and another merchant’s location (400)', async () => {
    const taken = await call('POST', numbersUrl(), superUser, { phone_number: DEMO_SENDING_NUMBERS.legacyMotors });
    expect(taken.json()).toEqual({ phone_number: ['Phone Number is Already in Use.'] });
    const bad = await call('POST', numbersUrl(), superUser, { phone_number: '123' });
    expect(bad.json()).toEqual({ phone_number: ['Phone number is not valid'] });
    const elsewhere = await createLocation(db(), ids.legacyMotors);
    const foreign = await call('POST', numbersUrl(), superUser, { phone_number: '8605550178', location_id: elsewhere });
    expect(foreign.json()).toEqual({ location_id: ['Not a location of this merchant'] });
  });

  it('keeps another merchant’s location out at the database too, and a deleted location leaves its number for all', async () => {
    const elsewhere = await createLocation(db(), ids.legacyMotors);
    await expect(
      db()
        .insert(sendingNumbers)
        .values({ merchant_id: ids.demoMotors, location_id: elsewhere, phone_number: '+18605550180' }),
    ).rejects.toMatchObject({ cause: { constraint: 'sending_numbers_location_merchant_fk' } });
    const own = await createLocation(db(), ids.demoMotors);
    const added = await call('POST', numbersUrl(), superUser, { phone_number: '8605550181', location_id: own });
    expect(added.statusCode).toBe(201);
    expect(
      (await call('DELETE', `/api/merchants/${ids.demoMotors}/merchant_locations/${own}/`, admin)).statusCode,
    ).toBe(204);
    const listed = (await call('GET', settingsUrl(), admin)).json().sending_numbers;
    expect(listed).toContainEqual({ id: added.json().id, phone_number: '+18605550181', location: null });
  });

  it('answers 401, 403 to an administrator, 404 for an unknown merchant or another merchant’s number', async () => {
    const body = { phone_number: '8605550179' };
    expect((await call('POST', numbersUrl(), {}, body)).statusCode).toBe(401);
    expect((await call('POST', numbersUrl(), admin, body)).statusCode).toBe(403);
    expect((await call('POST', numbersUrl(randomUUID()), superUser, body)).statusCode).toBe(404);
    const [legacyNumber] = await db()
      .select()
      .from(sendingNumbers)
      .where(eq(sendingNumbers.phone_number, DEMO_SENDING_NUMBERS.legacyMotors));
    expect((await call('DELETE', `${numbersUrl()}${legacyNumber?.id}/`, superUser)).statusCode).toBe(404);
    expect((await call('DELETE', `${numbersUrl()}${legacyNumber?.id}/`, admin)).statusCode).toBe(403);
    expect((await call('DELETE', `${numbersUrl()}${legacyNumber?.id}/`, {})).statusCode).toBe(401);
  });
});

describe('the send job and keyword answers read the settings', () => {
  const at = (iso: string) => ({ ...t.app.ctx, clock: () => new Date(iso) });

  it('holds an automated text for the merchant’s narrower window (customer’s local time) and sends it inside', async () => {
    await call('PUT', settingsUrl(), admin, { ...DEFAULTS, window_start_minute: 600, window_end_minute: 720 });
    const c = await textableCustomer();
    const row = await queueMessage(t.app.ctx, {
      merchantId: ids.demoMotors,
      customerId: c.customerId,
      to: c.phone,
      body: 'reminder',
      kind: 'automated',
      sender: 'system',
    });
    // 09:00 in Chicago: inside 8 am–9 pm, outside the merchant's 10 am–noon.
    await deliverMessage(at('2030-06-03T14:00:00Z'), row.id);
    const [held] = await db().select().from(messages).where(eq(messages.id, row.id));
    expect(held).toMatchObject({ status: 'queued', send_after: new Date('2030-06-03T15:00:00Z') });
    expect(fake.messages.some((sent) => sent.to === c.phone)).toBe(false);
    await deliverMessage(at('2030-06-03T15:30:00Z'), row.id);
    const [sent] = await db().select().from(messages).where(eq(messages.id, row.id));
    expect(sent?.status).toBe('sent');
    expect(fake.messages.find((message) => message.to === c.phone)?.body).toBe('reminder');
  });

  it('reads the customer’s local time and state rule from the address before the phone’s area code', async () => {
    /** A customer with a New York (212) number, living where `state` says (or nowhere known). */
    const newYorkNumber = async (state: string | null) => {
      const c = await textableCustomer();
      phoneSeq += 1;
      const phone = `+1212555${String(7000 + phoneSeq).padStart(4, '0')}`;
      await db().update(customers).set({ sms_phone_number: phone, state }).where(eq(customers.id, c.customerId));
      const row = await queueMessage(t.app.ctx, {
        merchantId: ids.demoMotors,
        customerId: c.customerId,
        to: phone,
        body: `reminder ${state ?? 'none'}`,
        kind: 'automated',
        sender: 'system',
      });
      return { ...c, phone, messageId: row.id };
    };
    const statusOf = async (messageId: string) =>
      (await db().select().from(messages).where(eq(messages.id, messageId)))[0];

    // 8:30 pm Eastern (00:30 UTC, June): inside New York's 8 am–9 pm, past Florida's 8 pm.
    const florida = await newYorkNumber('FL');
    const nowhere = await newYorkNumber(null);
    await deliverMessage(at('2030-06-04T00:30:00Z'), florida.messageId);
    await deliverMessage(at('2030-06-04T00:30:00Z'), nowhere.messageId);
    expect(await statusOf(florida.messageId)).toMatchObject({
      status: 'queued',
      send_after: new Date('2030-06-04T12:00:00Z'),
    });
    expect(fake.messages.some((sent) => sent.to === florida.phone)).toBe(false);
    expect((await statusOf(nowhere.messageId))?.status).toBe('sent');

    // 7:30 am Pacific (14:30 UTC) is 10:30 am in New York: a California address waits for 8 am Pacific.
    const california = await newYorkNumber('CA');
    await deliverMessage(at('2030-06-04T14:30:00Z'), california.messageId);
    expect(await statusOf(california.messageId)).toMatchObject({
      status: 'queued',
      send_after: new Date('2030-06-04T15:00:00Z'),
    });
    await deliverMessage(at('2030-06-04T15:00:00Z'), california.messageId);
    expect((await statusOf(california.messageId))?.status).toBe('sent');
    expect(fake.messages.find((sent) => sent.to === california.phone)?.body).toBe('reminder CA');
  });

  it('adds the opt-out line to collection texts only while the merchant has it on', async () => {
    const collectionText = async (body: string) => {
      const c = await textableCustomer();
      const row = await queueMessage(t.app.ctx, {
        merchantId: ids.demoMotors,
        customerId: c.customerId,
        to: c.phone,
        body,
        kind: 'manual',
        sender: 'test',
        collection: true,
      });
      await deliverMessage(t.app.ctx, row.id);
      return fake.messages.find((message) => message.to === c.phone)?.body;
    };
    expect(await collectionText('Your payment is due')).toBe('Your payment is due\nReply STOP to opt out');
    await call('PUT', settingsUrl(), admin, { ...DEFAULTS, opt_out_line: false });
    expect(await collectionText('Your payment is due')).toBe('Your payment is due');
  });

  it('answers HELP with the merchant’s contact', async () => {
    await call('PUT', settingsUrl(), admin, { ...DEFAULTS, help_contact: 'help@demomotors.test' });
    const c = await textableCustomer();
    const params = { MessageSid: `SM${randomUUID().replaceAll('-', '')}`, From: c.phone, To: OUR_NUMBER, Body: 'HELP' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/messages/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignatureOf(AUTH_TOKEN, `${PUBLIC_URL}/api/webhooks/twilio/messages/`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(response.statusCode).toBe(204);
    const result = await t.app.jobs.drain();
    expect(result.failed).toEqual([]);
    expect(fake.messages.find((message) => message.to === c.phone)?.body).toContain('Contact: help@demomotors.test.');
  });
});

describe('the flagged free-text opt-out', () => {
  const flagUrl = (customerId: string, merchant = ids.demoMotors) =>
    `/api/merchants/${merchant}/inbox/${customerId}/opt_out_flag/`;

  async function flaggedCustomer(words = 'please stop texting me') {
    const c = await textableCustomer();
    const [thread] = await db()
      .insert(inboxThreads)
      .values({ merchant_id: ids.demoMotors, customer_id: c.customerId, needs_review: true, last_message_body: words })
      .returning();
    await db().insert(messages).values({
      merchant_id: ids.demoMotors,
      thread_id: thread!.id,
      customer_id: c.customerId,
      direction: 'inbound',
      kind: 'manual',
      sender: 'Fixture',
      body: words,
      status: 'received',
      flagged_opt_out: true,
    });
    return c;
  }

  it('confirm opts the customer out of texts (consent ledger, method staff, the words) and clears the flag', async () => {
    const c = await flaggedCustomer();
    const response = await call('POST', flagUrl(c.customerId), staff, { action: 'confirm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ customer_id: c.customerId, needs_review: false });
    const [customer] = await db().select().from(customers).where(eq(customers.id, c.customerId));
    expect(customer?.text_opt_in).toBe(false);
    const ledger = await db().select().from(consentEvents).where(eq(consentEvents.customer_id, c.customerId));
    expect(ledger.at(-1)).toMatchObject({
      channel: 'sms',
      opted_in: false,
      method: 'staff',
      affirmation: 'please stop texting me',
    });
    const [message] = await db().select().from(messages).where(eq(messages.customer_id, c.customerId));
    expect(message?.flagged_opt_out).toBe(false);
  });

  it('dismiss clears the flag and leaves consent alone; no flag left is 400', async () => {
    const c = await flaggedCustomer('stop it with the late fees');
    const response = await call('POST', flagUrl(c.customerId), staff, { action: 'dismiss' });
    expect(response.json()).toMatchObject({ needs_review: false });
    const [customer] = await db().select().from(customers).where(eq(customers.id, c.customerId));
    expect(customer?.text_opt_in).toBe(true);
    const again = await call('POST', flagUrl(c.customerId), staff, { action: 'confirm' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['This conversation has no reply waiting for review.'] });
  });

  it('answers 400 for a bad action, 401, 403 without customer editing, 404 for another merchant', async () => {
    const c = await flaggedCustomer();
    expect((await call('POST', flagUrl(c.customerId), staff, { action: 'maybe' })).json()).toEqual({
      action: ['Must be confirm or dismiss'],
    });
    expect((await call('POST', flagUrl(c.customerId), {}, { action: 'dismiss' })).statusCode).toBe(401);
    expect((await call('POST', flagUrl(c.customerId), legacy, { action: 'dismiss' })).statusCode).toBe(404);
    const other = await createCustomerFixture(db(), ids.customRolesAuto);
    const without = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, ['is_customer_free_text_allowed']);
    const refused = await call('POST', flagUrl(other.customerId, ids.customRolesAuto), without, { action: 'dismiss' });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', flagUrl(randomUUID()), staff, { action: 'dismiss' })).statusCode).toBe(404);
  });
});

describe('signed attachment links', () => {
  function multipart(content: Buffer) {
    const boundary = `----paydesk${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  async function uploaded(content: Buffer): Promise<string> {
    const form = multipart(content);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/upload_media/`,
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().media_path;
  }
  const sendWith = (accountId: string, customerId: string, fileUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/accounts/${accountId}/send_message/`,
      headers: { ...staff, 'idempotency-key': randomUUID() },
      payload: { customer: customerId, message: 'see attached', file_url: fileUrl },
    });

  it('answers attachments as signed links a browser opens without a token, and gives Twilio an absolute one', async () => {
    const c = await textableCustomer();
    const path = await uploaded(PNG);
    const response = await sendWith(c.accountId, c.customerId, path);
    expect(response.statusCode).toBe(201);
    const [attachment] = response.json()[c.customerId].attachments;
    expect(attachment.type).toBe('image/png');
    expect(attachment.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/\?expires=\d+&signature=[\w-]+$/);
    const listed = await call('GET', `/api/merchants/${ids.demoMotors}/customers/${c.customerId}/messages/`, staff);
    expect(listed.json().results[0].attachments[0].url).toBe(attachment.url);

    const served = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const result = await t.app.jobs.drain();
    expect(result.failed).toEqual([]);
    const [mediaUrl] = fake.messages.find((message) => message.to === c.phone)?.mediaUrls ?? [];
    expect(mediaUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/media/[0-9a-f-]{36}/[0-9a-f-]{36}/\\?expires=`));
    const fetched = await t.app.inject({ method: 'GET', url: mediaUrl!.slice(PUBLIC_URL.length) });
    expect(fetched.statusCode).toBe(200);
  });

  it('serves a PDF as an attachment-named inline PDF', async () => {
    const path = await uploaded(PDF);
    const [, merchant, media] = /merchants\/([^/]+)\/message_media\/([^/]+)\//.exec(path) ?? [];
    const link = signedMediaPath(t.app.ctx.config, merchant!, media!, Math.floor(Date.now() / 1000) + 60);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="attachment.pdf"');
  });

  it('refuses a tampered, expired, missing or other file’s signature (403) and an unknown file (404)', async () => {
    const path = await uploaded(PNG);
    const [, merchant, media] = /merchants\/([^/]+)\/message_media\/([^/]+)\//.exec(path) ?? [];
    const future = Math.floor(Date.now() / 1000) + 600;
    const good = signedMediaPath(t.app.ctx.config, merchant!, media!, future);
    expect((await t.app.inject({ method: 'GET', url: good })).statusCode).toBe(200);
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(
      await status(good.replace(/signature=./, (text) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`)),
    ).toBe(403);
    expect(await status(good.replace(`expires=${future}`, `expires=${future + 1}`))).toBe(403);
    const past = signedMediaPath(t.app.ctx.config, merchant!, media!, Math.floor(Date.now() / 1000) - 1);
    expect(await status(past)).toBe(403);
    expect(await status(`/api/media/${merchant}/${media}/`)).toBe(403);
    const other = randomUUID();
    expect(await status(good.replace(media!, other))).toBe(403);
    expect(await status(signedMediaPath(t.app.ctx.config, merchant!, other, future))).toBe(404);
  });

  it('sends only a file uploaded for this merchant', async () => {
    const c = await textableCustomer();
    const foreign = `/api/merchants/${ids.legacyMotors}/message_media/${randomUUID()}/`;
    for (const fileUrl of [
      'https://evil.example/x.png',
      foreign,
      `/api/merchants/${ids.demoMotors}/message_media/${randomUUID()}/`,
    ]) {
      const response = await sendWith(c.accountId, c.customerId, fileUrl);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ file_url: ['Attach a file uploaded here first.'] });
    }
  });
});
