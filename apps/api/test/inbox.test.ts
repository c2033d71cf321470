import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers';
import { inboxThreads } from '../src/db/schema/messaging';
import { paymentLinks } from '../src/db/schema/payment-links';
import { refreshCustomerSearch } from '../src/modules/customers/customers.public';
import { createCustomerFixture, createLocation, createMessageTemplate, signInCustomRoleUser } from './factories';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { bearer, seedDemo, signIn, type DemoIds } from './identity';

const dataDir = mkdtempSync(join(tmpdir(), 'inbox-'));
let t: TestApp;
let ids: DemoIds;
let staff: Record<string, string>;
let legacy: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  ids = await seedDemo(t.database.db);
  staff = bearer((await signIn(t.app, 'staff@demo.test')).access);
  legacy = bearer((await signIn(t.app, 'legacy@demo.test')).access);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, headers: Record<string, string> = staff) =>
  t.app.inject({ method: 'GET', url: `/api/merchants/${ids.demoMotors}${url}`, headers });
const post = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = staff) =>
  t.app.inject({ method: 'POST', url: `/api/merchants/${ids.demoMotors}${url}`, headers, payload });

/** A Demo Motors customer named `last`, with a conversation whose last message was at `at`. */
async function conversation(last: string, at: Date, options: { unread?: number; phone?: string } = {}) {
  const fixture = await createCustomerFixture(db(), ids.demoMotors);
  await db()
    .update(customers)
    .set({ last_name: last, sms_phone_number: options.phone ?? null })
    .where(eq(customers.id, fixture.customerId));
  await refreshCustomerSearch(db(), [fixture.customerId]);
  await db()
    .insert(inboxThreads)
    .values({
      merchant_id: ids.demoMotors,
      customer_id: fixture.customerId,
      last_message_body: `hello ${last}`,
      last_message_created: at,
      unread_messages: options.unread ?? 0,
    });
  return fixture;
}

