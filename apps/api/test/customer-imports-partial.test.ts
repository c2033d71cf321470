// Issue 16 items 1 and 2: a re-import changes only what its file maps and has a value for (blank clears only when
// the import says so), statuses to and from do-not-contact are listed in the preview and kept in history, and
// opt-ins turned on by an import need the importing user's affirmation, recorded with the user, words and import.
import { randomUUID } from 'node:crypto';
import {
  IMPORT_AFFIRMATION_MISMATCH,
  importAffirmationRequired,
  importAffirmationText,
  type ImportMapping,
} from '@paydesk/domain/customers/customer-imports.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents } from '../src/db/schema/consent-events';
import {
  accountCustomers,
  accountTagAssignments,
  accounts,
  customerEvents,
  customers,
} from '../src/db/schema/customers';
import { merchantLocations } from '../src/db/schema/locations';
import { accountTags } from '../src/db/schema/tags';
import { signInCustomRoleUser } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
let staffId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  staffId = await userIdOf(t.database.db, 'staff@demo.test');
});
afterAll(() => t.close());

const FULL_HEADER =
  'First,Last,Email,Phone,Account,Amount,Due,Autopay,Status,Location,Tags,Text,Mail,Language,Fee,Street,Unit,Town,State,Zip';
const FULL_MAPPING: ImportMapping = {
  first_name: 'First',
  last_name: 'Last',
  email: 'Email',
  sms_phone_number: 'Phone',
  external_id: 'Account',
  amount_due: 'Amount',
  due_date: 'Due',
  autopay: 'Autopay',
  status: 'Status',
  location: 'Location',
  tags: 'Tags',
  text_opt_in: 'Text',
  email_opt_in: 'Mail',
  language: 'Language',
  convenience_fee: 'Fee',
  address_line1: 'Street',
  address_line2: 'Unit',
  city: 'Town',
  state: 'State',
  zip: 'Zip',
};
const AFFIRMED = {
  text_opt_in_affirmation: importAffirmationText('sms'),
  email_opt_in_affirmation: importAffirmationText('email'),
};

let phoneSeq = 0;
/** 646-555-01xx: no demo customer or other test file uses these. */
const freshPhone = () => `(646) 555-01${String(phoneSeq++ % 100).padStart(2, '0')}`;
const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;

