import { randomUUID } from 'node:crypto';
import {
  IMPORT_EMPTY,
  IMPORT_MAX_BYTES,
  IMPORT_NOT_CSV,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  LOCATION_UNKNOWN,
  type ImportMapping,
} from '@paydesk/domain/customers/customer-imports.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImportRows } from '../src/db/schema/customer-imports';
import { accountTagAssignments, accounts, consentEvents, customers } from '../src/db/schema/customers';
import { merchantLocations } from '../src/db/schema/locations';
import { runCustomerImport } from '../src/modules/customers/customer-imports.service';
import { INTEGRATED_CREATE_REFUSED } from '../src/modules/customers/customers.service';
import { findOrCreateLocation, signInCustomRoleUser } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const HEADER = 'First Name,Last Name,Email,Phone,Account,Amount Due,Due Date,Autopay,Status,Location,Tags,Text Opt In';
const MAPPING: ImportMapping = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  sms_phone_number: 'Phone',
  external_id: 'Account',
  amount_due: 'Amount Due',
  due_date: 'Due Date',
  autopay: 'Autopay',
  status: 'Status',
  location: 'Location',
  tags: 'Tags',
  text_opt_in: 'Text Opt In',
};

let phoneSeq = 0;
/** 718-555-01xx: no demo customer or other test file uses these. */
const freshPhone = () => `(718) 555-01${String(phoneSeq++ % 100).padStart(2, '0')}`;

type Row = Partial<{
  first: string;
  last: string;
  email: string;
  phone: string;
  account: string;
  amount: string;
  due: string;
  autopay: string;
  status: string;
  location: string;
  tags: string;
  textOptIn: string;
}>;

function line(row: Row): string {
  return [
    row.first ?? 'Ada',
    row.last ?? 'Importer',
    row.email ?? 'ada@example.com',
    row.phone ?? '',
    row.account ?? `IMP-${randomUUID().slice(0, 8)}`,
    row.amount ?? '$1,234.56',
    row.due ?? '01/15/2031',
    row.autopay ?? 'no',
    row.status ?? 'Active',
    row.location ?? 'Main St',
    row.tags ?? '',
    row.textOptIn ?? 'no',
  ]
    .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}

const csvOf = (rows: Row[]) => [HEADER, ...rows.map(line)].join('\n');