describe('GET inbox', () => {
  it('lists conversations newest first, unknown senders included, with next', async () => {
    const base = Date.UTC(2030, 0, 1);
    const older = await conversation(`Older${randomUUID().slice(0, 6)}`, new Date(base), { unread: 2 });
    const newer = await conversation(`Newer${randomUUID().slice(0, 6)}`, new Date(base + 60_000));
    await db()
      .insert(inboxThreads)
      .values({
        merchant_id: ids.demoMotors,
        customer_id: null,
        phone_number: '+13125559999',
        last_message_body: 'who is this',
        last_message_created: new Date(base + 120_000),
        unread_messages: 1,
      });
    const response = await get('/inbox/?page_size=3');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((entry: { customer_id: string | null }) => entry.customer_id)).toEqual([
      null,
      newer.customerId,
      older.customerId,
    ]);
    expect(body.results[0]).toMatchObject({ phone_number: '+13125559999', first_name: '', unread_messages: 1 });
    expect(body.results[2]).toMatchObject({
      first_name: 'Fixture',
      unread_messages: 2,
      last_message_body: expect.stringMatching(/^hello Older/),
      last_message_created: new Date(base).toISOString(),
    });
    expect(Object.keys(body.results[2]).sort()).toEqual(
      [
        'customer_id',
        'external_id',
        'first_name',
        'last_message_body',
        'last_message_created',
        'last_name',
        'needs_review',
        'phone_number',
        'unread_messages',
      ].sort(),
    );
    expect(body.next).toBeNull();
    const first = (await get('/inbox/?page_size=2')).json();
    expect(first.next).toBe(`/api/merchants/${ids.demoMotors}/inbox/?page_size=2&page=2`);
    expect((await get('/inbox/?page_size=2&page=2')).json().results).toHaveLength(1);
  });

  it('searches names and phone digits (parentheses, dashes and plus signs stripped) and filters by location', async () => {
    const name = `Searchy${randomUUID().slice(0, 6)}`;
    const found = await conversation(name, new Date(Date.UTC(2029, 5, 1)), { phone: '+13125554321' });
    const byName = (await get(`/inbox/?search=${name.toLowerCase()}`)).json();
    expect(byName.results.map((entry: { customer_id: string }) => entry.customer_id)).toEqual([found.customerId]);
    const byPhone = (await get(`/inbox/?search=${encodeURIComponent('(312) 555-4321')}`)).json();
    expect(byPhone.results.map((entry: { customer_id: string }) => entry.customer_id)).toContain(found.customerId);
    const here = (await get(`/inbox/?search=${name}&location=${found.locationId}`)).json();
    expect(here.results).toHaveLength(1);
    const elsewhere = await createLocation(db(), ids.demoMotors);
    const there = (await get(`/inbox/?search=${name}&location=${elsewhere}`)).json();
    expect(there.results).toHaveLength(0);
    expect((await get(`/inbox/?location=all&search=${name}`)).json().results).toHaveLength(1);
  });

  it('pages a phone search through customers and unknown senders, newest first, without gaps or repeats', async () => {
    const base = Date.UTC(2031, 0, 1);
    const digits = String(Math.floor(Math.random() * 9000) + 1000);
    const phoneOf = (n: number) => `+1646${digits}${n}00`;
    const oldest = await conversation('Paged', new Date(base), { phone: phoneOf(1) });
    await db()
      .insert(inboxThreads)
      .values({
        merchant_id: ids.demoMotors,
        phone_number: phoneOf(2),
        last_message_body: 'unknown',
        last_message_created: new Date(base + 1000),
      });
    const middle = await conversation('Paged', new Date(base + 2000), { phone: phoneOf(3) });
    await db()
      .insert(inboxThreads)
      .values({
        merchant_id: ids.demoMotors,
        phone_number: phoneOf(4),
        last_message_body: 'unknown',
        last_message_created: new Date(base + 3000),
      });
    const search = encodeURIComponent(`(646) ${digits}`);
    const pages = [
      (await get(`/inbox/?search=${search}&page_size=3`)).json(),
      (await get(`/inbox/?search=${search}&page_size=3&page=2`)).json(),
    ];
    const listed = pages.flatMap((page) =>
      page.results.map(
        (entry: { customer_id: string | null; phone_number: string }) => entry.customer_id ?? entry.phone_number,
      ),
    );
    expect(listed).toEqual([phoneOf(4), middle.customerId, phoneOf(2), oldest.customerId]);
    expect(pages.map((page) => page.next !== null)).toEqual([true, false]);
    // A location filter leaves the unknown senders out.
    const here = (await get(`/inbox/?search=${search}&location=${middle.locationId}`)).json();
    const hereIds = here.results.map((entry: { customer_id: string | null }) => entry.customer_id);
    expect(hereIds).toContain(middle.customerId);
    expect(hereIds).not.toContain(null);
  });

  it('answers 400 for a bad page or location, 401 without a token, 404 for another merchant', async () => {
    expect((await get('/inbox/?page=0')).statusCode).toBe(400);
    expect((await get('/inbox/?location=nowhere')).statusCode).toBe(400);
    expect((await get('/inbox/', {})).statusCode).toBe(401);
    expect((await get('/inbox/', legacy)).statusCode).toBe(404);
  });
});

