import { randomUUID } from 'node:crypto';
import { pageSchema } from '@paydesk/domain/api/pagination';
import {
  OPT_IN_BY_CONSENT_ONLY,
  consentAffirmationText,
  CUSTOMER_SORT_KEYS,
  customerListRowSchema,
} from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { DATE_OUT_OF_RANGE } from '@paydesk/domain/validation/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents } from '../src/db/schema/consent-events';
import { accounts, customerIntegrationChecks, customers } from '../src/db/schema/customers';
import { integrationConnections, integrationRequestBudgets } from '../src/db/schema/integrations';
import { merchants } from '../src/db/schema/identity';
import { merchantLocations } from '../src/db/schema/locations';
import { accountTags } from '../src/db/schema/tags';
import { CHECK_FRESH_MS, FRESHBOOKS_BUDGET, SYNC_MESSAGES } from '../src/modules/customers/customer-integration-sync';
import {
  findPage,
  LIVE_FIELDS,
  normalizeCustomerSearch,
  selectRows,
  STORED_FIELDS,
  type CustomerListFilters,
} from '../src/modules/customers/list/customers-list';
import { PRIMARY_NOT_REMOVABLE } from '../src/modules/customers/customer-co-borrowers';
import { INTEGRATED_CREATE_REFUSED } from '../src/modules/customers/customer-create';
import {
  FreshbooksRateLimitError,
  FreshbooksSyncError,
  type FreshbooksSession,
} from '../src/providers/freshbooks/freshbooks-provider';
import { sandboxFreshbooksClient } from '../src/providers/freshbooks/sandbox-freshbooks-provider';
import {
  createCustomerFixture,
  createCustomRole,
  createMerchant,
  createUser,
  findOrCreateLocation,
  signInCustomRoleUser,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let mainSt: string;
let airportRd: string;
let otherLocation: string;
let vipTag: string;
let otherTag: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  const db = t.database.db;
  const locationNamed = async (merchantId: string, name: string) => {
    const [row] = await db
      .select({ id: merchantLocations.id })
      .from(merchantLocations)
      .where(and(eq(merchantLocations.merchant_id, merchantId), eq(merchantLocations.name, name)));
    if (!row) throw new Error(`no location ${name}`);
    return row.id;
  };
  mainSt = await locationNamed(ids.demoMotors, 'Main St');
  airportRd = await locationNamed(ids.demoMotors, 'Airport Rd');
  otherLocation = await findOrCreateLocation(db, ids.legacyMotors);
  const tagNamed = async (merchantId: string, name: string) => {
    const [row] = await db
      .select({ id: accountTags.id })
      .from(accountTags)
      .where(and(eq(accountTags.merchant_id, merchantId), eq(accountTags.name, name)));
    if (!row) throw new Error(`no tag ${name}`);
    return row.id;
  };
  vipTag = await tagNamed(ids.demoMotors, 'VIP');
  otherTag = await tagNamed(ids.customRolesAuto, 'Skip Trace');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, email: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: email ? await as(email) : {},
  });

const customersUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/customers/`;
const customerUrl = (customerId: string, merchantId = ids.demoMotors) => `${customersUrl(merchantId)}${customerId}/`;

let phoneSeq = 0;
/** A fresh valid US number: 646-555-01xx is taken by no demo customer (they use 212, 312, 415, 617). */
const freshPhone = () => `(646) 555-01${String(phoneSeq++ % 100).padStart(2, '0')}`;

function newCustomer(overrides: Record<string, unknown> = {}, account: Record<string, unknown> = {}) {
  return {
    first_name: 'Quinn',
    last_name: `Tester${randomUUID().slice(0, 6)}`,
    email: 'quinn@example.com',
    location_id: mainSt,
    ...overrides,
    account: {
      external_id: `T-${randomUUID().slice(0, 8)}`,
      amount_due_cents: 12_345,
      due_date: '2030-01-15',
      ...account,
    },
  };
}

async function create(body: object, email = 'staff@demo.test', merchantId = ids.demoMotors) {
  const response = await call('POST', customersUrl(merchantId), email, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('creating customers', () => {
  it('creates the customer, its first account, tags and opt-ins with their consent ledger rows', async () => {
    const words = { sms: consentAffirmationText('sms', true), email: consentAffirmationText('email', true) };
    const body = await create(
      newCustomer(
        {
          sms_phone_number: '(646) 555-0199',
          text_opt_in: true,
          email_opt_in: true,
          text_opt_in_affirmation: words.sms,
          email_opt_in_affirmation: words.email,
        },
        { tag_ids: [vipTag], convenience_fee_cents: 295, status: 'pending' },
      ),
    );
    expect(body).toMatchObject({
      first_name: 'Quinn',
      sms_phone_number: '+16465550199',
      language: 'en-US',
      location: { id: mainSt, name: 'Main St' },
      merchant: { id: ids.demoMotors, name: 'Demo Motors', is_integrated: false },
      text_opt_in: true,
      email_opt_in: true,
      removed: false,
    });
    const [account] = body.accounts;
    expect(account).toMatchObject({
      role: 'primary',
      amount_due_cents: 12_345,
      due_date: '2030-01-15',
      autopay: false,
      convenience_fee_cents: 295,
      status: 'pending',
      tags: [{ id: vipTag, name: 'VIP' }],
    });
    expect(account.customers).toEqual([expect.objectContaining({ id: body.id, role: 'primary' })]);

    const ledger = (await call('GET', `${customerUrl(body.id)}consent/`, 'staff@demo.test')).json();
    expect(ledger.count).toBe(2);
    // Each channel's row keeps the words affirmed for that channel.
    for (const entry of ledger.results as { channel: 'sms' | 'email'; actor: { first_name: string } }[]) {
      expect(entry).toMatchObject({ opted_in: true, method: 'created', affirmation: words[entry.channel] });
      expect(entry.actor.first_name).toBe('Stacy');
    }
    const history = (await call('GET', `${customerUrl(body.id)}history/`, 'staff@demo.test')).json();
    expect(history.results.map((event: { kind: string }) => event.kind).sort()).toEqual([
      'account.created',
      'consent.changed',
      'consent.changed',
      'customer.created',
    ]);
  });

  it('answers every field rule with the spec’s messages', async () => {
    expect((await call('POST', customersUrl(), 'staff@demo.test', {})).json()).toEqual({
      first_name: ['Required'],
      last_name: ['Required'],
      location_id: ['Required'],
      account: ['Required'],
    });
    const bad = await call('POST', customersUrl(), 'staff@demo.test', {
      ...newCustomer({ email: 'not-an-email', sms_phone_number: '555-12', first_name: 'x'.repeat(101) }),
      account: { external_id: 'A', convenience_fee_cents: -5, due_date: '2030-02-30', status: 'gone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      first_name: ['Must be at most 100 characters'],
      email: ['Email is not valid'],
      sms_phone_number: ['Phone number is not valid'],
      'account.amount_due_cents': [ERROR_CATALOGUE['account.amount_due_required']],
      'account.convenience_fee_cents': [ERROR_CATALOGUE['account.negative_convenience_fee']],
      'account.due_date': ['Date is not valid'],
      'account.status': ['Must be a valid value'],
    });
    const cap = await call(
      'POST',
      customersUrl(),
      'staff@demo.test',
      newCustomer({}, { autopay: true, due_date: '2030-01-29' }),
    );
    expect(cap.json()).toEqual({ 'account.due_date': [ERROR_CATALOGUE['account.due_date.autopay_cap']] });
    const optIn = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ text_opt_in: true }));
    expect(optIn.json()).toEqual({ text_opt_in_affirmation: ['Required'], sms_phone_number: ['Required'] });
    // One channel's words do not cover the other, and the old shared `affirmation` covers neither.
    const shared = await call(
      'POST',
      customersUrl(),
      'staff@demo.test',
      newCustomer({
        sms_phone_number: freshPhone(),
        text_opt_in: true,
        email_opt_in: true,
        affirmation: consentAffirmationText('sms', true),
        text_opt_in_affirmation: consentAffirmationText('sms', true),
      }),
    );
    expect(shared.json()).toEqual({ email_opt_in_affirmation: ['Required'] });
    const dob = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ date_of_birth: '2099-01-01' }));
    expect(dob.statusCode).toBe(400);
    expect(dob.json()).toEqual({ date_of_birth: [ERROR_CATALOGUE['customer.dob_in_future']] });
    for (const date of ['0000-01-01', '1899-12-31', '2999-01-01']) {
      const outOfRange = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ date_of_birth: date }));
      expect(outOfRange.json(), date).toEqual({ date_of_birth: [DATE_OUT_OF_RANGE] });
      const due = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({}, { due_date: date }));
      expect(due.json(), date).toEqual({ 'account.due_date': [DATE_OUT_OF_RANGE] });
    }
  });

  it('refuses NUL characters, oversize and empty bodies', async () => {
    const nul = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ first_name: 'Nu\u0000ll' }));
    expect(nul.statusCode).toBe(400);
    const huge = await call(
      'POST',
      customersUrl(),
      'staff@demo.test',
      newCustomer({ last_name: 'x'.repeat(2_000_000) }),
    );
    expect([400, 413]).toContain(huge.statusCode);
    const empty = await t.app.inject({
      method: 'POST',
      url: customersUrl(),
      headers: { ...(await as('staff@demo.test')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('is for signed-in users with customerUpdate, and closed to integrated merchants', async () => {
    expect((await call('POST', customersUrl(), null, newCustomer())).statusCode).toBe(401);
    // agent@demo.test is a Collector at Custom Roles Auto: no is_customer_update_allowed.
    const agent = await call('POST', customersUrl(ids.customRolesAuto), 'agent@demo.test', newCustomer());
    expect(agent.statusCode).toBe(403);
    const allowed = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_customer_update_allowed',
    ]);
    const crLocation = await findOrCreateLocation(t.database.db, ids.customRolesAuto);
    const byFlag = await t.app.inject({
      method: 'POST',
      url: customersUrl(ids.customRolesAuto),
      headers: allowed,
      payload: newCustomer({ location_id: crLocation }),
    });
    expect(byFlag.statusCode, byFlag.body).toBe(201);
    const integrated = await call(
      'POST',
      customersUrl(ids.integratedAuto),
      'admin@demo.test',
      newCustomer({ location_id: await findOrCreateLocation(t.database.db, ids.integratedAuto) }),
    );
    expect(integrated.statusCode).toBe(403);
    expect(integrated.json()).toEqual({ code: 'permission_denied', detail: INTEGRATED_CREATE_REFUSED });
  });

  it('answers 404 for another merchant’s location or tag in the body, or another merchant in the path', async () => {
    expect(
      (await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ location_id: otherLocation }))).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', customersUrl(), 'staff@demo.test', newCustomer({}, { tag_ids: [otherTag] }))).statusCode,
    ).toBe(404);
    expect((await call('POST', customersUrl(ids.legacyMotors), 'staff@demo.test', newCustomer())).statusCode).toBe(404);
  });

  it('refuses a phone number another customer of the merchant uses, until that customer is removed', async () => {
    const phone = freshPhone();
    const first = await create(newCustomer({ sms_phone_number: phone }));
    const clash = await call('POST', customersUrl(), 'staff@demo.test', newCustomer({ sms_phone_number: phone }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ sms_phone_number: [ERROR_CATALOGUE['phone_number.duplicate']] });
    expect((await call('DELETE', customerUrl(first.id), 'staff@demo.test')).statusCode).toBe(204);
    await create(newCustomer({ sms_phone_number: phone }));
  });

  it('lets one of 50 simultaneous creates with the same external id win; the rest are told it clashes', async () => {
    const externalId = `RACE-${randomUUID().slice(0, 8)}`;
    const headers = await as('staff@demo.test');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: customersUrl(),
          headers,
          payload: newCustomer({}, { external_id: externalId }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 201)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('account.external_id.clash');
    }
  });
});

describe('the customers list', () => {
  it('finds a customer by a formatted phone number, by name, email and external id', async () => {
    const created = await create(
      newCustomer({ first_name: 'Phoebe', sms_phone_number: '646-555-0177', email: 'phoebe.x@example.com' }),
    );
    const search = async (text: string) =>
      (await call('GET', `${customersUrl()}?search=${encodeURIComponent(text)}`, 'staff@demo.test'))
        .json()
        .results.map((row: { id: string }) => row.id);
    expect(await search('(646) 555-0177')).toContain(created.id);
    expect(await search('+1 646 555 0177')).toContain(created.id);
    expect(await search(`  phoebe ${created.last_name}  `)).toEqual([created.id]);
    expect(await search('PHOEBE.X@example')).toEqual([created.id]);
    expect(await search(created.accounts[0].external_id)).toEqual([created.id]);
    expect(await search('(646) 555-0178')).not.toContain(created.id);
  });

  it('finds "Last, First" names and external ids typed without their punctuation', async () => {
    const lastName = `Anderson${randomUUID().slice(0, 6)}`;
    const number = String(Date.now()).slice(-7);
    const created = await create(
      newCustomer({ first_name: 'Patricia', last_name: lastName }, { external_id: `DM-${number}` }),
    );
    const spaced = await create(
      newCustomer({ first_name: 'Ola', last_name: lastName }, { external_id: `AB ${number}/7` }),
    );
    const search = async (text: string) =>
      (await call('GET', `${customersUrl()}?search=${encodeURIComponent(text)}`, 'staff@demo.test'))
        .json()
        .results.map((row: { id: string }) => row.id);
    expect(await search(`${lastName}, Patricia`)).toEqual([created.id]);
    expect(await search(`${lastName.toUpperCase()},patricia`)).toEqual([created.id]);
    expect(await search(`${lastName},  Pat`)).toEqual([created.id]);
    expect(await search(`${lastName} Patricia`)).toEqual([created.id]);
    expect(await search(`Patricia ${lastName}`)).toEqual([created.id]);
    expect(await search(`dm${number}`)).toEqual([created.id]);
    expect(await search(`DM-${number}`)).toEqual([created.id]);
    expect(await search(`ab${number}7`)).toEqual([spaced.id]);
    expect(await search(`${lastName}, Ola`)).toEqual([spaced.id]);
    // Across merchants too, and the same whichever way the page is read.
    const all = (await call('GET', `/api/customers/?search=dm${number}`, 'staff@demo.test')).json();
    expect(all.results.map((row: { id: string }) => row.id)).toEqual([created.id]);
    const scope = { kind: 'merchant', merchantId: ids.demoMotors } as const;
    for (const text of [`${lastName}, Patricia`, `dm${number}`]) {
      for (const ordering of ['last_name', '-created']) {
        const filters = { search: text, ordering, limit: 20, offset: 0 };
        const walked = await findPage(t.database, scope, filters, 'walk');
        expect(JSON.parse(walked).map((row: { id: string }) => row.id)).toEqual([created.id]);
        expect(await findPage(t.database, scope, filters, 'match-first')).toBe(walked);
      }
    }
  });

  it('normalises a search as the stored search text is (SQL and TypeScript alike)', async () => {
    const samples = [
      '  Anderson,Patricia ',
      'A , B,,C',
      'MIXED\tCase\n',
      'Ünïcödé Ñame',
      'no\u00a0break',
      'x@Y.com',
      '',
      ',',
    ];
    for (const sample of samples) {
      const [row] = await selectRows<{ normalized: string }>(
        t.database.db,
        sql`select customer_search_normalize(${sample}) as normalized`,
      );
      expect(normalizeCustomerSearch(sample), JSON.stringify(sample)).toBe(row?.normalized);
    }
  });

  it('lists rows with accounts, tags, location and merchant; filters and sorts them', async () => {
    const name = `Filter${randomUUID().slice(0, 6)}`;
    const a = await create(newCustomer({ last_name: name, location_id: airportRd }, { amount_due_cents: 500 }));
    const b = await create(
      newCustomer(
        { last_name: name, location_id: mainSt },
        { amount_due_cents: 100, status: 'closed', tag_ids: [vipTag] },
      ),
    );
    const list = async (query: string) =>
      (await call('GET', `${customersUrl()}?search=${name}&${query}`, 'staff@demo.test')).json();
    const all = await list('ordering=amount_due');
    expect(all.count).toBe(2);
    expect(all.results.map((row: { id: string }) => row.id)).toEqual([b.id, a.id]);
    expect(all.results[0]).toMatchObject({
      merchant: { id: ids.demoMotors, name: 'Demo Motors' },
      location: { id: mainSt, name: 'Main St' },
      external_id: b.accounts[0].external_id,
      tags: [{ id: vipTag, name: 'VIP' }],
      accounts: [{ status: 'closed', amount_due_cents: 100, role: 'primary' }],
    });
    expect((await list('ordering=-amount_due')).results[0].id).toBe(a.id);
    expect((await list(`location=${airportRd}`)).results.map((row: { id: string }) => row.id)).toEqual([a.id]);
    expect((await list('status=closed')).results.map((row: { id: string }) => row.id)).toEqual([b.id]);
    expect((await list(`tag=${vipTag}`)).results.map((row: { id: string }) => row.id)).toEqual([b.id]);
    expect((await call('GET', `${customersUrl()}?location=${otherLocation}`, 'staff@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${customersUrl()}?tag=${otherTag}`, 'staff@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `${customersUrl()}?page_size=101`, 'staff@demo.test')).statusCode).toBe(400);
  });

  it('combines a status and a tag filter with a search', async () => {
    const name = `Combined${randomUUID().slice(0, 6)}`;
    const [vipPending] = [
      await create(newCustomer({ last_name: name }, { status: 'pending', tag_ids: [vipTag] })),
      await create(newCustomer({ last_name: name }, { status: 'pending' })),
      await create(newCustomer({ last_name: name }, { status: 'active', tag_ids: [vipTag] })),
    ];
    const found = async (query: string) =>
      (await call('GET', `${customersUrl()}?search=${name}&${query}`, 'staff@demo.test')).json();
    const both = await found(`status=pending&tag=${vipTag}`);
    expect(both.count).toBe(1);
    expect(both.results.map((row: { id: string }) => row.id)).toEqual([vipPending.id]);
    expect((await found(`status=closed&tag=${vipTag}`)).count).toBe(0);
  });

  it('reads the same page whether it walks the sort index or reads the matches first', async () => {
    const name = `Plans${randomUUID().slice(0, 6)}`;
    const phone = freshPhone();
    for (const [index, status] of ['active', 'closed', 'pending', 'pending'].entries()) {
      await create(
        newCustomer(
          {
            last_name: name,
            first_name: `P${index}`,
            location_id: index % 2 ? mainSt : airportRd,
            sms_phone_number: index === 3 ? phone : undefined,
          },
          {
            status,
            amount_due_cents: 100 * (index % 3),
            due_date: `2030-0${index + 1}-15`,
            tag_ids: index ? [vipTag] : [],
          },
        ),
      );
    }
    // A removed one is left out either way (searches sorted by name read customer_name_search, decision 0018).
    const removed = await create(newCustomer({ last_name: name, first_name: 'P9' }, { tag_ids: [vipTag] }));
    expect((await call('DELETE', customerUrl(removed.id), 'staff@demo.test')).statusCode).toBe(204);
    const scope = { kind: 'merchant', merchantId: ids.demoMotors } as const;
    const cases: Partial<CustomerListFilters>[] = [
      { search: name },
      { search: name.toUpperCase(), status: 'pending', tagId: vipTag },
      { status: 'pending', tagId: vipTag },
      { locationId: mainSt, status: 'closed' },
      { search: phone },
      { search: '%' },
      { search: 'p_' },
    ];
    const orderings = CUSTOMER_SORT_KEYS.flatMap((key) => [key, `-${key}`]);
    for (const ordering of orderings) {
      for (const given of cases) {
        const filters = { search: '', ordering, limit: 20, offset: 0, ...given };
        const walked = await findPage(t.database, scope, filters, 'walk');
        const matched = await findPage(t.database, scope, filters, 'match-first');
        expect(walked, `${ordering} ${JSON.stringify(given)}`).toBe(matched);
      }
      const named = await findPage(t.database, scope, { search: name, ordering, limit: 20, offset: 0 }, 'walk');
      expect(JSON.parse(named)).toHaveLength(4);
    }
  });

  it('writes each row exactly as the contract, with the detail endpoint’s values', async () => {
    const name = `Shape${randomUUID().slice(0, 6)}`;
    const created = await create(
      newCustomer({ last_name: name, sms_phone_number: freshPhone() }, { tag_ids: [vipTag], status: 'pending' }),
    );
    const response = await call('GET', `${customersUrl()}?search=${name}`, 'staff@demo.test');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = pageSchema(customerListRowSchema.strict()).strict().parse(response.json());
    expect(page.count).toBe(1);
    const detail = (await call('GET', customerUrl(created.id), 'staff@demo.test')).json();
    const [account] = detail.accounts;
    expect(page.results).toEqual([
      {
        id: created.id,
        merchant: { id: ids.demoMotors, name: 'Demo Motors' },
        first_name: detail.first_name,
        last_name: name,
        email: detail.email,
        sms_phone_number: detail.sms_phone_number,
        external_id: account.external_id,
        location: { id: mainSt, name: 'Main St' },
        accounts: [
          {
            id: account.id,
            external_id: account.external_id,
            role: 'primary',
            status: 'pending',
            amount_due_cents: account.amount_due_cents,
            due_date: account.due_date,
            autopay: account.autopay,
          },
        ],
        tags: [{ id: vipTag, name: 'VIP' }],
        text_opt_in: detail.text_opt_in,
        email_opt_in: detail.email_opt_in,
        created: detail.created,
      },
    ]);
  });

  it('filters by the status and tags the accounts have now, and forgets a deleted tag', async () => {
    const name = `Refilter${randomUUID().slice(0, 6)}`;
    const created = await create(newCustomer({ last_name: name }, { tag_ids: [vipTag] }));
    const accountUrl = `${customerUrl(created.id)}accounts/${created.accounts[0].id}/`;
    const found = async (query: string) =>
      (await call('GET', `${customersUrl()}?search=${name}&${query}`, 'staff@demo.test'))
        .json()
        .results.map((row: { id: string }) => row.id);
    expect(await found(`tag=${vipTag}`)).toEqual([created.id]);
    expect(await found('status=active')).toEqual([created.id]);
    const tag = await call('POST', `/api/merchants/${ids.demoMotors}/account-tags/`, 'admin@demo.test', {
      name: `Temp ${name}`,
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagId = tag.json().id;
    const patched = await call('PATCH', accountUrl, 'staff@demo.test', { status: 'closed', tag_ids: [tagId] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await found(`tag=${vipTag}`)).toEqual([]);
    expect(await found(`tag=${tagId}`)).toEqual([created.id]);
    expect(await found('status=active')).toEqual([]);
    expect(await found('status=closed')).toEqual([created.id]);
    const removed = await call('DELETE', `/api/merchants/${ids.demoMotors}/account-tags/${tagId}/`, 'admin@demo.test');
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = (await call('GET', `${customersUrl()}?search=${name}`, 'staff@demo.test')).json().results;
    expect(rows[0].tags).toEqual([]);
    const across = (await call('GET', `/api/customers/?search=${name}&tag=${tagId}`, 'admin@demo.test')).json();
    expect(across).toMatchObject({ count: 0, results: [] });
  });

  it('shows a renamed merchant, location and tag and a changed opt-in at once', async () => {
    const name = `Rename${randomUUID().slice(0, 6)}`;
    const merchantUrl = `/api/merchants/${ids.demoMotors}/`;
    const tag = await call('POST', `${merchantUrl}account-tags/`, 'admin@demo.test', { name: `Tag ${name}` });
    expect(tag.statusCode, tag.body).toBe(201);
    const created = await create(
      newCustomer(
        { last_name: name, location_id: airportRd, sms_phone_number: freshPhone() },
        { tag_ids: [tag.json().id] },
      ),
    );
    const rowNow = async () =>
      (await call('GET', `${customersUrl()}?search=${name}`, 'staff@demo.test')).json().results[0];
    expect(await rowNow()).toMatchObject({
      merchant: { name: 'Demo Motors' },
      location: { id: airportRd, name: 'Airport Rd' },
      tags: [{ id: tag.json().id, name: `Tag ${name}` }],
      text_opt_in: false,
    });
    const renames = [
      [merchantUrl, `Demo Motors ${name}`],
      [`${merchantUrl}merchant_locations/${airportRd}/`, `Airport ${name}`],
      [`${merchantUrl}account-tags/${tag.json().id}/`, `Renamed ${name}`],
    ];
    const consent = { channel: 'sms', opted_in: true, affirmation: consentAffirmationText('sms', true) };
    try {
      for (const [url, newName] of renames) {
        const renamed = await call('PATCH', url ?? '', 'admin@demo.test', { name: newName });
        expect(renamed.statusCode, renamed.body).toBe(200);
      }
      const optedIn = await call('POST', `${customerUrl(created.id)}consent/`, 'staff@demo.test', consent);
      expect(optedIn.statusCode, optedIn.body).toBe(201);
      expect(await rowNow()).toMatchObject({
        merchant: { id: ids.demoMotors, name: `Demo Motors ${name}` },
        location: { id: airportRd, name: `Airport ${name}` },
        tags: [{ id: tag.json().id, name: `Renamed ${name}` }],
        text_opt_in: true,
      });
    } finally {
      await call('PATCH', merchantUrl, 'admin@demo.test', { name: 'Demo Motors' });
      await call('PATCH', `${merchantUrl}merchant_locations/${airportRd}/`, 'admin@demo.test', { name: 'Airport Rd' });
    }
  });

  it('writes the stored part of a row with every field but the ones named live', async () => {
    const name = `Stored${randomUUID().slice(0, 6)}`;
    const created = await create(newCustomer({ last_name: name }));
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, created.id));
    const stored = JSON.parse(`${row?.list_row}}`) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(Object.keys(STORED_FIELDS));
    const listed = (await call('GET', `${customersUrl()}?search=${name}`, 'staff@demo.test')).json().results[0];
    expect(Object.keys(listed)).toEqual([...Object.keys(STORED_FIELDS), ...LIVE_FIELDS]);
  });

  it('counts a one- or two-letter search, and finds a match created after it found none', async () => {
    const search = async (text: string) =>
      (await call('GET', `${customersUrl()}?search=${text}`, 'staff@demo.test')).json();
    expect(await search('jq')).toMatchObject({ count: 0, results: [] });
    const created = await create(newCustomer({ first_name: 'Ajqa' }));
    const found = await search('jq');
    expect(found.count).toBe(1);
    expect(found.results.map((row: { id: string }) => row.id)).toEqual([created.id]);
  });

  it('reads a deep page and a page past the end', async () => {
    const all = (await call('GET', `${customersUrl()}?page_size=100&ordering=-created`, 'staff@demo.test')).json();
    const third = (
      await call('GET', `${customersUrl()}?page_size=10&page=3&ordering=-created`, 'staff@demo.test')
    ).json();
    expect(third.results.map((row: { id: string }) => row.id)).toEqual(
      all.results.slice(20, 30).map((row: { id: string }) => row.id),
    );
    const past = Math.ceil(all.count / 100) + 1;
    const beyond = (await call('GET', `${customersUrl()}?page_size=100&page=${past}`, 'staff@demo.test')).json();
    expect(beyond).toMatchObject({ count: all.count, results: [] });
  });

  it('pages the demo customers 50 at a time', async () => {
    const page = (await call('GET', `${customersUrl()}?page_size=50&ordering=last_name`, 'staff@demo.test')).json();
    expect(page.count).toBeGreaterThanOrEqual(200);
    expect(page.results).toHaveLength(50);
    expect(page.next).toContain('page=2');
  });

  it('across merchants shows only the merchants the user works for', async () => {
    const merchantsIn = async (email: string, query = '') => {
      const body = (await call('GET', `/api/customers/?page_size=100${query}`, email)).json();
      return new Set(body.results.map((row: { merchant: { id: string } }) => row.merchant.id));
    };
    expect(await merchantsIn('staff@demo.test')).toEqual(new Set([ids.demoMotors]));
    const crOnly = await merchantsIn('admin@demo.test', `&merchant=${ids.customRolesAuto}`);
    expect(crOnly).toEqual(new Set([ids.customRolesAuto]));
    expect((await merchantsIn('legacy@demo.test')).has(ids.demoMotors)).toBe(false);
    expect((await call('GET', `/api/customers/?merchant=${ids.demoMotors}`, 'legacy@demo.test')).statusCode).toBe(404);
    const superRows = (await call('GET', `/api/customers/?merchant=${ids.integratedAuto}`, 'super@demo.test')).json();
    expect(superRows.count).toBeGreaterThanOrEqual(20);
    expect((await call('GET', '/api/customers/', null)).statusCode).toBe(401);
  });
});