const csvOf = (header: string, rows: string[][]) => [header, ...rows.map((row) => row.join(','))].join('\n');
const importsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/customer_imports/`;

type Body = { csv: string; mapping: ImportMapping; blank_clears?: boolean } & Partial<typeof AFFIRMED>;

async function upload(body: Body, email = 'staff@demo.test') {
  return t.app.inject({
    method: 'POST',
    url: importsUrl(),
    headers: await as(email),
    payload: { file_name: 'customers.csv', ...body },
  });
}

async function importAndRun(body: Body) {
  const created = await upload(body);
  expect(created.statusCode, created.body).toBe(201);
  expect((await t.app.jobs.drain()).failed).toEqual([]);
  const done = await t.app.inject({
    method: 'GET',
    url: `${importsUrl()}${created.json().id}/`,
    headers: await as('staff@demo.test'),
  });
  return done.json();
}

async function preview(body: Body, email = 'staff@demo.test', merchantId = ids.demoMotors) {
  return t.app.inject({
    method: 'POST',
    url: `${importsUrl(merchantId)}preview/`,
    headers: await as(email),
    payload: body,
  });
}

/** A customer with every field the issue lists set: both opt-ins, do not contact, tags, due date, autopay, fee. */
function fullRow(externalId: string, phone: string, overrides: Partial<Record<keyof ImportMapping, string>> = {}) {
  const values: Record<keyof ImportMapping, string> = {
    first_name: 'Keep',
    last_name: 'Everything',
    email: 'keep@example.com',
    sms_phone_number: phone,
    external_id: externalId,
    amount_due: '100.00',
    due_date: '01/10/2031',
    autopay: 'yes',
    status: 'Do not contact',
    location: 'Airport Rd',
    tags: 'VIP',
    text_opt_in: 'yes',
    email_opt_in: 'yes',
    language: 'es-US',
    convenience_fee: '2.50',
    address_line1: '12 Ocean Dr',
    address_line2: 'Apt 4',
    city: 'Miami Beach',
    state: 'fl',
    zip: '331391234',
    ...overrides,
  };
  return FULL_HEADER.split(',').map((column) => {
    const field = Object.entries(FULL_MAPPING).find(([, name]) => name === column)?.[0] as keyof ImportMapping;
    return values[field];
  });
}

/** What the customer and account of an external id hold now. */
async function stateOf(externalId: string) {
  const { db } = t.database;
  const [row] = await db
    .select({ customer: customers, account: accounts })
    .from(accounts)
    .innerJoin(
      accountCustomers,
      and(eq(accountCustomers.account_id, accounts.id), eq(accountCustomers.role, 'primary')),
    )
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .where(and(eq(accounts.merchant_id, ids.demoMotors), eq(accounts.external_id, externalId)));
  if (!row) throw new Error(`no account ${externalId}`);
  const tags = await db
    .select({ name: accountTags.name })
    .from(accountTagAssignments)
    .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
    .where(eq(accountTagAssignments.account_id, row.account.id));
  const [location] = await db
    .select({ name: merchantLocations.name })
    .from(merchantLocations)
    .where(eq(merchantLocations.id, row.customer.location_id));
  return {
    customerId: row.customer.id,
    accountId: row.account.id,
    fields: {
      first_name: row.customer.first_name,
      last_name: row.customer.last_name,
      email: row.customer.email,
      sms_phone_number: row.customer.sms_phone_number,
      text_opt_in: row.customer.text_opt_in,
      email_opt_in: row.customer.email_opt_in,
      language: row.customer.language,
      address: [
        row.customer.address_line1,
        row.customer.address_line2,
        row.customer.city,
        row.customer.state,
        row.customer.zip,
      ],
      location: location?.name,
      amount_due_cents: row.account.amount_due_cents,
      due_date: row.account.due_date,
      autopay: row.account.autopay,
      convenience_fee_cents: row.account.convenience_fee_cents,
      status: row.account.status,
      tags: tags.map((tag) => tag.name).sort(),
    },
  };
}

async function ledgerOf(customerId: string) {
  return t.database.db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.customer_id, customerId))
    .orderBy(asc(consentEvents.created), asc(consentEvents.opted_in));
}

/** Seeds one customer with every field set, through an affirmed import; returns its state. */
async function seedFull(externalId: string, phone: string) {
  const seeded = await importAndRun({
    csv: csvOf(FULL_HEADER, [fullRow(externalId, phone)]),
    mapping: FULL_MAPPING,
    ...AFFIRMED,
  });
  expect(seeded).toMatchObject({ imported: 1, failed: 0 });
  const state = await stateOf(externalId);
  expect(state.fields).toEqual({
    first_name: 'Keep',
    last_name: 'Everything',
    email: 'keep@example.com',
    sms_phone_number: e164(phone),
    text_opt_in: true,
    email_opt_in: true,
    language: 'es-US',
    address: ['12 Ocean Dr', 'Apt 4', 'Miami Beach', 'FL', '33139-1234'],
    location: 'Airport Rd',
    amount_due_cents: 10_000,
    due_date: '2031-01-10',
    autopay: true,
    convenience_fee_cents: 250,
    status: 'do_not_contact',
    tags: ['VIP'],
  });
  return state;
}

describe('a re-import over existing accounts', () => {
  it('maps first, last, external id and amount: only the amount and names change, every other field stays', async () => {
    const externalId = `PART-${randomUUID().slice(0, 8)}`;
    const phone = freshPhone();
    const before = await seedFull(externalId, phone);
    const ledgerBefore = await ledgerOf(before.customerId);
    const newId = `PART-NEW-${randomUUID().slice(0, 8)}`;
    const summary = await importAndRun({
      csv: csvOf('first,last,ext,amount', [
        ['Kept', 'Everything', externalId, '250.00'],
        // A new account needs a location: the file maps none and Demo Motors has several.
        ['New', 'Person', newId, '1.00'],
      ]),
      mapping: { first_name: 'first', last_name: 'last', external_id: 'ext', amount_due: 'amount' },
    });
    expect(summary).toMatchObject({ imported: 1, updated: 1, failed: 1 });
    const after = await stateOf(externalId);
    expect(after.fields).toEqual({ ...before.fields, first_name: 'Kept', amount_due_cents: 25_000 });
    expect(await ledgerOf(before.customerId)).toEqual(ledgerBefore);
    const report = await t.app.inject({
      method: 'GET',
      url: `${importsUrl()}${summary.id}/report/`,
      headers: await as('staff@demo.test'),
    });
    expect(report.json().results).toEqual([
      expect.objectContaining({ row_number: 2, reason: 'Location (by name): Required' }),
    ]);
  });

  it('leaves a field whose mapped cell is blank, and clears it when the import says blank clears', async () => {
    const externalId = `BLANK-${randomUUID().slice(0, 8)}`;
    const before = await seedFull(externalId, freshPhone());
    const blanks = fullRow(externalId, '', {
      first_name: 'Keep',
      email: '',
      due_date: '',
      autopay: '',
      status: '',
      location: '',
      tags: '',
      text_opt_in: '',
      email_opt_in: '',
      language: '',
      convenience_fee: '',
      address_line1: '',
      address_line2: '',
      city: '',
      state: '',
      zip: '',
    });
    const csv = csvOf(FULL_HEADER, [blanks]);

    const left = await importAndRun({ csv, mapping: FULL_MAPPING });
    expect(left).toMatchObject({ updated: 1, failed: 0, blank_clears: false });
    expect((await stateOf(externalId)).fields).toEqual(before.fields);

    // The same file again, blank clearing: the create defaults, the location (never cleared) kept.
    const cleared = await importAndRun({ csv, mapping: FULL_MAPPING, blank_clears: true });
    expect(cleared).toMatchObject({ updated: 1, failed: 0, blank_clears: true });
    expect((await stateOf(externalId)).fields).toEqual({
      ...before.fields,
      email: null,
      sms_phone_number: null,
      text_opt_in: false,
      email_opt_in: false,
      language: 'en-US',
      due_date: null,
      autopay: false,
      convenience_fee_cents: 0,
      status: 'active',
      tags: [],
      address: [null, null, null, null, null],
    });
    // Opting out needed no affirmation; the ledger names the user and the import.
    const optOuts = (await ledgerOf(before.customerId)).filter((row) => !row.opted_in);
    expect(optOuts.map((row) => [row.channel, row.actor_id, row.import_id, row.affirmation]).sort()).toEqual([
      ['email', staffId, cleared.id, ''],
      ['sms', staffId, cleared.id, ''],
    ]);

    const remembered = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.demoMotors}/customer_import_mapping/`,
      headers: await as('staff@demo.test'),
    });
    expect(remembered.json()).toEqual({ mapping: FULL_MAPPING, blank_clears: true });
  });
});

