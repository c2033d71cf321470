import { MERGE_FIELDS, findUnknownMergeFields } from '@paydesk/domain/message-templates/merge-fields';
import { SYSTEM_TEMPLATE_TYPES, TEMPLATE_TYPE_DISPLAY_NAMES } from '@paydesk/domain/message-templates/template-types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../src/db/schema/customers';
import { merchants } from '../src/db/schema/identity';
import { messageTemplates } from '../src/db/schema/message-templates';
import { createCustomerFixture, createCustomRole, createMerchant, createMessageTemplate } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { addUser, seedDemo, sessionsFor, type DemoIds } from './identity';

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
