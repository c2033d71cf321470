// Customer CSV import, the job: checks every row with the domain's rules and writes the passing ones a batch per
// transaction (see customer-imports.service.ts for the upload, the report and how the rows are written).

import {
  IMPORT_FIELD_LABELS,
  LOCATION_UNKNOWN,
  TAG_UNKNOWN,
  checkImportRow,
  describeRowErrors,
  fieldsSetByRow,
  importAffirmationRequired,
  optInChannelsOf,
  optInContactsMissing,
  type ImportField,
  type ImportMapping,
} from '@paydesk/domain/customers/customer-imports.contract';
import { type ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerImportRows, customerImports } from '../../db/schema/customer-imports';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import { accountTags } from '../../db/schema/tags';
import { findPgError, isRetryableTransactionError, mapDatabaseError } from '../../lib/database-errors';
import { FieldErrors, HttpError } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { queueNameOrderIfNeeded } from './list/name-order';
import { invalidateCustomerCounts } from './list/customers-list';
import type { CustomerRow, MerchantRef } from './customers.read';
import { INTEGRATED_CREATE_REFUSED } from './customer-create';
import {
  createCustomerAccounts,
  updateCustomerAccounts,
  upsertCustomerAccount,
  type AccountUpdate,
  type ImportRowInput,
} from './customer-import-writes';
import { importCustomersJob } from './customer-imports.jobs';

import { IMPORT_BATCH_SIZE, locationsOf, recordOfCells } from './customer-imports.service';

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

export type Lookups = {
  merchant: MerchantRef;
  locations: Map<string, string>;
  onlyLocation: string | undefined;
  tags: Map<string, string>;
};

