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
import {
  IMPORT_COLUMN_MAX_LENGTH,
  checkImportRow,
  fieldsSetByRow,
  importAffirmationText,
  recordOf,
} from '@paydesk/domain/customers/customer-imports.contract';
import { NAME_MAX_LENGTH } from '@paydesk/domain/customers/customers.contract';
import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { NUL_CHARACTER_INVALID, maxLengthMessage } from '@paydesk/domain/validation/messages';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImportRows } from '../src/db/schema/customer-imports';
import { consentEvents } from '../src/db/schema/consent-events';
import {
  accountCustomers,
  accountTagAssignments,
  accounts,
  customerEvents,
  customers,
} from '../src/db/schema/customers';
import { merchants } from '../src/db/schema/identity';
import { merchantLocations } from '../src/db/schema/locations';
import { accountTags } from '../src/db/schema/tags';
import { withTransaction } from '../src/lib/service-context';
import {
  requeueUnfinishedImports,
  runCustomerImport,
  runImportJob,
} from '../src/modules/customers/customer-imports.run';
import { selectRows } from '../src/modules/customers/list/customers-list';
import { INTEGRATED_CREATE_REFUSED } from '../src/modules/customers/customer-create';
import { upsertCustomerAccount } from '../src/modules/customers/customer-import-writes';
import { refreshCustomerSearch } from '../src/modules/customers/list/refresh-customer-search';
import { addCoBorrower } from '../src/modules/customers/customer-co-borrowers';
import { findOrCreateLocation, signInCustomRoleUser } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, userIdOf, type DemoIds } from './identity';

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

type UploadOptions = {
  email?: string;
  merchantId?: string;
  mapping?: ImportMapping;
  /** Send the words of both channels' opt-ins ("I'm Sure" for the file). */
  affirm?: boolean;
  blankClears?: boolean;
};

/** The words affirmed for both channels, as the upload screen sends them. */
const AFFIRMED = {
  text_opt_in_affirmation: importAffirmationText('sms'),
  email_opt_in_affirmation: importAffirmationText('email'),
};

async function upload(csv: string, options: UploadOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: importsUrl(options.merchantId),
    headers: await as(options.email ?? 'staff@demo.test'),
    payload: {
      file_name: 'customers.csv',
      csv,
      mapping: options.mapping ?? MAPPING,
      ...(options.blankClears === undefined ? {} : { blank_clears: options.blankClears }),
      ...(options.affirm ? AFFIRMED : {}),
    },
  });
}

async function status(importId: string, merchantId = ids.demoMotors, email = 'staff@demo.test') {
  return t.app.inject({
    method: 'GET',
    url: `${importsUrl(merchantId)}${importId}/`,
    headers: await as(email),
  });
}

