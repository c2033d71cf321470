// Customer CSV import: the upload stores the file's rows and queues the job; the job checks every row with the
// domain's rules and writes the passing ones through `upsertCustomerAccount` (created, or updated by external id),
// a batch per transaction and a savepoint per row, so a row is written whole or not at all. Each row keeps its
// state, so a job that stops midway resumes with the rows still pending and never writes a row twice.

import {
  IMPORT_COLUMN_MAX_LENGTH,
  IMPORT_EMPTY,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_CSV,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  LOCATION_AMBIGUOUS,
  LOCATION_UNKNOWN,
  TAG_UNKNOWN,
  checkImportRow,
  describeRowErrors,
  mappingErrors,
  recordOf,
  type CreateImportInput,
  type CustomerImport,
  type ImportField,
  type ImportMapping,
  type ImportReport,
} from '@paydesk/domain/customers/customer-imports.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client';
import { customerImportMappings, customerImportRows, customerImports } from '../../db/schema/customer-imports';
import { merchants } from '../../db/schema/identity';
import { merchantLocations } from '../../db/schema/locations';
import { accountTags } from '../../db/schema/tags';
import { findPgError, isRetryableTransactionError, mapDatabaseError } from '../../lib/database-errors';
import { FieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { invalidateCustomerCounts } from './customers.list';
import type { MerchantRef } from './customers.read';
import { INTEGRATED_CREATE_REFUSED, upsertCustomerAccount, type Actor } from './customers.service';
import { importCustomersJob } from './customer-imports.jobs';

export type ImportRow = typeof customerImports.$inferSelect;

/** Rows written per transaction by the job. */
export const IMPORT_BATCH_SIZE = 250;
/** Rows inserted per statement by the upload. */
const INSERT_CHUNK = 1000;
export const DUPLICATE_COLUMNS = 'The header row names a column more than once.';
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

async function locationsOf(db: Db, merchantId: string) {
  return db
    .select({ id: merchantLocations.id, name: merchantLocations.name })
    .from(merchantLocations)
    .where(eq(merchantLocations.merchant_id, merchantId));
}

/** Stores the file's rows and queues the job; the mapping becomes the merchant's remembered one. */
export async function startImport(
  ctx: ServiceContext,
  merchant: MerchantRef,
  input: Omit<CreateImportInput, 'mapping'> & { mapping: ImportMapping },
  actor: Actor,
): Promise<ImportRow> {
  refuseIntegrated(merchant);
  const { columns, rows } = parseCsv(input.csv);
  const mapping = Object.fromEntries(
    IMPORT_FIELDS.filter((field) => input.mapping[field]).map((field) => [field, input.mapping[field]?.trim()]),
  ) as ImportMapping;
  const problems = mappingErrors(mapping, columns);
  if (!mapping.location && !problems.location && (await locationsOf(ctx.db, merchant.id)).length !== 1) {
    problems.location = LOCATION_AMBIGUOUS;
  }
  const fields = Object.entries(problems).map(([field, message]) => [`mapping.${field}`, [message]]);
  if (fields.length > 0) throw new FieldErrors(Object.fromEntries(fields));

  return withTransaction(ctx, async (tx) => {
    const [created] = await tx.db
      .insert(customerImports)
      .values({
        merchant_id: merchant.id,
        created_by: actor?.id ?? null,
        file_name: input.file_name,
        columns,
        mapping,
        total: rows.length,
      })
      .returning();
    if (!created) throw new Error('import not inserted');
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.db.insert(customerImportRows).values(
        rows.slice(start, start + INSERT_CHUNK).map((cells, index) => ({
          import_id: created.id,
          row_number: start + index + 1,
          cells,
        })),
      );
    }
    await tx.db
      .insert(customerImportMappings)
      .values({ merchant_id: merchant.id, mapping, updated: tx.clock() })
      .onConflictDoUpdate({ target: customerImportMappings.merchant_id, set: { mapping, updated: tx.clock() } });
    await tx.jobs.send(importCustomersJob, { importId: created.id });
    return created;
  });
}