describe('opt-ins set by an import', () => {
  it('refuses a file that opts customers in without the affirmation, or with other words, and writes nothing', async () => {
    const externalId = `OPTIN-${randomUUID().slice(0, 8)}`;
    const csv = csvOf(FULL_HEADER, [fullRow(externalId, freshPhone(), { email_opt_in: 'no' })]);
    const refused = await upload({ csv, mapping: FULL_MAPPING });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ text_opt_in_affirmation: [importAffirmationRequired('sms')] });
    const wrongWords = await upload({ csv, mapping: FULL_MAPPING, text_opt_in_affirmation: 'yes' });
    expect(wrongWords.statusCode).toBe(400);
    expect(wrongWords.json()).toEqual({ text_opt_in_affirmation: [IMPORT_AFFIRMATION_MISMATCH] });
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    const [found] = await t.database.db.select().from(accounts).where(eq(accounts.external_id, externalId));
    expect(found).toBeUndefined();
  });

  it('turns opt-ins on with the affirmation, each ledger row naming the user, the words and the import', async () => {
    const externalId = `OPTON-${randomUUID().slice(0, 8)}`;
    const phone = freshPhone();
    const seeded = await importAndRun({
      csv: csvOf(FULL_HEADER, [fullRow(externalId, phone, { text_opt_in: 'no', email_opt_in: 'no' })]),
      mapping: FULL_MAPPING,
    });
    expect(seeded).toMatchObject({ imported: 1 });
    const { customerId } = await stateOf(externalId);
    expect(await ledgerOf(customerId)).toEqual([]);
    const summary = await importAndRun({
      csv: csvOf('first,last,ext,amount,text,mail', [['Keep', 'Everything', externalId, '100.00', 'yes', 'Y']]),
      mapping: {
        first_name: 'first',
        last_name: 'last',
        external_id: 'ext',
        amount_due: 'amount',
        text_opt_in: 'text',
        email_opt_in: 'mail',
      },
      ...AFFIRMED,
    });
    expect(summary).toMatchObject({ updated: 1, failed: 0 });
    expect((await stateOf(externalId)).fields).toMatchObject({ text_opt_in: true, email_opt_in: true });
    const ledger = await ledgerOf(customerId);
    expect(
      ledger.map((row) => [row.channel, row.opted_in, row.method, row.actor_id, row.affirmation, row.import_id]).sort(),
    ).toEqual([
      ['email', true, 'import', staffId, importAffirmationText('email'), summary.id],
      ['sms', true, 'import', staffId, importAffirmationText('sms'), summary.id],
    ]);
  });
});