export async function lookupsOf(db: Db, merchantId: string): Promise<Lookups | undefined> {
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

type CheckedRow = { ok: true; input: ImportRowInput } | { ok: false; reason: string };

/** How the job reads an import's rows: its mapping, whether blank clears, and what its user affirmed. */
export type ImportTerms = {
  importId: string;
  mapping: ImportMapping;
  columns: string[];
  blankClears: boolean;
  affirmations: Partial<Record<ConsentChannel, string>>;
};

/**
 * A row through the domain's rules, its location and tags resolved by name: the import's input (with the fields it
 * sets on an existing account), or why not. A blank location leaves an existing account's; a new account gets the
 * merchant's only location, or fails for want of one when it is written (`location_id` ''). A row opting in to a
 * channel the import's user did not affirm fails (uploads refuse such files; imports queued before are kept safe).
 */
export function checkRow(lookups: Lookups, terms: ImportTerms, cells: string[]): CheckedRow {
  if (lookups.merchant.is_integrated) return { ok: false, reason: INTEGRATED_CREATE_REFUSED };
  const record = recordOfCells(terms.columns, cells, terms.mapping);
  const check = checkImportRow(record);
  const errors: Partial<Record<ImportField, string>> = check.ok ? {} : { ...check.errors };
  let locationId = '';
  if (record.location === '') {
    locationId = lookups.onlyLocation ?? '';
  } else {
    locationId = lookups.locations.get(record.location.toLowerCase()) ?? '';
    if (!locationId) errors.location = LOCATION_UNKNOWN;
  }
  for (const channel of optInChannelsOf(record)) {
    const field = channel === 'sms' ? 'text_opt_in' : 'email_opt_in';
    if (!terms.affirmations[channel] && errors[field] === undefined) errors[field] = importAffirmationRequired(channel);
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
  if (!check.ok || Object.keys(errors).length > 0) {
    return { ok: false, reason: describeRowErrors(errors) };
  }
  const { input } = check.row;
  return {
    ok: true,
    input: {
      ...input,
      location_id: locationId,
      account: { ...input.account, tag_ids: tagIds },
      sets: new Set(fieldsSetByRow(record, terms.mapping, terms.blankClears)),
      consent: { importId: terms.importId, affirmations: terms.affirmations },
    },
  };
}

/**
 * Why a row cannot create a new account, or null: it has no location (a blank cell, or none mapped at a merchant
 * with several), or it opts in without the contact.
 */
export function createRefusal(input: ImportRowInput): string | null {
  if (!input.location_id) return describeRowErrors({ location: REQUIRED });
  const missing = optInContactsMissing(input);
  return Object.keys(missing).length > 0 ? describeRowErrors(missing) : null;
}

type RowOutcome = { state: 'created' | 'updated' | 'failed'; reason: string | null; customerId: string | null };

/** One row through the customers service, under a savepoint: written whole, or not at all with the reason. */
async function upsertRow(tx: ServiceContext, merchant: MerchantRef, input: ImportRowInput, actor: Actor) {
  await tx.db.execute(sql`savepoint import_row`);
  try {
    const result = await upsertCustomerAccount(tx, merchant, input, actor, 'import');
    await tx.db.execute(sql`release savepoint import_row`);
    const outcome: RowOutcome = {
      state: result.created ? 'created' : 'updated',
      reason: null,
      customerId: result.customerId,
    };
    return outcome;
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === undefined) throw error;
    await tx.db.execute(sql`rollback to savepoint import_row`);
    const outcome: RowOutcome = { state: 'failed', reason, customerId: null };
    return outcome;
  }
}

type Candidate = { index: number; input: ImportRowInput };
type UpdateCandidate = Candidate & Omit<AccountUpdate, 'input'>;

/** How many of `values` are each value. */
function countsOf(values: Array<string | null>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Splits a batch's passing rows into three: the new ones that can be created together (external id and phone
 * number unknown to the merchant and used once in the batch, the phone number not wanted by an update in the
 * batch); the updates that can be written together (the account's only row in the batch, its primary customer
 * not removed and updated by no other row, the new phone number free and wanted by no other row, the old one
 * wanted by no other row); and the rest, which go through the customers service one by one, in file order, after
 * them. Rows written together contend with no other row of the batch, so the order does not change any outcome.
 */
async function splitBatch(tx: ServiceContext, merchantId: string, candidates: Candidate[]) {
  const phoneOf = (row: Candidate) => row.input.sms_phone_number || null;
  const externalIds = [...new Set(candidates.map((row) => row.input.account.external_id))];
  const phones = [...new Set(candidates.map(phoneOf).filter((phone) => phone !== null))];
  const existing = new Map(
    (
      await tx.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.merchant_id, merchantId), inArray(accounts.external_id, externalIds)))
    ).map((row) => [row.external_id, row]),
  );
  const primaries =
    existing.size === 0
      ? new Map<string, CustomerRow>()
      : new Map(
          (
            await tx.db
              .select({ accountId: accountCustomers.account_id, customer: customers })
              .from(accountCustomers)
              .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
              .where(
                and(
                  inArray(
                    accountCustomers.account_id,
                    [...existing.values()].map((row) => row.id),
                  ),
                  eq(accountCustomers.role, 'primary'),
                ),
              )
          ).map((row) => [row.accountId, row.customer]),
        );
  const holders =
    phones.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await tx.db
              .select({ phone: customers.sms_phone_number, id: customers.id })
              .from(customers)
              .where(
                and(
                  eq(customers.merchant_id, merchantId),
                  isNull(customers.removed_at),
                  inArray(customers.sms_phone_number, phones),
                ),
              )
          ).map((row) => [row.phone ?? '', row.id]),
        );
  const rowsPerId = countsOf(candidates.map((row) => row.input.account.external_id));
  const rowsPerPhone = countsOf(candidates.map(phoneOf));
  const primaryOf = (row: Candidate) => {
    const account = existing.get(row.input.account.external_id);
    return account ? primaries.get(account.id) : undefined;
  };
  const rowsPerCustomer = countsOf(candidates.map((row) => primaryOf(row)?.id ?? null));
  const phonesOfUpdates = new Set(candidates.filter((row) => existing.has(row.input.account.external_id)).map(phoneOf));
  const fresh: Candidate[] = [];
  const updates: UpdateCandidate[] = [];
  const rest: Candidate[] = [];
  const seenIds = new Set<string>();
  const seenPhones = new Set<string>();
  for (const row of candidates) {
    const { external_id: externalId } = row.input.account;
    const phone = phoneOf(row);
    const account = existing.get(externalId);
    const customer = primaryOf(row);
    if (account && customer) {
      const oldPhone = customer.sms_phone_number;
      const together =
        rowsPerId.get(externalId) === 1 &&
        customer.removed_at === null &&
        rowsPerCustomer.get(customer.id) === 1 &&
        (phone === null || (rowsPerPhone.get(phone) === 1 && (holders.get(phone) ?? customer.id) === customer.id)) &&
        (oldPhone === null || oldPhone === phone || !rowsPerPhone.has(oldPhone));
      if (together) updates.push({ ...row, account, customer });
      else rest.push(row);
    } else {
      const isFresh =
        !account &&
        !seenIds.has(externalId) &&
        (phone === null || (!holders.has(phone) && !seenPhones.has(phone) && !phonesOfUpdates.has(phone)));
      (isFresh ? fresh : rest).push(row);
    }
    seenIds.add(externalId);
    if (phone) seenPhones.add(phone);
  }
  return { fresh, updates, rest };
}