export async function getRememberedMapping(db: Db, merchantId: string): Promise<ImportMapping> {
  const [row] = await db
    .select({ mapping: customerImportMappings.mapping })
    .from(customerImportMappings)
    .where(eq(customerImportMappings.merchant_id, merchantId));
  return (row?.mapping ?? {}) as ImportMapping;
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

export async function getImportReport(db: Db, merchantId: string, importId: string): Promise<ImportReport> {
  const found = await getImport(db, merchantId, importId);
  const rows = await db
    .select({
      row_number: customerImportRows.row_number,
      cells: customerImportRows.cells,
      reason: customerImportRows.reason,
    })
    .from(customerImportRows)
    .where(and(eq(customerImportRows.import_id, found.id), eq(customerImportRows.state, 'failed')))
    .orderBy(asc(customerImportRows.row_number));
  return {
    columns: found.columns,
    results: rows.map((row) => ({ row_number: row.row_number, cells: row.cells, reason: row.reason ?? '' })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The job

/** Where the customers service reports a field error, as an import field's label. */
const LABEL_OF_FIELD: Record<string, string> = {
  ...IMPORT_FIELD_LABELS,
  amount_due_cents: IMPORT_FIELD_LABELS.amount_due,
  convenience_fee_cents: IMPORT_FIELD_LABELS.convenience_fee,
  location_id: IMPORT_FIELD_LABELS.location,
  tag_ids: IMPORT_FIELD_LABELS.tags,
  date_of_birth: 'Date of birth',
};

/** Why the service refused a row, as the report says it; undefined for errors that are not the row's fault. */
function reasonOf(error: unknown): string | undefined {
  if (isRetryableTransactionError(error)) return undefined;
  const mapped = error instanceof FieldErrors || error instanceof HttpError ? error : mapDatabaseError(error);
  if (mapped instanceof FieldErrors) {
    return Object.entries(mapped.fields)
      .map(([field, messages]) => `${LABEL_OF_FIELD[field] ?? field}: ${messages.join(' ')}`)
      .join('; ');
  }
  if (mapped instanceof HttpError && mapped.statusCode < 500 && findPgError(error)?.code !== '40001') {
    return mapped.detail;
  }
  return undefined;
}

type Lookups = {
  merchant: MerchantRef;
  locations: Map<string, string>;
  onlyLocation: string | undefined;
  tags: Map<string, string>;
};

async function lookupsOf(db: Db, merchantId: string): Promise<Lookups | undefined> {
  const [merchant] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      is_integrated: merchants.is_integrated,
      timezone: merchants.timezone,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) return undefined;
  const locations = await locationsOf(db, merchantId);
  const tags = await db
    .select({ id: accountTags.id, name: accountTags.name })
    .from(accountTags)
    .where(eq(accountTags.merchant_id, merchantId));
  return {
    merchant,
    locations: new Map(locations.map((row) => [row.name.trim().toLowerCase(), row.id])),
    onlyLocation: locations.length === 1 ? locations[0]?.id : undefined,
    tags: new Map(tags.map((row) => [row.name.trim().toLowerCase(), row.id])),
  };
}

type RowOutcome = { state: 'created' | 'updated' | 'failed'; reason: string | null; customerId: string | null };

async function importRow(
  tx: ServiceContext,
  lookups: Lookups,
  mapping: ImportMapping,
  columns: string[],
  cells: string[],
): Promise<RowOutcome> {
  const fail = (reason: string): RowOutcome => ({ state: 'failed', reason, customerId: null });
  const record = recordOf(Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? ''])), mapping);
  const check = checkImportRow(record);
  const errors: Partial<Record<ImportField, string>> = check.ok ? {} : { ...check.errors };
  let locationId: string | undefined;
  if (record.location === '') {
    locationId = lookups.onlyLocation;
    if (!locationId) errors.location = REQUIRED;
  } else {
    locationId = lookups.locations.get(record.location.toLowerCase());
    if (!locationId) errors.location = LOCATION_UNKNOWN;
  }
  const tagIds: string[] = [];
  if (check.ok) {
    const unknown = check.row.tagNames.filter((name) => !lookups.tags.has(name.toLowerCase()));
    if (unknown.length > 0) errors.tags = `${TAG_UNKNOWN}: ${unknown.join(', ')}`;
    for (const name of check.row.tagNames) {
      const id = lookups.tags.get(name.toLowerCase());
      if (id) tagIds.push(id);
    }
  }
  if (!check.ok || Object.keys(errors).length > 0 || !locationId) return fail(describeRowErrors(errors));
  const { input } = check.row;
  await tx.db.execute(sql`savepoint import_row`);
  try {
    const result = await upsertCustomerAccount(
      tx,
      lookups.merchant,
      { ...input, location_id: locationId, account: { ...input.account, tag_ids: tagIds } },
      null,
      'import',
    );
    await tx.db.execute(sql`release savepoint import_row`);
    return { state: result.created ? 'created' : 'updated', reason: null, customerId: result.customerId };
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === undefined) throw error;
    await tx.db.execute(sql`rollback to savepoint import_row`);
    return fail(reason);
  }
}

