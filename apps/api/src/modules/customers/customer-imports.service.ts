// Customer CSV import: the upload stores the file's rows and queues the job; the job checks every row with the
// domain's rules and writes the passing ones a batch per transaction: new customers together in multi-row inserts
// (`createCustomerAccounts`), the rows that update an account by external id together too
// (`updateCustomerAccounts`), and rows that contend with others in the batch through `upsertCustomerAccount` under
// a savepoint each, so a row is written whole or not at all. Each row keeps its state, so a job that stops midway
// resumes with the rows still pending and never writes a row twice.

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  IMPORT_COLUMN_MAX_LENGTH,
  IMPORT_EMPTY,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_CSV,
  IMPORT_REPORT_EXTRA_COLUMNS,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  IMPORT_AFFIRMATION_FIELDS,
  IMPORT_AFFIRMATION_MISMATCH,
  escapeCsvFormula,
  importAffirmationRequired,
  importAffirmationText,
  mappingErrors,
  optInChannelsOf,
  recordOf,
  type CreateImportInput,
  type CustomerImport,
  type ImportMapping,
  type ImportReport,
} from '@paydesk/domain/customers/customer-imports.contract';
import { CONSENT_CHANNELS, type ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client';
import { customerImportMappings, customerImportRows, customerImports } from '../../db/schema/customer-imports';
import { merchantLocations } from '../../db/schema/locations';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { pageBounds, type PageRequest } from '../../lib/pagination';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import type { MerchantRef } from './customers.read';
import { INTEGRATED_CREATE_REFUSED } from './customer-create';
import { importCustomersJob } from './customer-imports.jobs';

export type ImportRow = typeof customerImports.$inferSelect;

/** Rows written per transaction by the job. */
export const IMPORT_BATCH_SIZE = 1000;
/** Failed rows read per query while the report's CSV streams. */
const REPORT_CSV_CHUNK = 1000;
export const DUPLICATE_COLUMNS = 'The header row names a column more than once.';
export const IMPORT_JUST_FINISHED = 'An import of this file has just finished. Send it again to import it again.';
/** Control characters other than tab, line feed and carriage return: not text. */
const isControl = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
const hasControlCharacters = (text: string) => {
  for (let index = 0; index < text.length; index += 1) if (isControl(text.charCodeAt(index))) return true;
  return false;
};

export function refuseIntegrated(merchant: MerchantRef): void {
  if (merchant.is_integrated) throw new HttpError('permission_denied', INTEGRATED_CREATE_REFUSED);
}

export function toImportDto(row: ImportRow): CustomerImport {
  return {
    id: row.id,
    file_name: row.file_name,
    status: row.status,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    failed: row.failed,
    blank_clears: row.blank_clears,
    error: row.status === 'failed' ? row.error : null,
    created: row.created.toISOString(),
    finished: row.finished ? row.finished.toISOString() : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Upload

/** The file's header and rows, or a 400 saying why it cannot be imported. */
export function parseCsv(csv: string): { columns: string[]; rows: string[][] } {
  const refuse = (message: string) => FieldErrors.of('csv', message);
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES) throw refuse(IMPORT_TOO_LARGE);
  if (csv.trim() === '') throw refuse(IMPORT_EMPTY);
  if (hasControlCharacters(csv)) throw refuse(IMPORT_NOT_CSV);
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy' });
  if (parsed.errors.some((error) => error.type === 'Quotes')) throw refuse(IMPORT_NOT_CSV);
  const [header, ...rows] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim());
  if (columns.length === 0 || columns.every((name) => name === '')) throw refuse(IMPORT_NOT_CSV);
  if (columns.some((name) => name.length > IMPORT_COLUMN_MAX_LENGTH)) throw refuse(IMPORT_NOT_CSV);
  if (new Set(columns.filter(Boolean)).size !== columns.filter(Boolean).length) throw refuse(DUPLICATE_COLUMNS);
  if (rows.length === 0) throw refuse(IMPORT_EMPTY);
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(IMPORT_TOO_MANY_ROWS);
  return { columns, rows: rows.map((cells) => columns.map((_name, index) => cells[index] ?? '')) };
}

export async function locationsOf(db: Db, merchantId: string) {
  return db
    .select({ id: merchantLocations.id, name: merchantLocations.name })
    .from(merchantLocations)
    .where(eq(merchantLocations.merchant_id, merchantId));
}

/** The import fields a CSV row's cells give, by the import's columns and mapping. */
export const recordOfCells = (columns: string[], cells: string[], mapping: ImportMapping) =>
  recordOf(Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? ''])), mapping);