describe('inbox entry and read', () => {
  it('retrieves one entry and marks it read', async () => {
    const fixture = await conversation(`Reader${randomUUID().slice(0, 6)}`, new Date(), { unread: 3 });
    const entry = await get(`/inbox/${fixture.customerId}/`);
    expect(entry.statusCode).toBe(200);
    expect(entry.json()).toMatchObject({ customer_id: fixture.customerId, unread_messages: 3 });
    const read = await post(`/inbox/${fixture.customerId}/read/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ customer_id: fixture.customerId, unread_messages: 0 });
    expect((await get(`/inbox/${fixture.customerId}/`)).json().unread_messages).toBe(0);
  });

  it('gives an empty entry for a customer without a conversation; 401; 404 for another merchant or none', async () => {
    const fixture = await createCustomerFixture(db(), ids.demoMotors);
    expect((await get(`/inbox/${fixture.customerId}/`)).json()).toMatchObject({
      last_message_created: null,
      unread_messages: 0,
    });
    expect((await get(`/inbox/${fixture.customerId}/`, {})).statusCode).toBe(401);
    expect((await post(`/inbox/${fixture.customerId}/read/`, undefined, {})).statusCode).toBe(401);
    expect((await get(`/inbox/${fixture.customerId}/`, legacy)).statusCode).toBe(404);
    const other = await createCustomerFixture(db(), ids.legacyMotors);
    expect((await get(`/inbox/${other.customerId}/`)).statusCode).toBe(404);
    expect((await post(`/inbox/${other.customerId}/read/`)).statusCode).toBe(404);
    expect((await get(`/inbox/${randomUUID()}/`)).statusCode).toBe(404);
  });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(name: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----paydesk${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (content: Buffer, headers: Record<string, string> = staff, merchant = ids.demoMotors, name = 'file') => {
  const form = multipart(name, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${merchant}/upload_media/`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};

describe('attachments', () => {
  it('stores an image or PDF by its content and serves it back to the merchant only', async () => {
    const response = await upload(PNG);
    expect(response.statusCode).toBe(201);
    const path = response.json().media_path as string;
    expect(path).toMatch(new RegExp(`^/api/merchants/${ids.demoMotors}/message_media/[0-9a-f-]{36}/$`));
    const served = await t.app.inject({ method: 'GET', url: path, headers: staff });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: path, headers: legacy })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const mediaId = path.split('/').at(-2);
    const viaOther = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.legacyMotors}/message_media/${mediaId}/`,
      headers: legacy,
    });
    expect(viaOther.statusCode).toBe(404);
    const pdf = await upload(Buffer.from('%PDF-1.7\n%fake\n'));
    expect(pdf.statusCode).toBe(201);
  });

  it('keeps uploads under DATA_DIR/message-media/<merchant>/<id> and reads files already there', async () => {
    const path = (await upload(PNG)).json().media_path as string;
    const folder = join(dataDir, 'message-media', ids.demoMotors);
    expect(readFileSync(join(folder, path.split('/').at(-2) ?? '')).equals(PNG)).toBe(true);
    const earlier = randomUUID();
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${earlier}.type`), 'application/pdf');
    writeFileSync(join(folder, earlier), '%PDF-1.7\n%earlier\n');
    const served = await get(`/message_media/${earlier}/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body).toBe('%PDF-1.7\n%earlier\n');
  });

  it('refuses other types, a file over 1 MB, a missing file; 401, 403 and 404', async () => {
    const text = await upload(Buffer.from('<script>alert(1)</script>'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ file: ['Only images and PDF files can be attached.'] });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: ['File must be less than 1mb in size'] });
    const missing = await upload(PNG, staff, ids.demoMotors, 'other');
    expect(missing.statusCode).toBe(400);
    const json = await post('/upload_media/', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await upload(PNG, {})).statusCode).toBe(401);
    const withoutFreeText = await signInCustomRoleUser(t.app, db(), ids.customRolesAuto, []);
    expect((await upload(PNG, withoutFreeText, ids.customRolesAuto)).statusCode).toBe(403);
    expect((await upload(PNG, legacy)).statusCode).toBe(404);
    const unknown = await get(`/message_media/${randomUUID()}/`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST customer_accounts', () => {
  it("lists the merchant's customers with their accounts, searched", async () => {
    const name = `Picker${randomUUID().slice(0, 6)}`;
    const fixture = await conversation(name, new Date(), { phone: '+13125557777' });
    const response = await post('/customer_accounts/', { search: name });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      next: null,
      results: [
        {
          first_name: 'Fixture',
          last_name: name,
          customer: { id: fixture.customerId, email: null, sms_phone_number: '+13125557777' },
          account: { id: fixture.accountId, external_id: expect.any(String) },
        },
      ],
    });
    const paged = (await post('/customer_accounts/', { page_size: 1 })).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).not.toBeNull();
  });

  it('answers 400 for a bad body, 401 without a token, 404 for another merchant', async () => {
    expect((await post('/customer_accounts/', { page_size: 0 })).statusCode).toBe(400);
    expect((await post('/customer_accounts/', { unknown: 1 })).statusCode).toBe(400);
    expect((await post('/customer_accounts/', {}, {})).statusCode).toBe(401);
    expect((await post('/customer_accounts/', {}, legacy)).statusCode).toBe(404);
  });
});

describe('GET inbox templates (the template-only composer, SPEC §6)', () => {
  const templatesOf = (merchantId: string, customerId: string, query: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/merchants/${merchantId}/inbox/${customerId}/templates/${query}`,
      headers,
    });

  it("lists the merchant's active templates with their text rendered for the customer and account, to any role", async () => {
    const merchant = ids.customRolesAuto;
    const fixture = await createCustomerFixture(db(), merchant);
    const name = `Aaa reminder ${randomUUID().slice(0, 6)}`;
    const id = await createMessageTemplate(db(), merchant, {
      name,
      message_bodies: [
        { language: 'en-US', body_type: 'TEXT', message_body: 'Hi {{first_name}}, pay: {{payment_link}}' },
        { language: 'en-US', body_type: 'EMAIL', message_body: '<p>Email body</p>' },
      ],
    });
    const inactive = await createMessageTemplate(db(), merchant, { active: false });
    const hidden = await createMessageTemplate(db(), merchant, { is_visible: false });
    const blank = await createMessageTemplate(db(), merchant, { message_bodies: [] });
    // A custom role without template or free-text flags: it may not open the template pages, but may send one.
    const noFlags = await signInCustomRoleUser(t.app, db(), merchant, []);
    const response = await templatesOf(merchant, fixture.customerId, `?account=${fixture.accountId}`, noFlags);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as { results: { id: string; name: string; preview: string }[] };
    expect(results.find((template) => template.id === id)).toEqual({
      id,
      name,
      type: 'UNSCHEDULED',
      preview: expect.stringMatching(/^Hi Fixture, pay: http\S+sample-link-for-preview-only-not-for-paying$/),
    });
    expect(results.map((template) => template.id)).not.toEqual(expect.arrayContaining([inactive]));
    expect(results.map((template) => template.id)).not.toEqual(expect.arrayContaining([hidden]));
    expect(results.map((template) => template.id)).not.toEqual(expect.arrayContaining([blank]));
    const names = results.map((template) => template.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // A preview issues no payment link.
    const links = await db().select().from(paymentLinks).where(eq(paymentLinks.account_id, fixture.accountId));
    expect(links).toEqual([]);
  });

  it('answers 400 without an account, 401 without a token, 404 for another account, customer or merchant', async () => {
    const fixture = await createCustomerFixture(db(), ids.demoMotors);
    const other = await createCustomerFixture(db(), ids.demoMotors);
    const missing = await templatesOf(ids.demoMotors, fixture.customerId, '', staff);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ account: ['Required'] });
    const query = `?account=${fixture.accountId}`;
    expect((await templatesOf(ids.demoMotors, fixture.customerId, query, {})).statusCode).toBe(401);
    expect((await templatesOf(ids.demoMotors, other.customerId, query, staff)).statusCode).toBe(404);
    expect((await templatesOf(ids.demoMotors, randomUUID(), query, staff)).statusCode).toBe(404);
    expect((await templatesOf(ids.demoMotors, fixture.customerId, query, legacy)).statusCode).toBe(404);
  });
});