describe('the preview', () => {
  it('says what the import will do by the server checks, listing statuses to and from do-not-contact', async () => {
    const tag = randomUUID().slice(0, 8);
    const [dnc, active] = [`DNC-${tag}`, `ACT-${tag}`];
    const takenPhone = freshPhone();
    await importAndRun({
      csv: csvOf(FULL_HEADER, [
        fullRow(dnc, freshPhone(), { text_opt_in: 'no', email_opt_in: 'no' }),
        fullRow(active, takenPhone, { status: 'Active', text_opt_in: 'no', email_opt_in: 'no' }),
      ]),
      mapping: FULL_MAPPING,
    });
    const header = 'first,last,ext,amount,status,phone,text,location';
    const mapping: ImportMapping = {
      first_name: 'first',
      last_name: 'last',
      external_id: 'ext',
      amount_due: 'amount',
      status: 'status',
      sms_phone_number: 'phone',
      text_opt_in: 'text',
      location: 'location',
    };
    const rows = [
      ['Keep', 'Everything', dnc, '1.00', 'Active', '', 'no', ''],
      ['Keep', 'Everything', active, '1.00', 'Do not contact', '', '', ''],
      ['Brand', 'New', `NEW-${tag}`, '1.00', '', freshPhone(), 'yes', 'Main St'],
      // Passes the browser's checks; the server knows the number is another customer's.
      ['Phone', 'Taken', `TAKEN-${tag}`, '1.00', '', takenPhone, '', 'Main St'],
      ['Bad', 'Amount', `BAD-${tag}`, 'lots', '', '', '', 'Main St'],
    ];
    const countBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const response = await preview({ csv: csvOf(header, rows), mapping });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      total: 5,
      create: 1,
      update: 2,
      fail: 2,
      failures: [
        { row_number: 4, reason: `Phone: ${ERROR_CATALOGUE['phone_number.duplicate']}` },
        { row_number: 5, reason: expect.stringMatching(/^Amount due: /) },
      ],
      do_not_contact_changes: [
        { row_number: 1, external_id: dnc, name: 'Keep Everything', from: 'do_not_contact', to: 'active' },
        { row_number: 2, external_id: active, name: 'Keep Everything', from: 'active', to: 'do_not_contact' },
      ],
      opt_in_rows: { sms: 1, email: 0 },
    });
    // Nothing written.
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers)).toEqual(countBefore);

    // Importing it does what the preview said, and the history keeps each status change with the importing user.
    const summary = await importAndRun({ csv: csvOf(header, rows), mapping, ...AFFIRMED });
    expect(summary).toMatchObject({ imported: 3, updated: 2, failed: 2 });
    for (const [externalId, from, to] of [
      [dnc, 'do_not_contact', 'active'],
      [active, 'active', 'do_not_contact'],
    ] as const) {
      const { customerId, accountId } = await stateOf(externalId);
      const history = await t.database.db
        .select()
        .from(customerEvents)
        .where(and(eq(customerEvents.customer_id, customerId), eq(customerEvents.kind, 'account.updated')));
      expect(history).toEqual([
        expect.objectContaining({
          account_id: accountId,
          actor_id: staffId,
          before: expect.objectContaining({ status: from }),
          after: expect.objectContaining({ status: to }),
        }),
      ]);
    }
  });

  it('answers 400 for a bad mapping, 401 signed out, 403 without the permission, 404 at another merchant', async () => {
    const csv = csvOf('first,last,ext,amount', [['A', 'B', 'C', '1.00']]);
    const mapping: ImportMapping = { first_name: 'first', last_name: 'last', external_id: 'ext', amount_due: 'amount' };
    const bad = await preview({ csv, mapping: { ...mapping, amount_due: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['mapping.amount_due']);
    const signedOut = await t.app.inject({ method: 'POST', url: `${importsUrl()}preview/`, payload: { csv, mapping } });
    expect(signedOut.statusCode).toBe(401);
    const without = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, ['is_note_update_allowed']);
    const denied = await t.app.inject({
      method: 'POST',
      url: `${importsUrl(ids.customRolesAuto)}preview/`,
      headers: without,
      payload: { csv, mapping },
    });
    expect(denied.statusCode).toBe(403);
    expect((await preview({ csv, mapping }, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await preview({ csv, mapping }, 'agent@demo.test', ids.customRolesAuto)).statusCode).toBe(403);
  });
});