export type RunImportOptions = {
  batchSize?: number;
  /** Called after each committed batch (tests stop the job there to prove it resumes). */
  afterBatch?: (batch: number) => void | Promise<void>;
};

/** Works through an import's pending rows, a batch per transaction, until none is left; then marks it completed. */
export async function runCustomerImport(
  ctx: ServiceContext,
  importId: string,
  options: RunImportOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const [found] = await ctx.db.select().from(customerImports).where(eq(customerImports.id, importId));
  if (!found || found.status === 'completed') return;
  const lookups = await lookupsOf(ctx.db, found.merchant_id);
  if (!lookups) return;
  const mapping = found.mapping as ImportMapping;
  await ctx.db
    .update(customerImports)
    .set({ status: 'running' })
    .where(and(eq(customerImports.id, importId), eq(customerImports.status, 'queued')));
  for (let batch = 1; ; batch += 1) {
    const done = await withTransaction(ctx, async (tx) => {
      const rows = await tx.db
        .select({ row_number: customerImportRows.row_number, cells: customerImportRows.cells })
        .from(customerImportRows)
        .where(and(eq(customerImportRows.import_id, importId), eq(customerImportRows.state, 'pending')))
        .orderBy(asc(customerImportRows.row_number))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return true;
      const outcomes: RowOutcome[] = [];
      for (const row of rows) {
        outcomes.push(
          lookups.merchant.is_integrated
            ? { state: 'failed', reason: INTEGRATED_CREATE_REFUSED, customerId: null }
            : await importRow(tx, lookups, mapping, found.columns, row.cells),
        );
      }
      await tx.db.execute(sql`
        update customer_import_rows r
        set state = v.state, reason = v.reason, customer_id = v.customer_id
        from jsonb_to_recordset(${JSON.stringify(
          rows.map((row, index) => ({
            row_number: row.row_number,
            state: outcomes[index]?.state,
            reason: outcomes[index]?.reason,
            customer_id: outcomes[index]?.customerId,
          })),
        )}::jsonb) as v(row_number int, state text, reason text, customer_id uuid)
        where r.import_id = ${importId} and r.row_number = v.row_number
      `);
      const count = (state: RowOutcome['state']) => outcomes.filter((outcome) => outcome.state === state).length;
      const updated = count('updated');
      const imported = count('created') + updated;
      await tx.db
        .update(customerImports)
        .set({
          processed: sql`${customerImports.processed} + ${rows.length}`,
          imported: sql`${customerImports.imported} + ${imported}`,
          updated: sql`${customerImports.updated} + ${updated}`,
          failed: sql`${customerImports.failed} + ${count('failed')}`,
        })
        .where(eq(customerImports.id, importId));
      return false;
    });
    invalidateCustomerCounts(found.merchant_id);
    if (done) break;
    await options.afterBatch?.(batch);
  }
  await ctx.db
    .update(customerImports)
    .set({ status: 'completed', finished: ctx.clock() })
    .where(eq(customerImports.id, importId));
}