async function importAndRun(rows: Row[], options: UploadOptions = {}) {
  const created = await upload(csvOf(rows), options);
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
    const summary = await importAndRun(
      [
        { account: good[0], phone, tags: 'VIP; Repo Risk', textOptIn: 'yes', due: '2031-02-10' },
        { account: 'BAD-1', email: 'not-an-email', amount: '' },
        { account: good[1], location: 'airport rd', status: 'Do not contact' },
      ],
      { affirm: true },
    );
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
    expect(ledger).toMatchObject([
      {
        channel: 'sms',
        opted_in: true,
        method: 'import',
        actor_id: await userIdOf(t.database.db, 'staff@demo.test'),
        affirmation: importAffirmationText('sms'),
        import_id: summary.id,
      },
    ]);
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
      { due: '01/01/0000' },
    ]);
    expect(summary).toMatchObject({ imported: 1, failed: 5 });
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
      [6, 'Due date: Must be between 01/01/1900 and 12/31/2100'],
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
    expect(response.json()).toEqual({ mapping: MAPPING, blank_clears: false });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.customRolesAuto}/customer_import_mapping/`,
      headers: await as('admin@demo.test'),
    });
    expect(other.json()).toEqual({ mapping: {}, blank_clears: false });
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

  it('takes 50 parallel uploads of the same file as one import with one job', async () => {
    const externalId = `PAR-${randomUUID().slice(0, 6)}`;
    const csv = csvOf([{ account: externalId }]);
    const responses = await Promise.all(Array.from({ length: 50 }, () => upload(csv)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    const importIds = new Set(responses.map((response) => response.json().id));
    expect(importIds.size).toBe(1);
    const [importId] = [...importIds];
    const jobs = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'customers.import' and data->>'importId' = ${importId}`,
    );
    expect(jobs).toEqual([{ n: 1 }]);
    const result = await t.app.jobs.drain();
    expect(result.failed).toEqual([]);
    expect(await accountsWith([externalId])).toHaveLength(1);
    // Once finished, the same file starts a new import (which updates the account).
    const again = await upload(csv);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(importId);
  });

  it('refuses NUL and other control characters, and reports oversize cells by row', async () => {
    expect(await refusal(`${HEADER}\n${line({ first: 'Ada\u0000Null' })}`)).toEqual({ csv: [NUL_CHARACTER_INVALID] });
    expect(await refusal(`${HEADER}\n${line({ last: 'Bell\u0007' })}`)).toEqual({ csv: [IMPORT_NOT_CSV] });
    const longHeader = `${'H'.repeat(IMPORT_COLUMN_MAX_LENGTH + 1)},${HEADER}`;
    expect(await refusal(`${longHeader}\nx,${line({})}`)).toEqual({ csv: [IMPORT_NOT_CSV] });
    const summary = await importAndRun([{ first: 'A'.repeat(100_000) }, {}]);
    expect(summary).toMatchObject({ status: 'completed', imported: 1, failed: 1 });
    const report = await reportPage(summary.id, '?page_size=10');
    expect(report.results).toEqual([
      expect.objectContaining({ row_number: 1, reason: `First name: ${maxLengthMessage(NAME_MAX_LENGTH)}` }),
    ]);
  });
});

async function reportPage(importId: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${importsUrl()}${importId}/report/${query}`,
    headers: await as('staff@demo.test'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the failed rows', () => {
  it('come a page at a time, and as a CSV file streamed in chunks, formula-like cells escaped', async () => {
    const bad = Array.from({ length: 2_100 }, (_, index) => ({
      first: index === 0 ? '=HYPERLINK("http://x")' : `Bad${index}`,
      email: 'not-an-email',
    }));
    const summary = await importAndRun([...bad, {}]);
    expect(summary).toMatchObject({ total: 2_101, imported: 1, failed: 2_100 });

    const first = await reportPage(summary.id, '?page_size=2');
    expect(first).toMatchObject({ count: 2_100, previous: null, columns: HEADER.split(',') });
    expect(first.results.map((row: { row_number: number }) => row.row_number)).toEqual([1, 2]);
    expect(first.next).toContain('page=2');
    const last = await reportPage(summary.id, '?page=1050&page_size=2');
    expect(last.results.map((row: { row_number: number }) => row.row_number)).toEqual([2_099, 2_100]);
    expect(last.next).toBeNull();

    const csv = await t.app.inject({
      method: 'GET',
      url: `${importsUrl()}${summary.id}/report/csv/`,
      headers: await as('staff@demo.test'),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".*failed-rows\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2_101);
    expect(lines[0]).toBe(`${HEADER},row,reason`);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",Importer,not-an-email,.*,1,Email: Email is not valid$/);
    expect(lines[2_100]).toMatch(/^Bad2099,.*,2100,Email: Email is not valid$/);
  });

  it("are another merchant's secret: 404 for the page and the file", async () => {
    const created = await upload(csvOf([{ email: 'bad' }]));
    const importId = created.json().id;
    for (const path of ['report/', 'report/csv/']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${importsUrl(ids.customRolesAuto)}${importId}/${path}`,
        headers: await as('admin@demo.test'),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.app.jobs.drain()).failed).toEqual([]);
  });
});