/** The file and its mapping, checked as the upload and the preview both need them (a 400 naming each problem). */
export function checkedFile(input: { csv: string; mapping: ImportMapping }): {
  columns: string[];
  rows: string[][];
  mapping: ImportMapping;
} {
  const { columns, rows } = parseCsv(input.csv);
  const mapping = Object.fromEntries(
    IMPORT_FIELDS.filter((field) => input.mapping[field]).map((field) => [field, input.mapping[field]?.trim()]),
  ) as ImportMapping;
  // No location column at a merchant with several: the rows update their accounts, and rows of new accounts fail
  // for want of a location (the preview counts them before the import).
  const problems = mappingErrors(mapping, columns);
  const fields = Object.entries(problems).map(([field, message]) => [`mapping.${field}`, [message]]);
  if (fields.length > 0) throw new FieldErrors(Object.fromEntries(fields));
  return { columns, rows, mapping };
}

/**
 * The words affirmed per channel for the rows that opt customers in, or a 400 on the channel's field: rows opting
 * in to a channel need the importing user's affirmation of that channel's words, once for the file.
 */
function affirmationsFor(
  input: Pick<CreateImportInput, 'text_opt_in_affirmation' | 'email_opt_in_affirmation'>,
  optIns: ReadonlySet<ConsentChannel>,
): Partial<Record<ConsentChannel, string>> {
  const affirmed: Partial<Record<ConsentChannel, string>> = {};
  const problems: Record<string, string[]> = {};
  for (const channel of CONSENT_CHANNELS) {
    const field = IMPORT_AFFIRMATION_FIELDS[channel];
    const words = input[field]?.trim();
    if (!words) {
      if (optIns.has(channel)) problems[field] = [importAffirmationRequired(channel)];
    } else if (words !== importAffirmationText(channel)) {
      problems[field] = [IMPORT_AFFIRMATION_MISMATCH];
    } else if (optIns.has(channel)) {
      affirmed[channel] = words;
    }
  }
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  return affirmed;
}

/**
 * Stores the file's rows and queues the job; the mapping (and blank clears) becomes the merchant's remembered one.
 * Rows that opt customers in need the importing user's affirmation (`affirmationsFor`). The same file with the same
 * mapping and choices sent again while its import is unfinished (a double click, a client's retry, 50 at once) gets
 * that import back: one import, one job.
 */
export async function startImport(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: Omit<CreateImportInput, 'mapping'> & { mapping: ImportMapping },
  actor: Actor,
): Promise<ImportRow> {
  refuseIntegrated(merchant);
  const { columns, rows, mapping } = checkedFile(input);
  const optIns = new Set(rows.flatMap((cells) => optInChannelsOf(recordOfCells(columns, cells, mapping))));
  const affirmed = affirmationsFor(input, optIns);
  const blankClears = input.blank_clears ?? false;

  const contentHash = createHash('sha256')
    .update(
      JSON.stringify([
        columns,
        rows,
        IMPORT_FIELDS.map((field) => mapping[field] ?? null),
        blankClears,
        affirmed.sms ?? null,
        affirmed.email ?? null,
      ]),
    )
    .digest('hex');
  return withTransaction(ctx, async (tx) => {
    // A concurrent upload of the same content waits here until this one commits, then finds its import.
    const [created] = await tx.db
      .insert(customerImports)
      .values({
        merchant_id: merchant.id,
        created_by: actor?.id ?? null,
        file_name: input.file_name,
        columns,
        mapping,
        blank_clears: blankClears,
        text_opt_in_affirmation: affirmed.sms ?? null,
        email_opt_in_affirmation: affirmed.email ?? null,
        total: rows.length,
        content_hash: contentHash,
      })
      .onConflictDoNothing({
        target: [customerImports.merchant_id, customerImports.content_hash],
        where: sql`${customerImports.status} in ('queued', 'running')`,
      })
      .returning();
    if (!created) {
      const [unfinished] = await tx.db
        .select()
        .from(customerImports)
        .where(
          and(
            eq(customerImports.merchant_id, merchant.id),
            eq(customerImports.content_hash, contentHash),
            inArray(customerImports.status, ['queued', 'running']),
          ),
        );
      // Finished between the conflict and this read: the caller may send it again.
      if (!unfinished) throw new HttpError('conflict', IMPORT_JUST_FINISHED);
      return unfinished;
    }
    // One statement and one parameter for the whole file: far cheaper than 100,000 rows' worth of parameters.
    await tx.db.execute(sql`
      insert into customer_import_rows (import_id, row_number, cells)
      select ${created.id}::uuid, cells.row_number, cells.value
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as cells(value, row_number)
    `);
    const remembered = { mapping, blank_clears: blankClears, updated: tx.clock() };
    await tx.db
      .insert(customerImportMappings)
      .values({ merchant_id: merchant.id, ...remembered })
      .onConflictDoUpdate({ target: customerImportMappings.merchant_id, set: remembered });
    await tx.jobs.send(importCustomersJob, { importId: created.id });
    return created;
  });
}