/**
 * Runs `write` under a savepoint: true when it succeeded, false when it failed and was rolled back (its rows then
 * take the one-by-one path, which finds each row's reason). Errors that end the transaction are thrown.
 */
async function writeTogether(tx: ServiceContext, write: () => Promise<void>): Promise<boolean> {
  await tx.db.execute(sql`savepoint import_rows`);
  try {
    await write();
    await tx.db.execute(sql`release savepoint import_rows`);
    return true;
  } catch (error) {
    if (isRetryableTransactionError(error)) throw error;
    await tx.db.execute(sql`rollback to savepoint import_rows`);
    return false;
  }
}

/**
 * Writes a batch's rows: the new ones together (`createCustomerAccounts`, a few multi-row statements), then the
 * updates that can go together (`updateCustomerAccounts`), then the others one by one through
 * `upsertCustomerAccount`. Should a set-based write fail (a phone number or external id taken by someone else
 * meanwhile), it is rolled back and its rows take the one-by-one path, which finds each reason.
 */
async function writeBatch(
  tx: ServiceContext,
  lookups: Lookups,
  terms: ImportTerms,
  actor: Actor,
  rows: Array<{ cells: string[] }>,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  const candidates: Candidate[] = [];
  rows.forEach((row, index) => {
    const checked = checkRow(lookups, terms, row.cells);
    if (checked.ok) candidates.push({ index, input: checked.input });
    outcomes[index] = { state: 'failed', reason: checked.ok ? null : checked.reason, customerId: null };
  });
  if (candidates.length === 0) return outcomes;
  const { merchant } = lookups;
  const split = await splitBatch(tx, merchant.id, candidates);
  const { updates, rest } = split;
  // New rows without a location (a blank cell, several locations) cannot be created.
  const fresh = split.fresh.filter((row) => {
    const reason = createRefusal(row.input);
    if (reason === null) return true;
    outcomes[row.index] = { state: 'failed', reason, customerId: null };
    return false;
  });
  if (fresh.length > 0) {
    let created: Array<{ customerId: string }> = [];
    const written = await writeTogether(tx, async () => {
      created = await createCustomerAccounts(
        tx,
        merchant,
        fresh.map((row) => row.input),
        actor,
        'import',
      );
    });
    if (written) {
      fresh.forEach((row, position) => {
        outcomes[row.index] = { state: 'created', reason: null, customerId: created[position]?.customerId ?? null };
      });
    } else {
      rest.push(...fresh);
    }
  }
  if (updates.length > 0) {
    const written = await writeTogether(tx, () => updateCustomerAccounts(tx, merchant, updates, actor, 'import'));
    if (written) {
      for (const row of updates) outcomes[row.index] = { state: 'updated', reason: null, customerId: row.customer.id };
    } else {
      rest.push(...updates.map(({ index, input }) => ({ index, input })));
    }
  }
  rest.sort((left, right) => left.index - right.index);
  for (const row of rest) outcomes[row.index] = await upsertRow(tx, merchant, row.input, actor);
  return outcomes;
}

