import { createHash, randomUUID } from 'node:crypto';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import {
  MERGE_FIELDS,
  PREVIEW_PAY_TOKEN,
  findUnknownMergeFields,
} from '@paydesk/domain/message-templates/merge-fields';
import { SYSTEM_TEMPLATE_TYPES, TEMPLATE_TYPE_DISPLAY_NAMES } from '@paydesk/domain/message-templates/template-types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../src/db/schema/customers';
import { merchants } from '../src/db/schema/identity';
import { merchantLocations } from '../src/db/schema/locations';
import { messageTemplates } from '../src/db/schema/message-templates';
import { messages } from '../src/db/schema/messaging';
import { paymentLinks } from '../src/db/schema/payment-links';
import { payments } from '../src/db/schema/payments';
import { paymentPromises } from '../src/db/schema/promises';
import {
  createCustomerFixture,
  createCustomRole,
  createMerchant,
  createMessageTemplate,
  createPaymentFixture,
  type CustomerFixture,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

async function organizationOf(merchantId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: merchants.organization_id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new Error('no merchant');
  return row.id;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, email: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: email ? await as(email) : {} });
const listUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/message_templates/`;
const itemUrl = (id: string, merchantId = ids.demoMotors) => `${listUrl(merchantId)}${id}/`;
const text = (message_body: string) => ({ language: 'en-US', body_type: 'TEXT' as const, message_body });
const email = (message_body: string) => ({ language: 'en-US', body_type: 'EMAIL' as const, message_body });
let counter = 0;
const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Reminder ${(counter += 1)}`,
  type: 'SCHEDULED',
  delta_days: 100 + counter,
  message_bodies: [text('Hi {{first_name}}, {{amount_due}} is due {{due_date}}. Reply STOP to opt out.')],
  ...overrides,
});

describe('system templates', () => {
  it('are seeded for every merchant, existing and new, one of each type with its display name', async () => {
    const merchantId = await createMerchant(t.database.db, await organizationOf(ids.demoMotors));
    for (const id of [ids.demoMotors, merchantId]) {
      const rows = await t.database.db.select().from(messageTemplates).where(eq(messageTemplates.merchant_id, id));
      const system = rows.filter((row) => (SYSTEM_TEMPLATE_TYPES as readonly string[]).includes(row.type));
      expect(system.map((row) => row.type).sort()).toEqual([...SYSTEM_TEMPLATE_TYPES].sort());
      for (const row of system) {
        expect(row.name).toBe(TEMPLATE_TYPE_DISPLAY_NAMES[row.type]);
        expect(row.active).toBe(true);
        const bodies = row.message_bodies;
        expect(bodies.map((body) => body.body_type).sort()).toEqual(['EMAIL', 'TEXT']);
        for (const body of bodies) expect(findUnknownMergeFields(body.message_body)).toEqual([]);
        expect(bodies.find((body) => body.body_type === 'TEXT')?.message_body.length).toBeLessThanOrEqual(300);
      }
    }
    expect(MERGE_FIELDS.length).toBe(15);
  });

  it('can not be made inactive, change type or be deleted', async () => {
    const [welcome] = await t.database.db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.merchant_id, ids.demoMotors), eq(messageTemplates.type, 'WELCOME')));
    if (!welcome) throw new Error('no welcome template');
    const inactive = await call('PATCH', itemUrl(welcome.id), 'admin@demo.test', { active: false });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ active: ['Auto-generated templates must remain active.'] });
    const put = await call('PUT', itemUrl(welcome.id), 'admin@demo.test', {
      name: 'Welcome',
      type: 'WELCOME',
      message_bodies: welcome.message_bodies,
      active: false,
    });
    expect(put.statusCode).toBe(400);
    expect((await call('PATCH', itemUrl(welcome.id), 'admin@demo.test', { type: 'SCHEDULED' })).statusCode).toBe(400);
    expect((await call('DELETE', itemUrl(welcome.id), 'admin@demo.test')).statusCode).toBe(400);
    const renamed = await call('PATCH', itemUrl(welcome.id), 'admin@demo.test', {
      message_bodies: [text('Welcome {{first_name}}!'), email('<p>Welcome {{first_name}}!</p>')],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().sms_body).toBe('Welcome {{first_name}}!');
  });

  it('can not be created a second time', async () => {
    const response = await call('POST', listUrl(), 'admin@demo.test', templateBody({ type: 'THANKS' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: ['A template of this type already exists'] });
  });
});