export async function getRememberedMapping(
  db: Db,
  merchantId: string,
): Promise<{ mapping: ImportMapping; blank_clears: boolean }> {
  const [row] = await db
    .select({ mapping: customerImportMappings.mapping, blank_clears: customerImportMappings.blank_clears })
    .from(customerImportMappings)
    .where(eq(customerImportMappings.merchant_id, merchantId));
  return { mapping: (row?.mapping ?? {}) as ImportMapping, blank_clears: row?.blank_clears ?? false };
}

export async function getImport(db: Db, merchantId: string, importId: string): Promise<ImportRow> {
  if (!isUuid(importId)) throw notFound();
  const [row] = await db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.id, importId), eq(customerImports.merchant_id, merchantId)));
  if (!row) throw notFound();
  return row;
}

/** A page of the failed rows, in file order; the count is the import's failed counter. */
export async function getImportReport(
  db: Db,
  merchantId: string,
  importId: string,
  page: PageRequest,
): Promise<{ count: number; columns: string[]; results: ImportReport['results'] }> {
  const found = await getImport(db, merchantId, importId);
  const { limit, offset } = pageBounds(page);
  const rows = await db
    .select({
      row_number: customerImportRows.row_number,
      cells: customerImportRows.cells,
      reason: customerImportRows.reason,
    })
    .from(customerImportRows)
    .where(and(eq(customerImportRows.import_id, found.id), eq(customerImportRows.state, 'failed')))
    .orderBy(asc(customerImportRows.row_number))
    .limit(limit)
    .offset(offset);
  return {
    count: found.failed,
    columns: found.columns,
    results: rows.map((row) => ({ row_number: row.row_number, cells: row.cells, reason: row.reason ?? '' })),
  };
}

const csvLine = (cells: string[]) => `${Papa.unparse([cells.map(escapeCsvFormula)])}\r\n`;

/**
 * The failed rows as a CSV file (the file's columns, then row and reason), streamed a chunk of rows at a time by
 * row number, so a report of 100,000 rows is never one string in memory. Throws 404 before the first byte.
 */
export async function streamImportReportCsv(db: Db, merchantId: string, importId: string): Promise<Readable> {
  const found = await getImport(db, merchantId, importId);
  async function* lines() {
    yield csvLine([...found.columns, ...IMPORT_REPORT_EXTRA_COLUMNS]);
    for (let after = 0; ;) {
      const rows = await db
        .select({
          row_number: customerImportRows.row_number,
          cells: customerImportRows.cells,
          reason: customerImportRows.reason,
        })
        .from(customerImportRows)
        .where(
          and(
            eq(customerImportRows.import_id, found.id),
            eq(customerImportRows.state, 'failed'),
            gt(customerImportRows.row_number, after),
          ),
        )
        .orderBy(asc(customerImportRows.row_number))
        .limit(REPORT_CSV_CHUNK);
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine([...row.cells, String(row.row_number), row.reason ?? ''])).join('');
      after = rows[rows.length - 1]?.row_number ?? after;
    }
  }
  return Readable.from(lines());
}