describe('a customer', () => {
  it('opens with its accounts; is recorded as recently viewed; is located from its account', async () => {
    const created = await create(newCustomer());
    const detail = await call('GET', `${customerUrl(created.id)}?checkIntegration=true`, 'admin@demo.test');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().accounts).toHaveLength(1);
    expect((await call('POST', `${customerUrl(created.id)}update_last_viewed/`, 'admin@demo.test')).statusCode).toBe(
      204,
    );
    const recent = (await call('GET', `${customersUrl()}recently_viewed/`, 'admin@demo.test')).json();
    expect(recent.results[0]).toMatchObject({ id: created.id, external_id: created.accounts[0].external_id });
    expect((await call('GET', `${customersUrl()}recently_viewed/`, 'staff@demo.test')).json().results).toEqual([]);

    const accountId = created.accounts[0].id;
    const located = await call('GET', `/api/accounts/${accountId}/locate/`, 'staff@demo.test');
    expect(located.json()).toEqual({ merchant_id: ids.demoMotors, customer_id: created.id, account_id: accountId });
    expect((await call('GET', `/api/accounts/${accountId}/locate/`, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('GET', `/api/accounts/${randomUUID()}/locate/`, 'staff@demo.test')).statusCode).toBe(404);
  });

  it('is 404 under another merchant, or with an id that is not one', async () => {
    const created = await create(newCustomer());
    expect((await call('GET', customerUrl(created.id, ids.customRolesAuto), 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', customerUrl('not-an-id'), 'admin@demo.test')).statusCode).toBe(404);
    expect(
      (await call('PATCH', customerUrl(created.id, ids.customRolesAuto), 'admin@demo.test', { first_name: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('edits its fields, with history of what changed', async () => {
    const created = await create(newCustomer({ sms_phone_number: freshPhone() }));
    const patched = await call('PATCH', customerUrl(created.id), 'staff@demo.test', {
      first_name: 'Renamed',
      email: '',
      language: 'es-US',
      location_id: airportRd,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ first_name: 'Renamed', email: null, language: 'es-US' });
    // The accounts it is primary on follow it to the new location.
    expect(patched.json().accounts[0].location.id).toBe(airportRd);
    const history = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json();
    const [latest] = history.results;
    expect(latest.kind).toBe('customer.updated');
    // The location by name, not its id.
    expect(latest.before).toEqual({
      first_name: 'Quinn',
      email: 'quinn@example.com',
      language: 'en-US',
      location: { id: mainSt, name: 'Main St' },
    });
    expect(latest.after).toEqual({
      first_name: 'Renamed',
      email: null,
      language: 'es-US',
      location: { id: airportRd, name: 'Airport Rd' },
    });
    expect(latest.actor.first_name).toBe('Stacy');

    const other = await create(newCustomer({ sms_phone_number: freshPhone() }));
    const duplicate = await call('PATCH', customerUrl(other.id), 'staff@demo.test', {
      sms_phone_number: created.sms_phone_number,
    });
    expect(duplicate.json()).toEqual({ sms_phone_number: [ERROR_CATALOGUE['phone_number.duplicate']] });
    expect(
      (await call('PATCH', customerUrl(other.id), 'staff@demo.test', { location_id: otherLocation })).statusCode,
    ).toBe(404);
  });

  it('keeps an optional mailing address: set at creation, edited, cleared with blanks, in the history', async () => {
    const bare = await create(newCustomer());
    expect(bare).toMatchObject({ address_line1: null, address_line2: null, city: null, state: null, zip: null });

    const created = await create(
      newCustomer({
        address_line1: ' 12 Ocean Dr ',
        address_line2: '',
        city: 'Miami Beach',
        state: 'fl',
        zip: '331391234',
      }),
    );
    const address = { address_line1: '12 Ocean Dr', address_line2: null, city: 'Miami Beach', state: 'FL' };
    expect(created).toMatchObject({ ...address, zip: '33139-1234' });
    expect((await call('GET', customerUrl(created.id), 'staff@demo.test')).json()).toMatchObject(address);
    // The creation records the address parts given, and none for a customer without an address.
    const createdEvent = async (id: string) =>
      (await call('GET', `${customerUrl(id)}history/`, 'staff@demo.test'))
        .json()
        .results.find((event: { kind: string }) => event.kind === 'customer.created');
    expect((await createdEvent(created.id)).after).toMatchObject({
      address_line1: '12 Ocean Dr',
      city: 'Miami Beach',
      state: 'FL',
      zip: '33139-1234',
    });
    expect((await createdEvent(created.id)).after).not.toHaveProperty('address_line2');
    expect(Object.keys((await createdEvent(bare.id)).after)).not.toContain('state');

    const moved = await call('PATCH', customerUrl(created.id), 'staff@demo.test', {
      address_line2: 'Apt 4',
      city: 'San Juan',
      state: 'PR',
      zip: '00901',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      address_line1: '12 Ocean Dr',
      address_line2: 'Apt 4',
      city: 'San Juan',
      state: 'PR',
      zip: '00901',
    });
    const [latest] = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json().results;
    expect(latest).toMatchObject({
      kind: 'customer.updated',
      before: { address_line2: null, city: 'Miami Beach', state: 'FL', zip: '33139-1234' },
      after: { address_line2: 'Apt 4', city: 'San Juan', state: 'PR', zip: '00901' },
    });

    const cleared = await call('PATCH', customerUrl(created.id), 'staff@demo.test', {
      address_line1: '',
      address_line2: null,
      city: ' ',
      state: '',
      zip: '',
    });
    expect(cleared.json()).toMatchObject({
      address_line1: null,
      address_line2: null,
      city: null,
      state: null,
      zip: null,
    });
  });

  it('refuses a state off the SPEC list and a ZIP code that is not one, writing nothing', async () => {
    const created = await create(newCustomer({ state: 'NY' }));
    const bad = await call('PATCH', customerUrl(created.id), 'staff@demo.test', {
      first_name: 'Changed',
      state: 'ON',
      zip: '1234',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      state: ['Choose a state from the list'],
      zip: ['Must be a ZIP code: 12345 or 12345-6789'],
    });
    expect((await call('GET', customerUrl(created.id), 'staff@demo.test')).json()).toMatchObject({
      first_name: 'Quinn',
      state: 'NY',
    });
    const onCreate = await call(
      'POST',
      customersUrl(),
      'staff@demo.test',
      newCustomer({ state: 'Florida', city: 'x'.repeat(101) }),
    );
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toEqual({
      state: ['Choose a state from the list'],
      city: ['Must be at most 100 characters'],
    });
    expect(
      (await call('PATCH', customerUrl(created.id, ids.customRolesAuto), 'admin@demo.test', { state: 'CA' }))
        .statusCode,
    ).toBe(404);
  });

  it('edits its account: amounts, autopay cap, tags, external id and location rules', async () => {
    const created = await create(newCustomer({}, { due_date: '2030-01-30' }));
    const accountUrl = `${customerUrl(created.id)}accounts/${created.accounts[0].id}/`;
    const cap = await call('PATCH', accountUrl, 'staff@demo.test', { autopay: true });
    expect(cap.json()).toEqual({ due_date: [ERROR_CATALOGUE['account.due_date.autopay_cap']] });
    const ok = await call('PATCH', accountUrl, 'staff@demo.test', {
      autopay: true,
      due_date: '2030-02-28',
      amount_due_cents: 999,
      convenience_fee_cents: 0,
      status: 'do_not_contact',
      tag_ids: [vipTag],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().accounts[0]).toMatchObject({
      autopay: true,
      due_date: '2030-02-28',
      amount_due_cents: 999,
      status: 'do_not_contact',
      tags: [{ id: vipTag, name: 'VIP' }],
    });
    expect((await call('PATCH', accountUrl, 'staff@demo.test', { due_date: '0000-01-01' })).json()).toEqual({
      due_date: [DATE_OUT_OF_RANGE],
    });
    expect(
      (await call('PATCH', customerUrl(created.id), 'staff@demo.test', { date_of_birth: '0000-01-01' })).json(),
    ).toEqual({
      date_of_birth: [DATE_OUT_OF_RANGE],
    });
    expect((await call('PATCH', accountUrl, 'staff@demo.test', { convenience_fee_cents: -1 })).json()).toEqual({
      convenience_fee_cents: [ERROR_CATALOGUE['account.negative_convenience_fee']],
    });
    const mismatch = await call('PATCH', accountUrl, 'staff@demo.test', { location_id: airportRd });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('location.customer_account_mismatch');
    expect((await call('PATCH', accountUrl, 'staff@demo.test', { location_id: otherLocation })).statusCode).toBe(404);
    expect((await call('PATCH', accountUrl, 'staff@demo.test', { tag_ids: [otherTag] })).statusCode).toBe(404);
    const other = await create(newCustomer());
    const clash = await call('PATCH', accountUrl, 'staff@demo.test', { external_id: other.accounts[0].external_id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('account.external_id.clash');
    const history = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json();
    const updated = history.results.find((event: { kind: string }) => event.kind === 'account.updated');
    expect(updated.before).toMatchObject({ autopay: false, status: 'active', tags: [] });
    expect(updated.after).toMatchObject({ autopay: true, status: 'do_not_contact', tags: ['VIP'] });
    // Another customer's account under this customer's path is not found.
    expect(
      (await call('PATCH', `${customerUrl(created.id)}accounts/${other.accounts[0].id}/`, 'staff@demo.test', {}))
        .statusCode,
    ).toBe(404);
  });

  it('changes an opt-in only with the affirmed words, and writes the consent ledger', async () => {
    const created = await create(newCustomer({ sms_phone_number: freshPhone() }));
    const url = `${customerUrl(created.id)}consent/`;
    expect((await call('POST', url, 'staff@demo.test', { channel: 'sms', opted_in: true })).json()).toEqual({
      affirmation: ['Required'],
    });
    const words = consentAffirmationText('sms', true);
    const on = await call('POST', url, 'staff@demo.test', { channel: 'sms', opted_in: true, affirmation: words });
    expect(on.statusCode, on.body).toBe(201);
    expect(on.json().text_opt_in).toBe(true);
    const offWords = consentAffirmationText('sms', false);
    await call('POST', url, 'admin@demo.test', { channel: 'sms', opted_in: false, affirmation: offWords });
    const ledger = (await call('GET', url, 'staff@demo.test')).json();
    expect(ledger.results.map((entry: { opted_in: boolean; affirmation: string; method: string }) => entry)).toEqual([
      expect.objectContaining({ channel: 'sms', opted_in: false, affirmation: offWords, method: 'staff_affirmed' }),
      expect.objectContaining({ channel: 'sms', opted_in: true, affirmation: words, method: 'staff_affirmed' }),
    ]);
    // The history shows the words affirmed with each change.
    const history = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json();
    const consentChanges = history.results.filter((event: { kind: string }) => event.kind === 'consent.changed');
    expect(consentChanges.map((event: { after: unknown }) => event.after)).toEqual([
      { channel: 'sms', opted_in: false, method: 'staff_affirmed', affirmation: offWords },
      { channel: 'sms', opted_in: true, method: 'staff_affirmed', affirmation: words },
    ]);
    const rows = await t.database.db.select().from(consentEvents).where(eq(consentEvents.customer_id, created.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.actor_id !== null)).toBe(true);
    // An edit cannot change an opt-in around the affirmation.
    const patched = await call('PATCH', customerUrl(created.id), 'staff@demo.test', { email_opt_in: true });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ email_opt_in: [OPT_IN_BY_CONSENT_ONLY] });
    const noEmail = await create(newCustomer({ email: null }));
    expect(
      (
        await call('POST', `${customerUrl(noEmail.id)}consent/`, 'staff@demo.test', {
          channel: 'email',
          opted_in: true,
          affirmation: words,
        })
      ).json(),
    ).toEqual({ email: ['Required'] });
  });

  it('is voided by DELETE: its detail still opens as removed with its history; lists leave it out', async () => {
    const created = await create(newCustomer({ first_name: 'Voidable' }));
    await call('POST', `${customerUrl(created.id)}notes/`, 'staff@demo.test', { body: 'Before removal' });
    expect((await call('DELETE', customerUrl(created.id), 'staff@demo.test')).statusCode).toBe(204);
    expect((await call('DELETE', customerUrl(created.id), 'staff@demo.test')).statusCode).toBe(404);
    const detail = (await call('GET', customerUrl(created.id), 'staff@demo.test')).json();
    expect(detail).toMatchObject({ removed: true, first_name: 'Voidable' });
    expect(detail.removed_at).not.toBeNull();
    const history = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json();
    expect(history.results.map((event: { kind: string }) => event.kind)).toContain('customer.removed');
    expect(history.results.map((event: { kind: string }) => event.kind)).toContain('customer.created');
    expect((await call('GET', `${customerUrl(created.id)}notes/`, 'staff@demo.test')).json().count).toBe(1);
    const list = (await call('GET', `${customersUrl()}?search=${created.last_name}`, 'staff@demo.test')).json();
    expect(list.count).toBe(0);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row?.removed_by).toBe(await userIdOf(t.database.db, 'staff@demo.test'));
    expect((await call('PATCH', customerUrl(created.id), 'staff@demo.test', { first_name: 'X' })).statusCode).toBe(404);
  });
});

describe('notes', () => {
  it('are added by any user of the merchant and edited with noteUpdate', async () => {
    const crLocation = await findOrCreateLocation(t.database.db, ids.customRolesAuto);
    const created = await create(newCustomer({ location_id: crLocation }), 'admin@demo.test', ids.customRolesAuto);
    const url = `${customerUrl(created.id, ids.customRolesAuto)}notes/`;
    expect((await call('POST', url, 'agent@demo.test', { body: '' })).json()).toEqual({ body: ['Required'] });
    expect((await call('POST', url, 'agent@demo.test', { body: 'x'.repeat(2001) })).json()).toEqual({
      body: ['Must be at most 2000 characters'],
    });
    const added = await call('POST', url, 'agent@demo.test', { body: '  Promised to pay Friday  ' });
    expect(added.statusCode).toBe(201);
    const note = added.json();
    expect(note).toMatchObject({ body: 'Promised to pay Friday', edited: null, author: { first_name: 'Alex' } });
    // The Collector role holds is_note_update_allowed.
    const edited = await call('PATCH', `${url}${note.id}/`, 'agent@demo.test', { body: 'Paid' });
    expect(edited.json()).toMatchObject({ body: 'Paid' });
    expect(edited.json().edited).not.toBeNull();
    const roleWithout = await createCustomRole(t.database.db, ids.customRolesAuto, ['is_customer_update_allowed']);
    const user = await createUser(t.database.db, ids.customRolesAuto, { role: 'custom', customRoleId: roleWithout });
    const denied = await call('PATCH', `${url}${note.id}/`, user.email, { body: 'No' });
    expect(denied.statusCode).toBe(403);
    const list = (await call('GET', url, 'agent@demo.test')).json();
    expect(list.results.map((entry: { body: string }) => entry.body)).toEqual(['Paid']);
    expect((await call('PATCH', `${url}${randomUUID()}/`, 'agent@demo.test', { body: 'x' })).statusCode).toBe(404);
  });
});

describe('notes: editing and deleting', () => {
  it('are for their author and the merchant’s administrators, recorded in the history', async () => {
    const created = await create(newCustomer());
    const url = `${customerUrl(created.id)}notes/`;
    const add = async (email: string, body: string) => {
      const response = await call('POST', url, email, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const adminNote = await add('admin@demo.test', 'Admin: call on Monday');
    const staffNote = await add('staff@demo.test', 'Staff: promised Friday');

    // Staff cannot change the admin's note.
    const editDenied = await call('PATCH', `${url}${adminNote}/`, 'staff@demo.test', { body: 'Changed' });
    expect(editDenied.statusCode).toBe(403);
    expect((await call('DELETE', `${url}${adminNote}/`, 'staff@demo.test')).statusCode).toBe(403);

    // The author and an administrator can.
    expect((await call('PATCH', `${url}${staffNote}/`, 'staff@demo.test', { body: 'Staff: paid' })).statusCode).toBe(
      200,
    );
    const byAdmin = await call('PATCH', `${url}${staffNote}/`, 'admin@demo.test', { body: 'Paid in full' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await call('PATCH', `${url}${staffNote}/`, 'admin@demo.test', { body: '' })).json()).toEqual({
      body: ['Required'],
    });
    expect((await call('DELETE', `${url}${staffNote}/`, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('DELETE', `${url}${staffNote}/`, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('DELETE', `${url}${adminNote}/`, 'admin@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'staff@demo.test')).json().count).toBe(0);

    const history = (await call('GET', `${customerUrl(created.id)}history/`, 'staff@demo.test')).json();
    const noteEvents = history.results
      .filter((event: { kind: string }) => event.kind.startsWith('note.'))
      .map((event: { kind: string; actor: { first_name: string }; before: unknown; after: unknown }) => ({
        kind: event.kind,
        actor: event.actor.first_name,
        before: event.before,
        after: event.after,
      }));
    expect(noteEvents).toEqual([
      {
        kind: 'note.deleted',
        actor: 'Avery',
        before: { note_id: adminNote, body: 'Admin: call on Monday' },
        after: null,
      },
      { kind: 'note.deleted', actor: 'Avery', before: { note_id: staffNote, body: 'Paid in full' }, after: null },
      {
        kind: 'note.edited',
        actor: 'Avery',
        before: { body: 'Staff: paid' },
        after: { body: 'Paid in full' },
      },
      {
        kind: 'note.edited',
        actor: 'Stacy',
        before: { body: 'Staff: promised Friday' },
        after: { body: 'Staff: paid' },
      },
      {
        kind: 'note.added',
        actor: 'Stacy',
        before: null,
        after: { note_id: staffNote, body: 'Staff: promised Friday' },
      },
      {
        kind: 'note.added',
        actor: 'Avery',
        before: null,
        after: { note_id: adminNote, body: 'Admin: call on Monday' },
      },
    ]);
  });

  it('leave a note without an author (imported, system) to administrators', async () => {
    const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
    const url = `${customerUrl(fixture.customerId)}notes/${fixture.noteId}/`;
    expect((await call('PATCH', url, 'staff@demo.test', { body: 'Mine now' })).statusCode).toBe(403);
    expect((await call('DELETE', url, 'staff@demo.test')).statusCode).toBe(403);
    expect((await call('DELETE', url, 'super@demo.test')).statusCode).toBe(204);
  });

  it('are deleted with noteUpdate only, and not found under another merchant or customer', async () => {
    const crLocation = await findOrCreateLocation(t.database.db, ids.customRolesAuto);
    const created = await create(newCustomer({ location_id: crLocation }), 'admin@demo.test', ids.customRolesAuto);
    const url = `${customerUrl(created.id, ids.customRolesAuto)}notes/`;
    const roleWithout = await createCustomRole(t.database.db, ids.customRolesAuto, ['is_customer_update_allowed']);
    const without = await createUser(t.database.db, ids.customRolesAuto, { role: 'custom', customRoleId: roleWithout });
    const own = (await call('POST', url, without.email, { body: 'Written without the flag' })).json();
    expect((await call('DELETE', `${url}${own.id}/`, without.email)).statusCode).toBe(403);
    // The Collector (is_note_update_allowed) deletes their own note, not the admin's.
    const collectorNote = (await call('POST', url, 'agent@demo.test', { body: 'Collector note' })).json();
    const adminNote = (await call('POST', url, 'admin@demo.test', { body: 'Admin note' })).json();
    expect((await call('DELETE', `${url}${adminNote.id}/`, 'agent@demo.test')).statusCode).toBe(403);
    expect((await call('DELETE', `${url}${collectorNote.id}/`, 'agent@demo.test')).statusCode).toBe(204);
    // Another organisation's admin, on their own merchant, naming this note: not found.
    const legacyCustomer = await createCustomerFixture(t.database.db, ids.legacyMotors);
    const crossTenant = `${customerUrl(created.id, ids.legacyMotors)}notes/${adminNote.id}/`;
    expect((await call('DELETE', crossTenant, 'legacy@demo.test')).statusCode).toBe(404);
    const otherCustomer = `${customerUrl(legacyCustomer.customerId, ids.legacyMotors)}notes/${adminNote.id}/`;
    expect((await call('DELETE', otherCustomer, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('DELETE', `${url}${adminNote.id}/`, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await call('DELETE', `${url}not-a-note/`, 'admin@demo.test')).statusCode).toBe(404);
    expect((await call('GET', url, 'admin@demo.test')).json().results).toEqual([
      expect.objectContaining({ id: adminNote.id }),
      expect.objectContaining({ id: own.id }),
    ]);
  });
});

describe('co-borrowers', () => {
  it('are added (existing or new) and removed; the primary stays', async () => {
    const primary = await create(newCustomer());
    const existing = await create(newCustomer({ first_name: 'Existing' }));
    const accountId = primary.accounts[0].id;
    const url = `${customerUrl(primary.id)}accounts/${accountId}/customers/`;
    const added = await call('POST', url, 'staff@demo.test', { customer_id: existing.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().results.map((entry: { id: string; role: string }) => [entry.id, entry.role])).toEqual([
      [primary.id, 'primary'],
      [existing.id, 'co_borrower'],
    ]);
    expect((await call('POST', url, 'staff@demo.test', { customer_id: existing.id })).statusCode).toBe(409);
    const inline = await call('POST', url, 'staff@demo.test', {
      customer: { first_name: 'Inline', last_name: 'Borrower', sms_phone_number: freshPhone() },
    });
    expect(inline.statusCode, inline.body).toBe(201);
    expect(inline.json().results).toHaveLength(3);
    expect((await call('POST', url, 'staff@demo.test', {})).json()).toEqual({ customer_id: ['Required'] });
    const crLocation = await findOrCreateLocation(t.database.db, ids.customRolesAuto);
    const foreign = await create(newCustomer({ location_id: crLocation }), 'admin@demo.test', ids.customRolesAuto);
    expect((await call('POST', url, 'staff@demo.test', { customer_id: foreign.id })).statusCode).toBe(404);

    // The co-borrower sees the account too, and its external id finds them.
    const coDetail = (await call('GET', customerUrl(existing.id), 'staff@demo.test')).json();
    expect(coDetail.accounts.map((account: { id: string; role: string }) => account.role).sort()).toEqual([
      'co_borrower',
      'primary',
    ]);
    const listed = (await call('GET', url, 'staff@demo.test')).json();
    expect(listed.results).toHaveLength(3);

    const primaryRemoval = await call('DELETE', `${url}${primary.id}/`, 'staff@demo.test');
    expect(primaryRemoval.statusCode).toBe(400);
    expect(primaryRemoval.json().detail).toBe(PRIMARY_NOT_REMOVABLE);
    expect((await call('DELETE', `${url}${existing.id}/`, 'staff@demo.test')).statusCode).toBe(204);
    expect((await call('GET', url, 'staff@demo.test')).json().results).toHaveLength(2);
    expect((await call('DELETE', `${url}${existing.id}/`, 'staff@demo.test')).statusCode).toBe(404);
    const history = (await call('GET', `${customerUrl(existing.id)}history/`, 'staff@demo.test')).json();
    expect(history.results.map((event: { kind: string }) => event.kind)).toEqual(
      expect.arrayContaining(['co_borrower.added', 'co_borrower.removed']),
    );
  });
});

describe('checkIntegration', () => {
  const check = (customerId: string, email = 'admin@demo.test', merchantId = ids.integratedAuto) =>
    call('GET', `${customerUrl(customerId, merchantId)}?checkIntegration=true`, email);

  /** Counts the calls of one kind to FreshBooks (through the sandbox) until `restore`. */
  function countCalls(kind: 'findClients' | 'refresh') {
    const provider = t.app.ctx.providers.freshbooks;
    const original = provider[kind];
    const counter = {
      count: 0,
      restore: () => {
        Object.assign(provider, { [kind]: original });
      },
    };
    Object.assign(provider, {
      [kind]: async (...args: unknown[]) => {
        counter.count += 1;
        return (original as (...given: unknown[]) => Promise<unknown>).apply(provider, args);
      },
    });
    return counter;
  }
  const countFindClients = () => countCalls('findClients');

  /** Stops the API's clock at `at` (so the budget does not refill while a test spends it) until the call returned. */
  function stopClock(at: Date) {
    const ctx = t.app.ctx;
    const clock = ctx.clock;
    ctx.clock = () => new Date(at);
    return () => {
      ctx.clock = clock;
    };
  }

  /** Makes the customer's last check older than the few minutes it counts as recent. */
  async function backdateCheck(customerId: string) {
    const longAgo = new Date(Date.now() - CHECK_FRESH_MS - 1000);
    await t.database.db
      .update(customerIntegrationChecks)
      .set({ synced_at: longAgo, last_checked_at: longAgo })
      .where(eq(customerIntegrationChecks.customer_id, customerId));
  }

  /** An Integrated Auto customer whose account has this external id (the sandbox's client id). */
  async function integratedCustomer(externalId: string) {
    const fixture = await createCustomerFixture(t.database.db, ids.integratedAuto);
    await t.database.db.update(accounts).set({ external_id: externalId }).where(eq(accounts.id, fixture.accountId));
    return fixture;
  }

  it('finds the demo customers of Integrated Auto up to date with the FreshBooks sandbox', async () => {
    const list = (await call('GET', `${customersUrl(ids.integratedAuto)}?search=IA-1001`, 'admin@demo.test')).json();
    const response = await check(list.results[0].id);
    expect(response.statusCode).toBe(200);
    const client = sandboxFreshbooksClient('IA-1001');
    expect(response.json()).toMatchObject({
      first_name: client?.first_name,
      last_name: client?.last_name,
      email: client?.email,
      accounts: [{ external_id: 'IA-1001', amount_due_cents: client?.outstanding_cents }],
      integration_sync: { status: 'unchanged', message: SYNC_MESSAGES.unchanged },
    });
  });

  it('refreshes the account and contact from FreshBooks in one go, with a history entry, once', async () => {
    const { customerId } = await integratedCustomer('IA-7077');
    const client = sandboxFreshbooksClient('IA-7077');
    const response = await check(customerId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: client?.first_name,
      last_name: client?.last_name,
      email: client?.email,
      sms_phone_number: '+14155550177',
      accounts: [{ amount_due_cents: client?.outstanding_cents }],
      integration_sync: { status: 'updated', message: SYNC_MESSAGES.updated },
    });
    const history = (
      await call('GET', `${customerUrl(customerId, ids.integratedAuto)}history/`, 'admin@demo.test')
    ).json();
    const synced = history.results.filter((event: { kind: string }) => event.kind === 'integration.synced');
    expect(synced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: null,
          before: { amount_due_cents: 1000 },
          after: { amount_due_cents: client?.outstanding_cents },
        }),
        expect.objectContaining({ actor: null, after: expect.objectContaining({ first_name: client?.first_name }) }),
      ]),
    );
    // The list finds the customer by the new name.
    const found = (await call('GET', `${customersUrl(ids.integratedAuto)}?search=IA-7077`, 'admin@demo.test')).json();
    expect(found.results[0]).toMatchObject({ id: customerId, last_name: client?.last_name });

    // Checked again once the last check is no longer recent: nothing changes, nothing is added to the history.
    await backdateCheck(customerId);
    const again = await check(customerId);
    expect(again.json().integration_sync.status).toBe('unchanged');
    const after = (
      await call('GET', `${customerUrl(customerId, ids.integratedAuto)}history/`, 'admin@demo.test')
    ).json();
    expect(after.count).toBe(history.count);
  });

  it('asks FreshBooks once for repeated opens within a few minutes, answering when it last checked', async () => {
    const { customerId } = await integratedCustomer('IA-7011');
    const calls = countFindClients();
    try {
      const first = (await check(customerId)).json();
      expect(first.integration_sync.status).toBe('updated');
      for (let open = 0; open < 3; open += 1) {
        const response = await check(customerId);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          ...first,
          integration_sync: {
            status: 'recent',
            checked_at: first.integration_sync.checked_at,
            message: SYNC_MESSAGES.recent,
          },
        });
      }
      expect(calls.count).toBe(1);
      await backdateCheck(customerId);
      expect((await check(customerId)).json().integration_sync.status).toBe('unchanged');
      expect(calls.count).toBe(2);
    } finally {
      calls.restore();
    }
  });

  it('makes one FreshBooks call for 50 opens of a customer at once, each answering what it found', async () => {
    const { customerId } = await integratedCustomer('IA-7012');
    const client = sandboxFreshbooksClient('IA-7012');
    const calls = countFindClients();
    try {
      const responses = await Promise.all(Array.from({ length: 50 }, () => check(customerId)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      for (const response of responses) {
        expect(response.json()).toMatchObject({
          last_name: client?.last_name,
          accounts: [{ amount_due_cents: client?.outstanding_cents }],
          integration_sync: { status: 'updated', message: SYNC_MESSAGES.updated },
        });
      }
      expect(calls.count).toBe(1);
    } finally {
      calls.restore();
    }
    const history = (
      await call('GET', `${customerUrl(customerId, ids.integratedAuto)}history/`, 'admin@demo.test')
    ).json();
    const synced = history.results.filter((event: { kind: string }) => event.kind === 'integration.synced');
    expect(synced).toHaveLength(2);
  });

  it('answers the stored customer and says so once the merchant’s FreshBooks budget is spent', async () => {
    const { customerId } = await integratedCustomer('IA-7013');
    const stored = (await call('GET', customerUrl(customerId, ids.integratedAuto), 'admin@demo.test')).json();
    const db = t.database.db;
    const now = new Date();
    await db
      .insert(integrationRequestBudgets)
      .values({ merchant_id: ids.integratedAuto, provider: 'freshbooks', tokens: 0, refilled_at: now })
      .onConflictDoUpdate({
        target: [integrationRequestBudgets.merchant_id, integrationRequestBudgets.provider],
        set: { tokens: 0, refilled_at: now },
      });
    const calls = countFindClients();
    const restoreClock = stopClock(now);
    try {
      const response = await check(customerId);
      expect(response.statusCode).toBe(200);
      const { integration_sync: sync, ...customer } = response.json();
      expect(customer).toEqual(stored);
      expect(sync).toEqual({
        status: 'rate_limited',
        checked_at: expect.any(String),
        message: SYNC_MESSAGES.rate_limited,
      });
      expect(calls.count).toBe(0);
    } finally {
      restoreClock();
      calls.restore();
      await db.delete(integrationRequestBudgets).where(eq(integrationRequestBudgets.merchant_id, ids.integratedAuto));
    }
    // With the budget back, the customer is checked (a refused check does not count as a recent one).
    expect((await check(customerId)).json().integration_sync.status).toBe('updated');
  });

  it('spends at most the budget across many customers opened at once', async () => {
    const fixtures = await Promise.all(
      Array.from({ length: FRESHBOOKS_BUDGET.burst + 5 }, (_, index) => integratedCustomer(`IA-72${10 + index}`)),
    );
    await t.database.db
      .delete(integrationRequestBudgets)
      .where(eq(integrationRequestBudgets.merchant_id, ids.integratedAuto));
    const calls = countFindClients();
    const restoreClock = stopClock(new Date());
    try {
      const responses = await Promise.all(fixtures.map(({ customerId }) => check(customerId)));
      const statuses = responses.map((response) => response.json().integration_sync.status as string);
      expect(statuses.filter((status) => status === 'updated')).toHaveLength(FRESHBOOKS_BUDGET.burst);
      expect(statuses.filter((status) => status === 'rate_limited')).toHaveLength(5);
      expect(calls.count).toBe(FRESHBOOKS_BUDGET.burst);
    } finally {
      restoreClock();
      calls.restore();
      await t.database.db
        .delete(integrationRequestBudgets)
        .where(eq(integrationRequestBudgets.merchant_id, ids.integratedAuto));
    }
  });

  it('renews expired FreshBooks tokens once for parallel reads, which both succeed', async () => {
    const db = t.database.db;
    const cipher = t.app.ctx.cipher;
    const connectionOf = async () => {
      const [row] = await db
        .select()
        .from(integrationConnections)
        .where(
          and(
            eq(integrationConnections.merchant_id, ids.integratedAuto),
            eq(integrationConnections.provider, 'freshbooks'),
          ),
        );
      if (!row?.credentials_sealed) throw new Error('Integrated Auto has no FreshBooks connection');
      return { row, session: JSON.parse(cipher.decrypt(row.credentials_sealed)) as FreshbooksSession };
    };
    const { row, session } = await connectionOf();
    // A session as FreshBooks issued it, whose access token has run out.
    const expired: FreshbooksSession = {
      ...session,
      access_token: `sandbox-access-expired${randomUUID().slice(0, 8)}`,
      refresh_token: `sandbox-refresh-${randomUUID()}`,
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    };
    await db
      .update(integrationConnections)
      .set({ credentials_sealed: cipher.encrypt(JSON.stringify(expired)) })
      .where(eq(integrationConnections.id, row.id));

    const renewals = countCalls('refresh');
    try {
      const [one, two] = await Promise.all([integratedCustomer('IA-7021'), integratedCustomer('IA-7022')]);
      const responses = await Promise.all([check(one.customerId), check(two.customerId)]);
      expect(responses.map((response) => response.json().integration_sync.status)).toEqual(['updated', 'updated']);
      expect(renewals.count).toBe(1);
    } finally {
      renewals.restore();
    }
    const { session: renewed } = await connectionOf();
    expect(renewed.refresh_token).not.toBe(expired.refresh_token);
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.now());
    // The sandbox, like FreshBooks, refuses a refresh token that was used once.
    await expect(t.app.ctx.providers.freshbooks.refresh(expired)).rejects.toThrow(FreshbooksSyncError);
  });

  it('answers the stored customer when FreshBooks fails, and says so', async () => {
    const { customerId } = await integratedCustomer('IA-FAIL-7002');
    const stored = (await call('GET', customerUrl(customerId, ids.integratedAuto), 'admin@demo.test')).json();
    const response = await check(customerId);
    expect(response.statusCode).toBe(200);
    const { integration_sync: sync, ...customer } = response.json();
    expect(customer).toEqual(stored);
    expect(sync).toEqual({ status: 'failed', checked_at: expect.any(String), message: SYNC_MESSAGES.failed });

    const provider = t.app.ctx.providers.freshbooks;
    const findClients = provider.findClients;
    provider.findClients = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const { customerId: other } = await integratedCustomer('IA-7003');
      const failed = await check(other);
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ first_name: 'Fixture', integration_sync: { status: 'failed' } });
      // FreshBooks' own rate limit (429) reads as the budget being spent, not as FreshBooks being down.
      provider.findClients = async () => {
        throw new FreshbooksRateLimitError('too many requests');
      };
      const limited = await check(other);
      expect(limited.json()).toMatchObject({
        first_name: 'Fixture',
        integration_sync: { status: 'rate_limited', message: SYNC_MESSAGES.rate_limited },
      });
    } finally {
      provider.findClients = findClients;
    }
  });

  it('says when FreshBooks has no such client, or is not connected', async () => {
    const { customerId } = await integratedCustomer('IA-MISSING-7004');
    expect((await check(customerId)).json()).toMatchObject({
      first_name: 'Fixture',
      integration_sync: { status: 'not_found' },
    });

    const db = t.database.db;
    const [integrated] = await db.select().from(merchants).where(eq(merchants.id, ids.integratedAuto));
    if (!integrated) throw new Error('no Integrated Auto');
    const merchantId = await createMerchant(db, integrated.organization_id);
    await db.update(merchants).set({ is_integrated: true }).where(eq(merchants.id, merchantId));
    const { customerId: unconnected } = await createCustomerFixture(db, merchantId);
    const admin = await createUser(db, merchantId, { role: 'admin' });
    const response = await check(unconnected, admin.email, merchantId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Fixture', integration_sync: { status: 'not_connected' } });
  });

  it('marks FreshBooks for reconnecting when it refuses the connection, and stops asking it', async () => {
    const db = t.database.db;
    const [integrated] = await db.select().from(merchants).where(eq(merchants.id, ids.integratedAuto));
    if (!integrated) throw new Error('no Integrated Auto');
    const merchantId = await createMerchant(db, integrated.organization_id);
    await db.update(merchants).set({ is_integrated: true }).where(eq(merchants.id, merchantId));
    // Expired tokens whose refresh token FreshBooks no longer takes (revoked in FreshBooks, or spent).
    const revoked: FreshbooksSession = {
      access_token: `sandbox-access-${randomUUID()}`,
      refresh_token: `revoked-${randomUUID()}`,
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    };
    await db.insert(integrationConnections).values({
      merchant_id: merchantId,
      provider: 'freshbooks',
      status: 'connected',
      account_label: 'Demo Business',
      credentials_sealed: t.app.ctx.cipher.encrypt(JSON.stringify(revoked)),
    });
    const { customerId } = await createCustomerFixture(db, merchantId);
    const admin = await createUser(db, merchantId, { role: 'admin' });
    const renewals = countCalls('refresh');
    const calls = countFindClients();
    try {
      const first = await check(customerId, admin.email, merchantId);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ first_name: 'Fixture', integration_sync: { status: 'not_connected' } });
      expect(renewals.count).toBe(1);

      // Integration settings are a super user's.
      const superUser = await createUser(db, merchantId, { role: 'super_admin' });
      const settings = await call('GET', `/api/merchants/${merchantId}/integrations/`, superUser.email);
      expect(settings.statusCode).toBe(200);
      const freshbooks = settings.json().results.find((row: { provider: string }) => row.provider === 'freshbooks');
      expect(freshbooks).toMatchObject({ status: 'error', last_error: expect.stringMatching(/connect it again/) });
      const [row] = await db
        .select()
        .from(integrationConnections)
        .where(eq(integrationConnections.merchant_id, merchantId));
      expect(row?.credentials_sealed).toBeNull();

      // Opened again (after the five minutes a check stays fresh): FreshBooks is not asked, no budget is spent.
      const budgetTokens = async () =>
        (
          await db
            .select({ tokens: integrationRequestBudgets.tokens })
            .from(integrationRequestBudgets)
            .where(eq(integrationRequestBudgets.merchant_id, merchantId))
        ).map((budget) => budget.tokens);
      const tokensBefore = await budgetTokens();
      await db.delete(customerIntegrationChecks).where(eq(customerIntegrationChecks.customer_id, customerId));
      const again = await check(customerId, admin.email, merchantId);
      expect(again.json()).toMatchObject({ integration_sync: { status: 'not_connected' } });
      expect(renewals.count).toBe(1);
      expect(calls.count).toBe(0);
      expect(await budgetTokens()).toEqual(tokensBefore);
    } finally {
      renewals.restore();
      calls.restore();
    }
  });

  it('leaves customers of merchants that are not integrated alone', async () => {
    const { customerId } = await createCustomerFixture(t.database.db, ids.demoMotors);
    const provider = t.app.ctx.providers.freshbooks;
    const findClients = provider.findClients;
    let asked = 0;
    provider.findClients = async (...args) => {
      asked += 1;
      return findClients(...args);
    };
    try {
      const response = await check(customerId, 'staff@demo.test', ids.demoMotors);
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('integration_sync');
      expect(asked).toBe(0);
    } finally {
      provider.findClients = findClients;
    }
  });

  it('is 404 for another merchant’s customer; any user of the merchant may check; others may not', async () => {
    const { customerId } = await integratedCustomer('IA-7005');
    expect((await check(customerId, 'admin@demo.test', ids.demoMotors)).statusCode).toBe(404);
    // staff@demo.test works for Demo Motors only.
    expect((await check(customerId, 'staff@demo.test')).statusCode).toBe(404);
    expect(
      (await call('GET', `${customerUrl(customerId, ids.integratedAuto)}?checkIntegration=true`, null)).statusCode,
    ).toBe(401);
    const staff = await createUser(t.database.db, ids.integratedAuto, { role: 'staff' });
    const response = await check(customerId, staff.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().integration_sync.status).toBe('updated');
    // Nothing changed for a check that was not asked for.
    const plain = await call('GET', customerUrl(customerId, ids.integratedAuto), staff.email);
    expect(plain.json()).not.toHaveProperty('integration_sync');
  });
});