const importsUrl = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/customer_imports/`;

async function upload(csv: string, options: { email?: string; merchantId?: string; mapping?: ImportMapping } = {}) {
  return t.app.inject({
    method: 'POST',
    url: importsUrl(options.merchantId),
    headers: await as(options.email ?? 'staff@demo.test'),
    payload: { file_name: 'customers.csv', csv, mapping: options.mapping ?? MAPPING },
  });
}

async function status(importId: string, merchantId = ids.demoMotors, email = 'staff@demo.test') {
  return t.app.inject({
    method: 'GET',
    url: `${importsUrl(merchantId)}${importId}/`,
    headers: await as(email),
  });
}

async function importAndRun(rows: Row[]) {
  const created = await upload(csvOf(rows));
  expect(created.statusCode, created.body).toBe(201);
  const result = await t.app.jobs.drain();
  expect(result.failed).toEqual([]);
  const done = await status(created.json().id);
  expect(done.statusCode).toBe(200);
  return done.json();
}

async function accountsWith(externalIds: string[]) {
  return t.database.db
    .select({ id: accounts.id, external_id: accounts.external_id, amount: accounts.amount_due_cents })
    .from(accounts)
    .where(and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, externalIds)));
}

describe('importing customers from a CSV', () => {
  it('imports every good row and reports a bad one with its reason', async () => {
    const good = [`GOOD-${randomUUID().slice(0, 6)}`, `GOOD-${randomUUID().slice(0, 6)}`];
    const phone = freshPhone();
    const summary = await importAndRun([
      { account: good[0], phone, tags: 'VIP; Repo Risk', textOptIn: 'yes', due: '2031-02-10' },
      { account: 'BAD-1', email: 'not-an-email', amount: '' },
      { account: good[1], location: 'airport rd', status: 'Do not contact' },
    ]);
    expect(summary).toMatchObject({ status: 'completed', total: 3, processed: 3, imported: 2, failed: 1, updated: 0 });
    expect(summary.finished).not.toBeNull();

    const rows = await accountsWith(good);
    expect(rows.map((row) => row.amount)).toEqual([123_456, 123_456]);
    const [first] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.merchant_id, ids.demoMotors), eq(customers.sms_phone_number, '+17185550100')));
    expect(first).toMatchObject({ first_name: 'Ada', text_opt_in: true });
    const ledger = await t.database.db.select().from(consentEvents).where(eq(consentEvents.customer_id, first!.id));
    expect(ledger).toMatchObject([{ channel: 'sms', opted_in: true, method: 'import', actor_id: null }]);
    const tagRows = await t.database.db
      .select()
      .from(accountTagAssignments)
      .where(
        inArray(
          accountTagAssignments.account_id,
          rows.map((row) => row.id),
        ),
      );
    expect(tagRows).toHaveLength(2);

    const report = await t.app.inject({
      method: 'GET',
      url: `${importsUrl()}${summary.id}/report/`,
      headers: await as('staff@demo.test'),
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().columns).toEqual(HEADER.split(','));
    expect(report.json().results).toEqual([
      {
        row_number: 2,
        cells: expect.arrayContaining(['BAD-1', 'not-an-email']),
        reason: `Email: Email is not valid; Amount due: ${ERROR_CATALOGUE['account.amount_due_required']}`,
      },
    ]);
  });

  it('reports rows the customers service refuses: unknown location, duplicate phone, autopay after the 28th', async () => {
    const phone = freshPhone();
    const summary = await importAndRun([
      { location: 'Nowhere Lot' },
      { phone },
      { phone },
      { autopay: 'yes', due: '2031-01-30' },
      { tags: 'No Such Tag' },
    ]);
    expect(summary).toMatchObject({ imported: 1, failed: 4 });
    const report = await t.app.inject({
      method: 'GET',
      url: `${importsUrl()}${summary.id}/report/`,
      headers: await as('staff@demo.test'),
    });
    const reasons = report
      .json()
      .results.map((row: { row_number: number; reason: string }) => [row.row_number, row.reason]);
    expect(reasons).toEqual([
      [1, `Location (by name): ${LOCATION_UNKNOWN}`],
      [3, `Phone: ${ERROR_CATALOGUE['phone_number.duplicate']}`],
      [4, `Due date: ${ERROR_CATALOGUE['account.due_date.autopay_cap']}`],
      [5, 'Tags (by name): No tag of this merchant has this name: No Such Tag'],
    ]);
  });

  it('updates by external id when the same file is imported again, without duplicates', async () => {
    const externalId = `AGAIN-${randomUUID().slice(0, 6)}`;
    const first = await importAndRun([{ account: externalId, amount: '100.00' }]);
    expect(first).toMatchObject({ imported: 1, updated: 0 });
    const again = await importAndRun([{ account: externalId, amount: '250.50', last: 'Renamed' }]);
    expect(again).toMatchObject({ imported: 1, updated: 1, failed: 0 });
    const rows = await accountsWith([externalId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe(25_050);
  });

  it('resumes a stopped import with the rows still pending, writing none twice', async () => {
    const externalIds = Array.from({ length: 7 }, (_, index) => `RESUME-${index}-${randomUUID().slice(0, 6)}`);
    const created = await upload(csvOf(externalIds.map((account) => ({ account }))));
    expect(created.statusCode).toBe(201);
    const importId = created.json().id;
    // The job dies after its first batch of three rows has committed.
    await expect(
      runCustomerImport(t.app.ctx, importId, {
        batchSize: 3,
        afterBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await status(importId)).json()).toMatchObject({ status: 'running', processed: 3, imported: 3 });
    expect(await accountsWith(externalIds)).toHaveLength(3);
    // The queued job picks up the rest.
    const result = await t.app.jobs.drain();
    expect(result.failed).toEqual([]);
    expect((await status(importId)).json()).toMatchObject({
      status: 'completed',
      processed: 7,
      imported: 7,
      failed: 0,
    });
    const rows = await accountsWith(externalIds);
    expect(rows).toHaveLength(7);
    const pending = await t.database.db
      .select()
      .from(customerImportRows)
      .where(and(eq(customerImportRows.import_id, importId), eq(customerImportRows.state, 'pending')));
    expect(pending).toEqual([]);
    // Running it again does nothing more.
    await runCustomerImport(t.app.ctx, importId);
    expect(await accountsWith(externalIds)).toHaveLength(7);
  });

  it('remembers the mapping per merchant', async () => {
    await importAndRun([{}]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.demoMotors}/customer_import_mapping/`,
      headers: await as('staff@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mapping: MAPPING });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.customRolesAuto}/customer_import_mapping/`,
      headers: await as('admin@demo.test'),
    });
    expect(other.json()).toEqual({ mapping: {} });
  });
});