describe('message templates', () => {
  it('creates, reads, updates and deletes a template (the retrieve shape of SPEC §3)', async () => {
    const created = await call(
      'POST',
      listUrl(),
      'staff@demo.test',
      templateBody({ name: 'Three days before', delta_days: 3 }),
    );
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({
      name: 'Three days before',
      type: 'SCHEDULED',
      delta_days: 3,
      description: '',
      active: true,
      is_visible: true,
      sms_body: 'Hi {{first_name}}, {{amount_due}} is due {{due_date}}. Reply STOP to opt out.',
    });
    const read = (await call('GET', itemUrl(template.id), 'staff@demo.test')).json();
    expect(read).toEqual(template);
    const put = await call('PUT', itemUrl(template.id), 'staff@demo.test', {
      name: 'Three days after',
      type: 'SCHEDULED',
      delta_days: -3,
      message_bodies: [text('Late'), email('<b>Late</b>')],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ delta_days: -3, sms_body: 'Late', name: 'Three days after' });
    const toggled = await call('PUT', itemUrl(template.id), 'staff@demo.test', { ...put.json(), active: false });
    expect(toggled.json().active).toBe(false);
    expect((await call('DELETE', itemUrl(template.id), 'staff@demo.test')).statusCode).toBe(204);
    expect((await call('GET', itemUrl(template.id), 'staff@demo.test')).statusCode).toBe(404);
  });

  it('stores the mass modal’s one-off template hidden and inactive, and lists only visible templates', async () => {
    const oneOff = await call('POST', listUrl(), 'staff@demo.test', {
      name: `Batch ${Date.now()}`,
      description: 'temporary',
      active: false,
      is_visible: false,
      type: 'UNSCHEDULED',
      delta_days: 5,
      message_bodies: [text('Hello {{first_name}}')],
    });
    expect(oneOff.statusCode).toBe(201);
    expect(oneOff.json()).toMatchObject({
      active: false,
      is_visible: false,
      delta_days: null,
      description: 'temporary',
    });
    const list = (await call('GET', `${listUrl()}?page_size=1000`, 'staff@demo.test')).json();
    expect(list.results.map((row: { id: string }) => row.id)).not.toContain(oneOff.json().id);
  });

  it('lists by name, paged (50 in lists, 1000 in pickers), with search', async () => {
    const merchantId = await createMerchant(t.database.db, await organizationOf(ids.demoMotors));
    await addUser(t.database.db, { email: 'lister@templates.test', merchantId, role: 'admin' });
    for (let index = 0; index < 3; index += 1)
      await createMessageTemplate(t.database.db, merchantId, { name: `Zed ${index}` });
    const all = (await call('GET', `${listUrl(merchantId)}?page_size=1000`, 'lister@templates.test')).json();
    expect(all.count).toBe(15);
    const page = (await call('GET', `${listUrl(merchantId)}?page_size=50`, 'lister@templates.test')).json();
    expect(page.results).toHaveLength(15);
    const second = (await call('GET', `${listUrl(merchantId)}?page_size=10&page=2`, 'lister@templates.test')).json();
    expect(second.results).toHaveLength(5);
    expect(second.next).toBeNull();
    const search = (await call('GET', `${listUrl(merchantId)}?search=%20zed%20`, 'lister@templates.test')).json();
    expect(search.count).toBe(3);
    expect((await call('GET', `${listUrl(merchantId)}?page_size=1001`, 'lister@templates.test')).statusCode).toBe(400);
  });

  it('refuses a duplicate name (Existing template name) and a schedule clash (SPEC §8)', async () => {
    const first = await call('POST', listUrl(), 'admin@demo.test', templateBody({ name: 'Clash A', delta_days: 7 }));
    expect(first.statusCode).toBe(201);
    const duplicate = await call(
      'POST',
      listUrl(),
      'admin@demo.test',
      templateBody({ name: 'clash a', delta_days: 8 }),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ name: ['Existing template name'] });
    const clash = await call('POST', listUrl(), 'admin@demo.test', templateBody({ name: 'Clash B', delta_days: 7 }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      code: 'template.schedule_clash',
      detail: 'A template already exists for the chosen days.',
    });
    // An inactive template does not clash, and the same days on another merchant do not either.
    await call('PATCH', itemUrl(first.json().id), 'admin@demo.test', { active: false });
    expect(
      (await call('POST', listUrl(), 'admin@demo.test', templateBody({ name: 'Clash B', delta_days: 7 }))).statusCode,
    ).toBe(201);
    const other = await call(
      'POST',
      listUrl(ids.customRolesAuto),
      'admin@demo.test',
      templateBody({ name: 'Clash A', delta_days: 7 }),
    );
    expect(other.statusCode).toBe(201);
  });

  it('gives field messages: required fields, 300-character text, unknown merge fields, days for SCHEDULED', async () => {
    expect((await call('POST', listUrl(), 'admin@demo.test', {})).json()).toMatchObject({
      name: ['Required'],
      message_bodies: ['Required'],
    });
    const long = await call(
      'POST',
      listUrl(),
      'admin@demo.test',
      templateBody({ message_bodies: [text('x'.repeat(301))] }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ 'message_bodies.0.message_body': ['Must be at most 300 characters'] });
    expect(
      (await call('POST', listUrl(), 'admin@demo.test', templateBody({ message_bodies: [text('x'.repeat(300))] })))
        .statusCode,
    ).toBe(201);
    const longEmail = await call(
      'POST',
      listUrl(),
      'admin@demo.test',
      templateBody({ message_bodies: [email('x'.repeat(400))] }),
    );
    expect(longEmail.statusCode).toBe(201);
    const unknown = await call(
      'POST',
      listUrl(),
      'admin@demo.test',
      templateBody({ message_bodies: [text('Hi {{nickname}}')] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'message_bodies.0.message_body': ['Unknown merge field {{nickname}}'] });
    const blank = await call('POST', listUrl(), 'admin@demo.test', templateBody({ message_bodies: [text('  ')] }));
    expect(blank.json()).toEqual({ 'message_bodies.0.message_body': ['Required'] });
    const noDays = await call('POST', listUrl(), 'admin@demo.test', templateBody({ delta_days: null }));
    expect(noDays.json()).toEqual({ delta_days: ['Required'] });
    expect((await call('POST', listUrl(), 'admin@demo.test', templateBody({ type: 'NOPE' }))).statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 for a custom role without is_template_update_allowed, 404 across merchants', async () => {
    expect((await call('GET', listUrl(), null)).statusCode).toBe(401);
    expect((await call('GET', listUrl(ids.customRolesAuto), 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('POST', listUrl(ids.customRolesAuto), 'agent@demo.test', templateBody())).statusCode).toBe(403);
    const roleId = await createCustomRole(t.database.db, ids.customRolesAuto, ['is_template_update_allowed']);
    await addUser(t.database.db, {
      email: 'writer@templates.test',
      merchantId: ids.customRolesAuto,
      role: { customRoleId: roleId },
    });
    expect((await call('GET', listUrl(ids.customRolesAuto), 'writer@templates.test')).statusCode).toBe(200);
    const own = await createMessageTemplate(t.database.db, ids.demoMotors);
    // legacy@demo.test is an admin of another organisation: the merchant and its templates do not exist for them.
    expect((await call('GET', itemUrl(own), 'legacy@demo.test')).statusCode).toBe(404);
    // A template of another merchant named under one's own merchant is 404 too.
    expect((await call('GET', itemUrl(own, ids.customRolesAuto), 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('PATCH', itemUrl(own, ids.customRolesAuto), 'admin@demo.test', { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', itemUrl(own, ids.customRolesAuto), 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', itemUrl('not-a-uuid'), 'admin@demo.test')).statusCode).toBe(404);
  });
});

describe('render and random_render', () => {
  it('renders a template for a customer and account, escaping HTML in email (POST and GET)', async () => {
    const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
    await t.database.db
      .update(customers)
      .set({ first_name: '<b>Ana</b>', last_name: 'Ruiz' })
      .where(eq(customers.id, fixture.customerId));
    await t.database.db
      .update(accounts)
      .set({ amount_due_cents: 123_456, due_date: '2026-03-05', external_id: 'RND-1' })
      .where(eq(accounts.id, fixture.accountId));
    const templateId = await createMessageTemplate(t.database.db, ids.demoMotors, {
      message_bodies: [
        text('Hi {{first_name}} {{last_name}}, {{amount_due}} due {{due_date}} on {{external_id}}.'),
        email('<p>Hi {{first_name}}</p>'),
      ],
    });
    const url = `${itemUrl(templateId)}render/`;
    const rendered = await call('POST', url, 'staff@demo.test', {
      customer: fixture.customerId,
      account: fixture.accountId,
      type: 'TEXT',
    });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.json().rendered_body).toBe('Hi <b>Ana</b> Ruiz, $1,234.56 due 03/05/2026 on RND-1.');
    const asEmail = await call(
      'GET',
      `${url}?customer=${fixture.customerId}&account=${fixture.accountId}&type=EMAIL`,
      'staff@demo.test',
    );
    expect(asEmail.json().rendered_body).toBe('<p>Hi &lt;b&gt;Ana&lt;/b&gt;</p>');
    expect((await call('POST', url, 'staff@demo.test', { customer: 'x', account: fixture.accountId })).statusCode).toBe(
      400,
    );
  });

  it('answers 404 for another merchant’s customer or an account not the customer’s', async () => {
    const theirs = await createCustomerFixture(t.database.db, ids.customRolesAuto);
    const mine = await createCustomerFixture(t.database.db, ids.demoMotors);
    const templateId = await createMessageTemplate(t.database.db, ids.demoMotors);
    const url = `${itemUrl(templateId)}render/`;
    const foreign = await call('POST', url, 'admin@demo.test', {
      customer: theirs.customerId,
      account: theirs.accountId,
    });
    expect(foreign.statusCode).toBe(404);
    const mixed = await call('POST', url, 'admin@demo.test', { customer: mine.customerId, account: theirs.accountId });
    expect(mixed.statusCode).toBe(404);
  });

  it('renders an unsaved body for a random customer, or with sample values when the merchant has none', async () => {
    const random = await call('POST', `${listUrl()}random_render/`, 'staff@demo.test', {
      message_template_body: 'Hi {{first_name}}, pay {{payment_link}}',
      type: 'TEXT',
    });
    expect(random.statusCode).toBe(200);
    expect(random.json().customer).not.toBeNull();
    expect(random.json().rendered_body).toMatch(/^Hi /);
    const merchantId = await createMerchant(t.database.db, await organizationOf(ids.demoMotors));
    await addUser(t.database.db, { email: 'empty@templates.test', merchantId, role: 'staff' });
    const sample = await call(
      'GET',
      `${listUrl(merchantId)}random_render/?message_template_body=${encodeURIComponent('Hi {{first_name}} {{amount_due}}')}&type=EMAIL`,
      'empty@templates.test',
    );
    expect(sample.statusCode).toBe(200);
    expect(sample.json()).toEqual({ rendered_body: 'Hi Jordan $250.00', customer: null });
    expect((await call('POST', `${listUrl()}random_render/`, 'staff@demo.test', { type: 'SMS' })).statusCode).toBe(400);
  });
});

describe('merge values from the account’s data', () => {
  const ALL_FIELDS = MERGE_FIELDS.filter((field) => field.name !== 'payment_link')
    .map((field) => `${field.name}={{${field.name}}}`)
    .join('|');

  /** A fresh merchant in Chicago with one customer account, and a staff user to preview as. */
  async function chicagoAccount() {
    const merchantId = await createMerchant(t.database.db, await organizationOf(ids.demoMotors));
    await t.database.db
      .update(merchants)
      .set({ name: 'Prairie Autos', timezone: 'America/Chicago' })
      .where(eq(merchants.id, merchantId));
    const email = `values-${randomUUID()}@templates.test`;
    await addUser(t.database.db, { email, merchantId, role: 'staff' });
    const fixture = await createCustomerFixture(t.database.db, merchantId);
    await t.database.db
      .update(customers)
      .set({ first_name: 'Ana', last_name: 'Ruiz' })
      .where(eq(customers.id, fixture.customerId));
    return { merchantId, email, fixture };
  }

  const preview = async (merchantId: string, email: string, fixture: CustomerFixture, body: string) => {
    const response = await call('POST', `${listUrl(merchantId)}preview/`, email, {
      customer: fixture.customerId,
      account: fixture.accountId,
      message_template_body: body,
      type: 'TEXT',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().rendered_body as string;
  };

  it('fills every field from the account, its promises, its payments and the merchant, dates in its zone', async () => {
    const { merchantId, email, fixture } = await chicagoAccount();
    const db = t.database.db;
    const dueDate = toCalendarDate(new Date(Date.now() - 4 * 86_400_000), 'America/Chicago');
    await db
      .update(accounts)
      .set({
        external_id: 'PR-7',
        amount_due_cents: 45_000,
        due_date: dueDate,
        autopay: true,
        convenience_fee_cents: 295,
      })
      .where(eq(accounts.id, fixture.accountId));
    await db
      .update(merchantLocations)
      .set({ phone: '+13125550147' })
      .where(eq(merchantLocations.id, fixture.locationId));
    // Promises: a settled one (left out), a later open one and the next open one, late in the evening in Chicago.
    const promise = (scheduled: string, amount: number, outcome: 'open' | 'broken') => ({
      merchant_id: merchantId,
      account_id: fixture.accountId,
      customer_id: fixture.customerId,
      amount_cents: amount,
      scheduled_date: new Date(scheduled),
      outcome,
    });
    await db
      .insert(paymentPromises)
      .values([
        promise('2099-01-01T00:00:00Z', 9_900, 'broken'),
        promise('2099-03-01T18:00:00Z', 20_000, 'open'),
        promise('2099-02-10T04:30:00Z', 12_500, 'open'),
      ]);
    // Payments: the latest that went through (late evening in Chicago), then a later declined one (left out).
    const paid = await createPaymentFixture(db, merchantId, fixture);
    await db
      .update(payments)
      .set({ amount_cents: 7_500, total_cents: 7_500, created: new Date('2026-03-06T03:00:00Z') })
      .where(eq(payments.id, paid));
    const declined = await createPaymentFixture(db, merchantId, fixture, { failed: true });
    await db
      .update(payments)
      .set({ created: new Date('2026-03-07T15:00:00Z') })
      .where(eq(payments.id, declined));

    const rendered = await preview(merchantId, email, fixture, ALL_FIELDS);
    const [year, month, day] = dueDate.split('-');
    expect(rendered).toBe(
      [
        'first_name=Ana',
        'last_name=Ruiz',
        'external_id=PR-7',
        'amount_due=$450.00',
        `due_date=${month}/${day}/${year}`,
        'days_past_due=4',
        'convenience_fee=$2.95',
        'merchant_name=Prairie Autos',
        'merchant_phone=(312) 555-0147',
        'promise_date=02/09/2099',
        'promise_amount=$125.00',
        'last_payment_amount=$75.00',
        'last_payment_date=03/05/2026',
        `autopay_day=${Number(day)}`,
      ].join('|'),
    );
  });

  it('leaves out what the account does not have, and finds the merchant’s phone at another location', async () => {
    const { merchantId, email, fixture } = await chicagoAccount();
    const db = t.database.db;
    await db
      .update(accounts)
      .set({ amount_due_cents: 0, due_date: '2026-01-05', autopay: false })
      .where(eq(accounts.id, fixture.accountId));
    await db.insert(merchantLocations).values({
      merchant_id: merchantId,
      name: 'Second Lot',
      address_line1: '2 Test Way',
      city: 'Testville',
      state: 'IL',
      postal_code: '60601',
      phone: '+13125550199',
      timezone: 'America/Chicago',
    });
    const body =
      'Paid up: {{days_past_due}} days late. Promise {{promise_amount}} {{promise_date}}; last {{last_payment_amount}} on {{last_payment_date}}; autopay {{autopay_day}}. Call {{merchant_phone}}.';
    expect(await preview(merchantId, email, fixture, body)).toBe(
      'Paid up: 0 days late. Promise; last on; autopay. Call (312) 555-0199.',
    );
  });
});

describe('preview (the editor’s draft for a chosen customer)', () => {
  const previewUrl = (merchantId = ids.demoMotors) => `${listUrl(merchantId)}preview/`;

  it('renders the unsaved body, escaped in email, for the customer and account', async () => {
    const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
    await t.database.db.update(customers).set({ first_name: '<i>Lee</i>' }).where(eq(customers.id, fixture.customerId));
    const body = {
      customer: fixture.customerId,
      account: fixture.accountId,
      message_template_body: 'Hi {{first_name}}',
    };
    const asText = await call('POST', previewUrl(), 'staff@demo.test', body);
    expect(asText.statusCode).toBe(200);
    expect(asText.json()).toEqual({
      rendered_body: 'Hi <i>Lee</i>',
      customer: { id: fixture.customerId, first_name: '<i>Lee</i>', last_name: expect.any(String) },
    });
    const asEmail = await call('POST', previewUrl(), 'staff@demo.test', { ...body, type: 'EMAIL' });
    expect(asEmail.json().rendered_body).toBe('Hi &lt;i&gt;Lee&lt;/i&gt;');
  });

  it('answers 400 for bad fields, 401, 403 without is_template_update_allowed, 404 for another merchant’s customer', async () => {
    const mine = await createCustomerFixture(t.database.db, ids.demoMotors);
    const theirs = await createCustomerFixture(t.database.db, ids.customRolesAuto);
    const body = { customer: mine.customerId, account: mine.accountId, message_template_body: 'Hi', type: 'TEXT' };
    const invalid = await call('POST', previewUrl(), 'staff@demo.test', { customer: 'x', type: 'SMS' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      customer: ['Must be a valid id'],
      account: ['Required'],
      message_template_body: ['Required'],
      type: ['Must be TEXT or EMAIL'],
    });
    expect((await call('POST', previewUrl(), null, body)).statusCode).toBe(401);
    expect((await call('POST', previewUrl(ids.customRolesAuto), 'agent@demo.test', body)).statusCode).toBe(403);
    const foreign = { ...body, customer: theirs.customerId, account: theirs.accountId };
    expect((await call('POST', previewUrl(), 'admin@demo.test', foreign)).statusCode).toBe(404);
    const mixed = { ...body, account: theirs.accountId };
    expect((await call('POST', previewUrl(), 'admin@demo.test', mixed)).statusCode).toBe(404);
    expect((await call('POST', previewUrl(), 'legacy@demo.test', body)).statusCode).toBe(404);
  });
});

describe('{{payment_link}}: previews show a sample, a real send issues a link', () => {
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
  const payPage = (token: string) => t.app.inject({ method: 'GET', url: `/api/pay/${token}/` });
  const linksOf = (accountId: string) =>
    t.database.db.select().from(paymentLinks).where(eq(paymentLinks.account_id, accountId));

  /** A Demo Motors account owing $50.00 whose customer can get texts, with a live link issued by staff. */
  async function accountWithLiveLink() {
    const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
    await t.database.db.update(accounts).set({ amount_due_cents: 5_000 }).where(eq(accounts.id, fixture.accountId));
    await t.database.db
      .update(customers)
      .set({ sms_phone_number: `+1312555${String(Math.floor(Math.random() * 9000) + 1000)}`, text_opt_in: true })
      .where(eq(customers.id, fixture.customerId));
    const issued = await call(
      'POST',
      `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payment_link/`,
      'staff@demo.test',
      { customer_id: fixture.customerId },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    return { fixture, liveToken: tokenOf(issued.json().payment_link) };
  }

  it('render, preview and random_render show the sample link and leave the live link working', async () => {
    const { fixture, liveToken } = await accountWithLiveLink();
    const templateId = await createMessageTemplate(t.database.db, ids.demoMotors, {
      message_bodies: [text('Pay here: {{payment_link}}')],
    });
    const sample = `/pay/${PREVIEW_PAY_TOKEN}`;
    const target = { customer: fixture.customerId, account: fixture.accountId };
    const rendered = await call('POST', `${itemUrl(templateId)}render/`, 'staff@demo.test', target);
    expect(rendered.json().rendered_body).toMatch(new RegExp(`^Pay here: https?://\\S+${sample}$`));
    const previewed = await call('POST', `${listUrl()}preview/`, 'staff@demo.test', {
      ...target,
      message_template_body: 'Pay: {{payment_link}}',
    });
    expect(previewed.json().rendered_body).toContain(sample);
    const random = await call('POST', `${listUrl()}random_render/`, 'staff@demo.test', {
      message_template_body: 'Pay: {{payment_link}}',
    });
    expect(random.json().rendered_body).toContain(sample);
    // Nothing was issued: the account still has its one link, and the customer's link still opens the pay page.
    expect(await linksOf(fixture.accountId)).toHaveLength(1);
    expect((await payPage(liveToken)).statusCode).toBe(200);
    // The sample is no link at all.
    expect((await payPage(PREVIEW_PAY_TOKEN)).statusCode).toBe(404);
  });

  it('a template text sent from the inbox carries a fresh link, which voids the earlier one', async () => {
    const { fixture, liveToken } = await accountWithLiveLink();
    const thanks = and(eq(messageTemplates.merchant_id, ids.demoMotors), eq(messageTemplates.type, 'THANKS'));
    const [template] = await t.database.db.select().from(messageTemplates).where(thanks);
    await t.database.db
      .update(messageTemplates)
      .set({ message_bodies: [text('Thanks {{first_name}}! Pay the rest: {{payment_link}}')] })
      .where(thanks);
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/send_message/`,
        headers: { ...(await as('staff@demo.test')), 'idempotency-key': randomUUID() },
        payload: { customer: fixture.customerId, template: 'THANKS' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const body: string = sent.json()[fixture.customerId].body;
      expect(body).toMatch(/^Thanks Fixture! Pay the rest: https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{43}$/);
      const freshToken = tokenOf(body);
      expect(freshToken).not.toBe(PREVIEW_PAY_TOKEN);
      expect((await payPage(freshToken)).statusCode).toBe(200);
      expect((await payPage(liveToken)).json()).toMatchObject({ code: 'pay_link.superseded' });
      const [fresh] = await t.database.db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.token_hash, hashOf(freshToken)));
      expect(fresh?.created_by).toBe(await userIdOf(t.database.db, 'staff@demo.test'));

      // An account with nothing due takes no link: the text goes without one, and no link is issued.
      const paidUp = await accountWithLiveLink();
      await t.database.db
        .update(accounts)
        .set({ amount_due_cents: 0 })
        .where(eq(accounts.id, paidUp.fixture.accountId));
      const noLink = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/accounts/${paidUp.fixture.accountId}/send_message/`,
        headers: { ...(await as('staff@demo.test')), 'idempotency-key': randomUUID() },
        payload: { customer: paidUp.fixture.customerId, template: 'THANKS' },
      });
      expect(noLink.statusCode, noLink.body).toBe(201);
      expect(noLink.json()[paidUp.fixture.customerId].body).toBe('Thanks Fixture! Pay the rest:');
      expect(await linksOf(paidUp.fixture.accountId)).toHaveLength(1);
    } finally {
      await t.database.db
        .update(messageTemplates)
        .set({ message_bodies: template?.message_bodies ?? [] })
        .where(thanks);
    }
    expect(
      await t.database.db.select().from(messages).where(eq(messages.customer_id, fixture.customerId)),
    ).toHaveLength(1);
  });
});

describe('the activity log', () => {
  type Entry = { action: string; kind: string; subject_id: string | null; subject_label: string; actor_name: string };
  type Logged = Entry & { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  const entriesAbout = async (subjectId: string): Promise<Logged[]> => {
    const response = await call(
      'GET',
      `/api/merchants/${ids.demoMotors}/activity/?kind=message_template&page_size=100`,
      'admin@demo.test',
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results.filter((entry: Entry) => entry.subject_id === subjectId);
  };

  it('records a template’s creation, changes, active toggles and deletion with before and after', async () => {
    const created = await call(
      'POST',
      listUrl(),
      'admin@demo.test',
      templateBody({ name: 'Audited reminder', delta_days: 40, message_bodies: [text('Hi {{first_name}}')] }),
    );
    expect(created.statusCode).toBe(201);
    const template = created.json();
    const changed = await call('PUT', itemUrl(template.id), 'admin@demo.test', {
      ...template,
      name: 'Audited reminder 2',
      message_bodies: [text('Hello {{first_name}}'), email('<p>Hello</p>')],
    });
    expect(changed.statusCode).toBe(200);
    // The same template again changes nothing and records nothing.
    await call('PUT', itemUrl(template.id), 'admin@demo.test', changed.json());
    await call('PUT', itemUrl(template.id), 'admin@demo.test', { ...changed.json(), active: false });
    await call('PATCH', itemUrl(template.id), 'admin@demo.test', { active: true });
    // A refused change records nothing.
    expect((await call('PATCH', itemUrl(template.id), 'admin@demo.test', { name: '' })).statusCode).toBe(400);
    expect((await call('DELETE', itemUrl(template.id), 'admin@demo.test')).statusCode).toBe(204);

    const entries = await entriesAbout(template.id);
    expect(entries.map((entry) => entry.action)).toEqual(['deleted', 'enabled', 'disabled', 'updated', 'created']);
    const [deleted, enabled, disabled, updated, first] = entries;
    expect(first).toMatchObject({
      kind: 'message_template',
      actor_name: 'Avery Admin',
      subject_label: 'Audited reminder',
      before: null,
      after: {
        name: 'Audited reminder',
        type: 'SCHEDULED',
        delta_days: 40,
        active: true,
        is_visible: true,
        text_body: 'Hi {{first_name}}',
      },
    });
    expect(updated).toMatchObject({
      subject_label: 'Audited reminder 2',
      before: { name: 'Audited reminder', text_body: 'Hi {{first_name}}' },
      after: { name: 'Audited reminder 2', text_body: 'Hello {{first_name}}', email_body: '<p>Hello</p>' },
    });
    expect(disabled).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(enabled).toMatchObject({ before: { active: false }, after: { active: true } });
    expect(deleted).toMatchObject({ before: { name: 'Audited reminder 2' }, after: null });
  });
});