export type RunImportOptions = {
  batchSize?: number;
  /** Called after each committed batch (tests stop the job there to prove it resumes). */
  afterBatch?: (batch: number) => void | Promise<void>;
};

/**
 * Works through an import's pending rows, a batch per transaction, until none is left; then marks it completed.
 * Each batch commits its rows' states, the customers they wrote and the counters together, so a run that stops
 * (a crash, a restart, an error) loses at most the batch it was writing, and the next run resumes after the last
 * committed batch. Two runs of one import at once split the rows between them (`skip locked`).
 */
export async function runCustomerImport(
  ctx: ServiceContext,
  importId: string,
  options: RunImportOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const [found] = await ctx.db
    .update(customerImports)
    .set({ status: 'running', attempts: sql`${customerImports.attempts} + 1` })
    .where(and(eq(customerImports.id, importId), inArray(customerImports.status, ['queued', 'running'])))
    .returning();
  if (!found) return;
  const lookups = await lookupsOf(ctx.db, found.merchant_id);
  if (!lookups) return;
  const terms: ImportTerms = {
    importId: found.id,
    mapping: found.mapping as ImportMapping,
    columns: found.columns,
    blankClears: found.blank_clears,
    affirmations: {
      ...(found.text_opt_in_affirmation ? { sms: found.text_opt_in_affirmation } : {}),
      ...(found.email_opt_in_affirmation ? { email: found.email_opt_in_affirmation } : {}),
    },
  };
  // The importing user changes the customers: their history and consent rows name them.
  const actor: Actor = found.created_by ? { id: found.created_by } : null;
  for (let batch = 1; ; batch += 1) {
    const done = await withTransaction(ctx, async (tx) => {
      tx.afterCommit(() => invalidateCustomerCounts(found.merchant_id));
      const rows = await tx.db
        .select({ row_number: customerImportRows.row_number, cells: customerImportRows.cells })
        .from(customerImportRows)
        .where(and(eq(customerImportRows.import_id, importId), eq(customerImportRows.state, 'pending')))
        .orderBy(asc(customerImportRows.row_number))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return true;
      const outcomes = await writeBatch(tx, lookups, terms, actor, rows);
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
    if (done) break;
    await options.afterBatch?.(batch);
  }
  // Rows another run has locked are still pending: that run completes the import when it commits them.
  await ctx.db
    .update(customerImports)
    .set({ status: 'completed', finished: ctx.clock(), error: null })
    .where(
      and(
        eq(customerImports.id, importId),
        eq(customerImports.status, 'running'),
        sql`not exists (select 1 from customer_import_rows r where r.import_id = ${importId} and r.state = 'pending')`,
      ),
    );
  // The imported customers' search rows were written where there was room: put them in name order now.
  await queueNameOrderIfNeeded(ctx);
}

/**
 * The job's run: `runCustomerImport`, and on an error the import keeps it; once the import has used up `maxRuns`
 * runs (the queue's retries), it ends `failed` with that error instead of staying `running` for ever.
 */
export async function runImportJob(
  ctx: ServiceContext,
  importId: string,
  maxRuns: number,
  options: RunImportOptions = {},
): Promise<void> {
  try {
    await runCustomerImport(ctx, importId, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = sql`${customerImports.attempts} >= ${maxRuns}`;
    await ctx.db
      .update(customerImports)
      .set({
        error: message.slice(0, 1000),
        status: sql`case when ${givenUp} then 'failed' else ${customerImports.status} end`,
        finished: sql`case when ${givenUp} then now() else null end`,
      })
      .where(and(eq(customerImports.id, importId), inArray(customerImports.status, ['queued', 'running'])));
    throw error;
  }
}

/**
 * Queues a run for every import left queued or running (by a crash or a restart), so each resumes when the app
 * starts instead of when its job's lease expires; a run of an import another process is running is harmless.
 */
export async function requeueUnfinishedImports(ctx: ServiceContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: customerImports.id })
    .from(customerImports)
    .where(inArray(customerImports.status, ['queued', 'running']))
    .orderBy(asc(customerImports.created));
  for (const row of rows) await ctx.jobs.send(importCustomersJob, { importId: row.id });
  return rows.length;
}