describe('who may import', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: importsUrl(),
      payload: { file_name: 'a.csv', csv: csvOf([{}]), mapping: MAPPING },
    });
    expect(response.statusCode).toBe(401);
  });

  it('is closed to integrated merchants', async () => {
    await findOrCreateLocation(t.database.db, ids.integratedAuto);
    const response = await upload(csvOf([{}]), { email: 'admin@demo.test', merchantId: ids.integratedAuto });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'permission_denied', detail: INTEGRATED_CREATE_REFUSED });
  });

  it('allows staff, and custom roles only with is_customer_update_allowed', async () => {
    expect((await upload(csvOf([{}]), { email: 'staff@demo.test' })).statusCode).toBe(201);
    const crLocation = await findOrCreateLocation(t.database.db, ids.customRolesAuto);
    const [location] = await t.database.db
      .select({ name: merchantLocations.name })
      .from(merchantLocations)
      .where(eq(merchantLocations.id, crLocation));
    const csv = csvOf([{ location: location?.name }]);
    const mapping = { ...MAPPING, tags: null };
    // agent@demo.test is a Collector at Custom Roles Auto: no is_customer_update_allowed.
    expect((await upload(csv, { email: 'agent@demo.test', merchantId: ids.customRolesAuto, mapping })).statusCode).toBe(
      403,
    );
    const send = async (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: importsUrl(ids.customRolesAuto),
        headers,
        payload: { file_name: 'a.csv', csv, mapping },
      });
    const allowed = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, [
      'is_customer_update_allowed',
    ]);
    const byFlag = await send(allowed);
    expect(byFlag.statusCode, byFlag.body).toBe(201);
    const without = await signInCustomRoleUser(t.app, t.database.db, ids.customRolesAuto, ['is_note_update_allowed']);
    expect((await send(without)).statusCode).toBe(403);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
  });

  it("answers 404 for another merchant's import, in the path of either merchant", async () => {
    const created = await upload(csvOf([{}]));
    const importId = created.json().id;
    expect((await status(importId, ids.legacyMotors, 'legacy@demo.test')).statusCode).toBe(404);
    expect((await status(importId, ids.customRolesAuto, 'admin@demo.test')).statusCode).toBe(404);
    expect((await status(randomUUID())).statusCode).toBe(404);
    expect((await status('not-a-uuid')).statusCode).toBe(404);
    const report = await t.app.inject({
      method: 'GET',
      url: `${importsUrl(ids.customRolesAuto)}${importId}/report/`,
      headers: await as('admin@demo.test'),
    });
    expect(report.statusCode).toBe(404);
  });
});

describe('refused uploads', () => {
  const refusal = async (csv: string) => {
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(400);
    return response.json();
  };

  it('refuses an empty file, a header without rows, and a file that is not CSV text', async () => {
    expect(await refusal('')).toEqual({ csv: [IMPORT_EMPTY] });
    expect(await refusal(`${HEADER}\n\n`)).toEqual({ csv: [IMPORT_EMPTY] });
    expect(await refusal('\u0089PNG\r\n\u001a\n\u0000\u0000')).toMatchObject({ csv: expect.any(Array) });
    expect(await refusal('GIF89a\u0001\u0002\u0003')).toEqual({ csv: [IMPORT_NOT_CSV] });
    expect(await refusal('a,"b\nc,d')).toEqual({ csv: [IMPORT_NOT_CSV] });
  });

  it('refuses a file over 20 MB and one over 100,000 rows, with a clear message', async () => {
    const big = `${HEADER}\n${'x'.repeat(IMPORT_MAX_BYTES)}`;
    expect(await refusal(big)).toEqual({ csv: [IMPORT_TOO_LARGE] });
    const many = `${HEADER}\n${'a,b,,,x,1,,,,Main St,,\n'.repeat(100_001)}`;
    expect(await refusal(many)).toEqual({ csv: [IMPORT_TOO_MANY_ROWS] });
  });

  it('refuses a mapping without the required fields or naming a column the file lacks', async () => {
    const response = await upload(csvOf([{}]), { mapping: { ...MAPPING, first_name: null, email: 'E-mail' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'mapping.first_name': ['Required'],
      'mapping.email': ['The file has no such column.'],
    });
  });

  it('takes 50 parallel uploads of the same file without duplicating customers', async () => {
    const externalId = `PAR-${randomUUID().slice(0, 6)}`;
    const csv = csvOf([{ account: externalId }]);
    const responses = await Promise.all(Array.from({ length: 50 }, () => upload(csv)));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const result = await t.app.jobs.drain();
    expect(result.failed).toEqual([]);
    expect(await accountsWith([externalId])).toHaveLength(1);
  });
});