describe('runs of the job', () => {
  async function uploaded(rows: Row[]) {
    const created = await upload(csvOf(rows));
    expect(created.statusCode, created.body).toBe(201);
    // The upload's own job is taken as if a worker that then died had it (pg-boss keeps it active until it expires).
    await t.database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now()
          where name = 'customers.import' and data->>'importId' = ${created.json().id}`,
    );
    return created.json().id as string;
  }

  it('two runs at once (a retry while the first still runs) split the rows and write each once', async () => {
    const externalIds = Array.from({ length: 9 }, (_, index) => `TWICE-${index}-${randomUUID().slice(0, 6)}`);
    const importId = await uploaded(externalIds.map((account) => ({ account })));
    await Promise.all([
      runCustomerImport(t.app.ctx, importId, { batchSize: 2 }),
      runCustomerImport(t.app.ctx, importId, { batchSize: 2 }),
    ]);
    expect((await status(importId)).json()).toMatchObject({ status: 'completed', processed: 9, imported: 9 });
    expect(await accountsWith(externalIds)).toHaveLength(9);
  });

  it('ends failed with the reason once the runs are used up, instead of staying running', async () => {
    const externalIds = Array.from({ length: 4 }, (_, index) => `GIVEUP-${index}-${randomUUID().slice(0, 6)}`);
    const importId = await uploaded(externalIds.map((account) => ({ account })));
    const crash = () => {
      throw new Error('the database went away');
    };
    await expect(runImportJob(t.app.ctx, importId, 2, { batchSize: 1, afterBatch: crash })).rejects.toThrow();
    expect((await status(importId)).json()).toMatchObject({ status: 'running', processed: 1, error: null });
    await expect(runImportJob(t.app.ctx, importId, 2, { batchSize: 1, afterBatch: crash })).rejects.toThrow();
    const failed = (await status(importId)).json();
    expect(failed).toMatchObject({ status: 'failed', processed: 2, imported: 2, error: 'the database went away' });
    expect(failed.finished).not.toBeNull();
    // A late retry leaves it as it is.
    await runImportJob(t.app.ctx, importId, 2);
    expect((await status(importId)).json()).toMatchObject({ status: 'failed', processed: 2 });
    expect(await accountsWith(externalIds)).toHaveLength(2);
  });

  it('gives the job hours before pg-boss expires and retries it, not its default 15 minutes', async () => {
    const importId = await uploaded([{}]);
    const rows = await selectRows<{ seconds: number }>(
      t.database.db,
      sql`select extract(epoch from expire_in)::int as seconds from pgboss.job
          where name = 'customers.import' and data->>'importId' = ${importId}`,
    );
    expect(rows).toEqual([{ seconds: 4 * 60 * 60 }]);
  });

  it('queues an import a crash left running again when the app starts, and it completes', async () => {
    const externalIds = Array.from({ length: 5 }, (_, index) => `STALE-${index}-${randomUUID().slice(0, 6)}`);
    const importId = await uploaded(externalIds.map((account) => ({ account })));
    await expect(
      runCustomerImport(t.app.ctx, importId, {
        batchSize: 2,
        afterBatch: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await status(importId)).json()).toMatchObject({ status: 'running', processed: 2 });
    // Nothing left to fetch: its job is held by the dead worker.
    expect((await t.app.jobs.drain()).completed).toBe(0);
    expect(await requeueUnfinishedImports(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(importId)).json()).toMatchObject({ status: 'completed', processed: 5, imported: 5 });
    expect(await accountsWith(externalIds)).toHaveLength(5);
  });
});

describe('the set-based writes of new rows and updates', () => {
  const header = 'First,Last,Email,Phone,Account,Amount,Due,Autopay,Status,Location,Tags,Text,Mail,Language,Fee';
  const mapping: ImportMapping = {
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
  };

  const demoMotors = async () => {
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, ids.demoMotors));
    if (!row) throw new Error('no Demo Motors');
    return { id: row.id, name: row.name, is_integrated: row.is_integrated, timezone: row.timezone };
  };

  /**
   * A row's cells as the import's checks make them the service's input (location and tags resolved by name, the
   * fields it sets, and, given an import, that import's words and id).
   */
  async function inputOf(row: string[], importOf: { id: string; blankClears: boolean } | null = null) {
    const locations = await t.database.db
      .select()
      .from(merchantLocations)
      .where(eq(merchantLocations.merchant_id, ids.demoMotors));
    const tags = await t.database.db.select().from(accountTags).where(eq(accountTags.merchant_id, ids.demoMotors));
    const columns = header.split(',');
    const record = recordOf(Object.fromEntries(columns.map((name, index) => [name, row[index] ?? ''])), mapping);
    const check = checkImportRow(record);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    const location = locations.find((one) => one.name.toLowerCase() === record.location.toLowerCase());
    const tagIds = check.row.tagNames.map(
      (name) => tags.find((one) => one.name.toLowerCase() === name.toLowerCase())?.id ?? '',
    );
    return {
      ...check.row.input,
      location_id: location?.id ?? '',
      account: { ...check.row.input.account, tag_ids: tagIds },
      ...(importOf && {
        sets: new Set(fieldsSetByRow(record, mapping, importOf.blankClears)),
        consent: {
          importId: importOf.id,
          affirmations: { sms: AFFIRMED.text_opt_in_affirmation, email: AFFIRMED.email_opt_in_affirmation },
        },
      }),
    };
  }

  const csvOfCells = (rows: string[][]) =>
    [header, ...rows.map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','))].join('\n');

  /** Everything a customer created from a row consists of, without ids and times. */
  async function snapshot(customerId: string) {
    const { db } = t.database;
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    const links = await db.select().from(accountCustomers).where(eq(accountCustomers.customer_id, customerId));
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.id, links[0]?.account_id ?? ''));
    if (!customer || !account) throw new Error('customer or account missing');
    const tagNames = await db
      .select({ name: accountTags.name })
      .from(accountTagAssignments)
      .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
      .where(eq(accountTagAssignments.account_id, account.id));
    const events = await db.select().from(customerEvents).where(eq(customerEvents.customer_id, customerId));
    const ledger = await db.select().from(consentEvents).where(eq(consentEvents.customer_id, customerId));
    const { id, created, updated: _updated, list_accounts: listAccounts, list_row: listRow, ...columns } = customer;
    const { id: _accountId, created: _aCreated, updated: _aUpdated, ...accountColumns } = account;
    return {
      customer: {
        ...columns,
        list_row: listRow
          .replaceAll(id, '<customer>')
          .replaceAll(account.id, '<account>')
          .replaceAll(created.toISOString(), '<created>'),
        list_accounts: listAccounts.map(({ id, ...rest }) => ({ ...rest, same_account: id === account.id })),
      },
      account: accountColumns,
      roles: links.map((link) => link.role),
      tags: tagNames.map((row) => row.name).sort(),
      events: events
        .map((event) => ({
          kind: event.kind,
          actor_id: event.actor_id,
          merchant_id: event.merchant_id,
          on_account: event.account_id === null ? null : event.account_id === account.id,
          before: event.before,
          after: event.after,
        }))
        .sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right))),
      ledger: ledger
        .map(({ id: _l, created: _c, customer_id: _cu, ...rest }) => rest)
        .sort((left, right) => left.channel.localeCompare(right.channel)),
    };
  }

  it('writes a new row exactly as the customers service creates it', async () => {
    const tag = randomUUID().slice(0, 6);
    const cells = [
      [
        'Élodie',
        "O'BRIEN-Zoë",
        'Elodie.X@Example.COM',
        freshPhone(),
        `SET-${tag}-A`,
        '$1,234.56',
        '02/10/2031',
        'yes',
        'Do not contact',
        'Airport Rd',
        'VIP; Repo Risk',
        'yes',
        'yes',
        'es-US',
        '2.50',
      ],
      ['Bo', 'Plain', '', '', `SET-${tag}-B`, '0', '', 'no', '', 'main st', '', 'no', 'no', '', ''],
    ];
    const created = await upload(csvOfCells(cells), { mapping, affirm: true });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(created.json().id)).json()).toMatchObject({ imported: 2, failed: 0 });
    const staff = { id: await userIdOf(t.database.db, 'staff@demo.test') };
    const importOf = { id: created.json().id, blankClears: false };
    const imported = await t.database.db
      .select({ customer_id: customerImportRows.customer_id })
      .from(customerImportRows)
      .where(and(eq(customerImportRows.import_id, created.json().id), isNotNull(customerImportRows.customer_id)))
      .orderBy(asc(customerImportRows.row_number));
    const importedIds = imported.map((row) => row.customer_id ?? '');
    const viaImport = await Promise.all(importedIds.map(snapshot));

    // The same rows again, through the service row by row, once the imported ones are gone.
    await t.database.db.delete(customers).where(inArray(customers.id, importedIds));
    await t.database.db
      .delete(accounts)
      .where(
        and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, [`SET-${tag}-A`, `SET-${tag}-B`])),
      );
    const merchant = await demoMotors();
    const viaService = [];
    for (const row of cells) {
      const input = await inputOf(row, importOf);
      const result = await withTransaction(t.app.ctx, (tx) =>
        upsertCustomerAccount(tx, merchant, input, staff, 'import'),
      );
      expect(result.created).toBe(true);
      viaService.push(await snapshot(result.customerId));
    }
    expect(viaImport).toEqual(viaService);
    expect(viaImport[0]?.customer.search_text).toContain(`set-${tag}-a`);
    expect(viaImport[0]?.ledger).toHaveLength(2);
    expect(viaImport[0]?.tags).toEqual(['Repo Risk', 'VIP']);
  });

  it('writes a batch mixing new rows, updates, and repeats of an id or a phone number in file order', async () => {
    const tag = randomUUID().slice(0, 6);
    const phone = freshPhone();
    const existing = `MIX-${tag}-OLD`;
    await importAndRun([{ account: existing, amount: '1.00' }]);
    const summary = await importAndRun([
      { account: `MIX-${tag}-1`, phone },
      { account: existing, amount: '2.00' },
      { account: `MIX-${tag}-2`, phone },
      { account: `MIX-${tag}-1`, amount: '3.00', phone },
    ]);
    expect(summary).toMatchObject({ imported: 3, updated: 2, failed: 1 });
    const report = await reportPage(summary.id);
    expect(report.results).toEqual([
      expect.objectContaining({ row_number: 3, reason: `Phone: ${ERROR_CATALOGUE['phone_number.duplicate']}` }),
    ]);
    const rows = await accountsWith([existing, `MIX-${tag}-1`, `MIX-${tag}-2`]);
    expect(Object.fromEntries(rows.map((row) => [row.external_id, row.amount]))).toEqual({
      [existing]: 200,
      [`MIX-${tag}-1`]: 300,
    });
  });

  /**
   * Everything the rows of these external ids consist of (accounts, tags, their customers, history, consent
   * ledger), ids replaced by external ids and names and times left out, so two writes of the same rows compare.
   */
  async function rowsOf(externalIds: string[]) {
    const { db } = t.database;
    const accountRows = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, externalIds)))
      .orderBy(asc(accounts.external_id));
    const accountIds = accountRows.map((row) => row.id);
    const links = await db.select().from(accountCustomers).where(inArray(accountCustomers.account_id, accountIds));
    const customerIds = [...new Set(links.map((link) => link.customer_id))];
    const customerRows = await db.select().from(customers).where(inArray(customers.id, customerIds));
    const names = new Map<string, string>([
      ...accountRows.map((row) => [row.id, `account ${row.external_id}`] as const),
      ...customerRows.map((row) => [row.id, `customer ${row.first_name} ${row.last_name}`] as const),
    ]);
    const named = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
          names.has(id) ? (names.get(id) ?? id) : id,
        ),
      );
    const tagRows = await db
      .select({ account_id: accountTagAssignments.account_id, name: accountTags.name })
      .from(accountTagAssignments)
      .innerJoin(accountTags, eq(accountTags.id, accountTagAssignments.tag_id))
      .where(inArray(accountTagAssignments.account_id, accountIds));
    const events = await db.select().from(customerEvents).where(inArray(customerEvents.customer_id, customerIds));
    const ledger = await db.select().from(consentEvents).where(inArray(consentEvents.customer_id, customerIds));
    const sorted = (rows: unknown[]) =>
      rows.sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
    // Named first, sorted then: the order must not depend on the ids.
    const rows = named({
      accounts: accountRows.map(({ created: _c, updated: _u, ...row }) => ({
        ...row,
        tags: tagRows
          .filter((tag) => tag.account_id === row.id)
          .map((tag) => tag.name)
          .sort(),
        customers: links.filter((link) => link.account_id === row.id).map(({ created: _c2, ...link }) => link),
      })),
      customers: customerRows.map(({ created: _c, updated: _u, list_row: listRow, ...row }) => {
        // The stored list row names the customer's creation time too; the rest of it must match.
        const { created: _listCreated, ...listFields } = JSON.parse(`${listRow}}`) as Record<string, unknown>;
        return { ...row, list_row: listFields };
      }),
      events: events.map(({ id: _i, created: _c, ...row }) => row),
      ledger: ledger.map(({ id: _i, created: _c, ...row }) => row),
    });
    for (const account of rows.accounts) sorted(account.customers);
    for (const key of ['customers', 'events', 'ledger']) sorted(rows[key]);
    return rows;
  }

  it('updates rows exactly as the customers service updates them, history and consent included', async () => {
    const tag = randomUUID().slice(0, 6);
    const id = (letter: string) => `UPD-${tag}-${letter}`;
    const [phoneA, phoneB, phoneC, phoneD, phoneD2] = [
      freshPhone(),
      freshPhone(),
      freshPhone(),
      freshPhone(),
      freshPhone(),
    ];
    // First, Last, Email, Phone, Account, Amount, Due, Autopay, Status, Location, Tags, Text, Mail, Language, Fee
    const before = [
      [
        'Ann',
        'Alpha',
        'ann@example.com',
        phoneA,
        id('A'),
        '100.00',
        '01/10/2031',
        'no',
        '',
        'Main St',
        'VIP',
        'no',
        'yes',
        '',
        '',
      ],
      ['Ben', 'Beta', '', phoneB, id('B'), '50.00', '', 'no', 'Active', 'Main St', '', 'yes', 'no', '', ''],
      [
        'Cy',
        'Gamma',
        'cy@example.com',
        phoneC,
        id('C'),
        '75.00',
        '02/02/2031',
        'yes',
        'Pending',
        'Airport Rd',
        'VIP; Repo Risk',
        'yes',
        'yes',
        'es-US',
        '1.00',
      ],
      ['Di', 'Delta', '', phoneD, id('D'), '5.00', '', 'no', '', 'Main St', '', 'no', 'no', '', ''],
    ];
    const after = [
      // Renamed, moved to another location (the customer's other account follows), tags swapped, opted in to texts.
      [
        'Annie',
        'Alpha',
        'Annie@Example.com',
        phoneA,
        id('A'),
        '120.00',
        '01/12/2031',
        'no',
        'Pending',
        'Airport Rd',
        'Repo Risk',
        'yes',
        'yes',
        'es-US',
        '2.50',
      ],
      // Unchanged: no history.
      before[1] ?? [],
      // Phone removed, opted out of both, tags cleared, due date removed.
      [
        'Cy',
        'Gamma',
        'cy@example.com',
        '',
        id('C'),
        '75.00',
        '',
        'no',
        'Do not contact',
        'Airport Rd',
        '',
        'no',
        'no',
        '',
        '1.00',
      ],
      // A new phone number.
      ['Di', 'Delta', '', phoneD2, id('D'), '5.00', '', 'no', '', 'Main St', '', 'no', 'no', '', ''],
    ];
    const externalIds = [...before.map((row) => row[4] ?? ''), id('A2')];
    const merchant = await demoMotors();
    /** The rows before the update: one by one through the service, Ann with a second account and a co-borrower. */
    async function seed() {
      const created = [];
      for (const row of before) {
        const input = await inputOf(row);
        created.push(await withTransaction(t.app.ctx, (tx) => upsertCustomerAccount(tx, merchant, input, null)));
      }
      const ann = created[0];
      if (!ann) throw new Error('Ann not created');
      const [second] = await t.database.db
        .insert(accounts)
        .values({
          merchant_id: ids.demoMotors,
          location_id: (await inputOf(before[0] ?? [])).location_id,
          external_id: id('A2'),
          amount_due_cents: 999,
        })
        .returning();
      await t.database.db
        .insert(accountCustomers)
        .values({ account_id: second!.id, customer_id: ann.customerId, role: 'primary' });
      await refreshCustomerSearch(t.database.db, [ann.customerId]);
      await addCoBorrower(
        t.app.ctx,
        merchant,
        ann.customerId,
        ann.accountId,
        { customer: { first_name: 'Co', last_name: 'Borrower', language: 'en-US' } },
        null,
      );
    }
    async function unseed() {
      const rows = await t.database.db
        .select({ id: accountCustomers.customer_id })
        .from(accountCustomers)
        .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
        .where(and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, externalIds)));
      await t.database.db.delete(customers).where(
        inArray(
          customers.id,
          rows.map((row) => row.id),
        ),
      );
      await t.database.db
        .delete(accounts)
        .where(and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, externalIds)));
    }

    await seed();
    // Blank clears here: the rows' blank cells clear phone, tags and due date, as a file of whole rows means.
    const created = await upload(csvOfCells(after), { mapping, affirm: true, blankClears: true });
    expect(created.statusCode, created.body).toBe(201);
    const staff = { id: await userIdOf(t.database.db, 'staff@demo.test') };
    const importOf = { id: created.json().id, blankClears: true };
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(created.json().id)).json()).toMatchObject({ imported: 4, updated: 4, failed: 0 });
    // Written together: one statement, so one update time for the four customers.
    const times = await t.database.db
      .select({ updated: customers.updated })
      .from(customers)
      .innerJoin(customerImportRows, eq(customerImportRows.customer_id, customers.id))
      .where(eq(customerImportRows.import_id, created.json().id));
    expect(new Set(times.map((row) => row.updated.toISOString())).size).toBe(1);
    const viaImport = await rowsOf(externalIds);

    await unseed();
    await seed();
    for (const row of after) {
      const input = await inputOf(row, importOf);
      await withTransaction(t.app.ctx, (tx) => upsertCustomerAccount(tx, merchant, input, staff, 'import'));
    }
    const viaService = await rowsOf(externalIds);
    expect(viaImport).toEqual(viaService);

    // What the comparison covers, in part.
    const kinds = (name: string) =>
      viaImport.events
        .filter((event: { customer_id: string }) => event.customer_id === name)
        .map((event: { kind: string }) => event.kind)
        .sort();
    expect(kinds('customer Annie Alpha')).toEqual([
      'account.created',
      'account.updated',
      'co_borrower.added',
      'consent.changed',
      'consent.changed',
      'customer.created',
      'customer.updated',
    ]);
    expect(kinds('customer Ben Beta')).toEqual(['account.created', 'consent.changed', 'customer.created']);
    expect(viaImport.accounts.map((row: { location_id: string }) => row.location_id)).toEqual([
      ...Array(2).fill((await inputOf(after[0] ?? [])).location_id),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('keeps file order when updates trade phone numbers within a batch', async () => {
    const tag = randomUUID().slice(0, 6);
    const [one, two, three] = [freshPhone(), freshPhone(), freshPhone()];
    const base = (first: string, phone: string, account: string) => [
      first,
      'Trader',
      '',
      phone,
      account,
      '1.00',
      '',
      'no',
      '',
      'Main St',
      '',
      'no',
      'no',
      '',
      '',
    ];
    const [x, y] = [`SWAP-${tag}-X`, `SWAP-${tag}-Y`];
    const seeded = await upload(csvOfCells([base('Xena', one, x), base('Yuri', two, y)]), { mapping });
    expect(seeded.statusCode).toBe(201);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    const tradersPhones = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select({ first: customers.first_name, phone: customers.sms_phone_number })
            .from(accountCustomers)
            .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
            .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
            .where(and(eq(accounts.merchant_id, ids.demoMotors), inArray(accounts.external_id, [x, y])))
        ).map((row) => [row.first, row.phone]),
      );
    const was = await tradersPhones();
    // Xena wants Yuri's number before Yuri gives it up: refused, as row by row in file order.
    const second = await upload(csvOfCells([base('Xena', two, x), base('Yuri', three, y)]), { mapping });
    expect(second.statusCode).toBe(201);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(second.json().id)).json()).toMatchObject({ updated: 1, failed: 1 });
    expect((await reportPage(second.json().id)).results).toEqual([
      expect.objectContaining({ row_number: 1, reason: `Phone: ${ERROR_CATALOGUE['phone_number.duplicate']}` }),
    ]);
    const now = await tradersPhones();
    expect(now.Xena).toBe(was.Xena);
    expect(now.Yuri).not.toBe(was.Yuri);
    expect(now.Yuri).not.toBeNull();
  });

  it('falls back to one by one when the set-based update fails, writing the other rows and none half', async () => {
    const tag = randomUUID().slice(0, 6);
    const [doomed] = await t.database.db
      .insert(accountTags)
      .values({ merchant_id: ids.demoMotors, name: `Doomed ${tag}` })
      .returning();
    const row = (letter: string, amount: string, tags: string) => [
      'Fay',
      `Back${letter}`,
      '',
      '',
      `FALL-${tag}-${letter}`,
      amount,
      '',
      'no',
      '',
      'Main St',
      tags,
      'no',
      'no',
      '',
      '',
    ];
    const seeded = await upload(csvOfCells([row('A', '1.00', ''), row('B', '1.00', '')]), { mapping });
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(seeded.json().id)).json()).toMatchObject({ imported: 2 });
    const created = await upload(
      csvOfCells([row('N', '1.00', ''), row('A', '2.00', `Doomed ${tag}`), row('B', '3.00', '')]),
      { mapping },
    );
    const importId = created.json().id;
    // The tag goes after the run has looked tags up by name, and the run stops; the next run takes A and B in one
    // batch, whose set-based update refers to the missing tag and fails whole.
    await expect(
      runCustomerImport(t.app.ctx, importId, {
        batchSize: 1,
        afterBatch: async () => {
          await t.database.db.delete(accountTags).where(eq(accountTags.id, doomed!.id));
          throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    await runCustomerImport(t.app.ctx, importId, { batchSize: 2 });
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    expect((await status(importId)).json()).toMatchObject({ status: 'completed', imported: 2, updated: 1, failed: 1 });
    expect((await reportPage(importId)).results).toEqual([expect.objectContaining({ row_number: 2 })]);
    const rows = await accountsWith([`FALL-${tag}-A`, `FALL-${tag}-B`]);
    expect(Object.fromEntries(rows.map((one) => [one.external_id, one.amount]))).toEqual({
      [`FALL-${tag}-A`]: 100,
      [`FALL-${tag}-B`]: 300,
    });
  });
});
