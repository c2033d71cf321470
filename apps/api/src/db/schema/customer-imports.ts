import { IMPORT_STATUSES } from '@paydesk/domain/customers/customer-imports.contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants, users } from './identity';
import { customers } from './customers';

/** What a row of an import came to: not yet processed, imported (created or updated), or failed with a reason. */
export const IMPORT_ROW_STATES = ['pending', 'created', 'updated', 'failed'] as const;

/**
 * A CSV file uploaded to import customers. Its rows are in `customer_import_rows`, each with its own state, so a
 * job that stops midway resumes with the rows still pending; the counters move in the same transactions as the rows.
 * One unfinished import per merchant and file content (`content_hash`): the same upload sent again while it runs
 * answers with the import already started.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    file_name: text().notNull(),
    /** The file's header row, in order. */
    columns: jsonb().$type<string[]>().notNull(),
    /** Import field → column header. */
    mapping: jsonb().$type<Record<string, string | null | undefined>>().notNull(),
    /** A blank mapped cell clears the field of an existing account (else it leaves it). */
    blank_clears: boolean().notNull().default(false),
    /**
     * The words `created_by` affirmed, once for the file, for the rows that opt customers in to texts / emails
     * (null: none affirmed; such rows are refused at upload). Each consent row the import writes repeats them.
     */
    text_opt_in_affirmation: text(),
    email_opt_in_affirmation: text(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default('queued'),
    total: integer().notNull(),
    processed: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** SHA-256 of the CSV text and the mapping. */
    content_hash: text(),
    /** Runs of the job so far; the run past the queue's retries that fails marks the import `failed`. */
    attempts: integer().notNull().default(0),
    /** Why the import failed (status `failed`), or the last run's error while it is retried. */
    error: text(),
    created: createdAt(),
    finished: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('customer_imports_merchant_created_idx').on(table.merchant_id, table.created, table.id),
    uniqueIndex('customer_imports_unfinished_content_idx')
      .on(table.merchant_id, table.content_hash)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('customer_imports_unfinished_idx')
      .on(table.created)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export const customerImportRows = pgTable(
  'customer_import_rows',
  {
    import_id: uuid()
      .notNull()
      .references(() => customerImports.id, { onDelete: 'cascade' }),
    /** The row's place in the file (1 = the first row after the header). */
    row_number: integer().notNull(),
    /** The row's cells in the order of the import's columns. */
    cells: jsonb().$type<string[]>().notNull(),
    state: text({ enum: IMPORT_ROW_STATES }).notNull().default('pending'),
    reason: text(),
    customer_id: uuid().references(() => customers.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.import_id, table.row_number] }),
    index('customer_import_rows_pending_idx')
      .on(table.import_id, table.row_number)
      .where(sql`${table.state} = 'pending'`),
    index('customer_import_rows_failed_idx')
      .on(table.import_id, table.row_number)
      .where(sql`${table.state} = 'failed'`),
  ],
);

/** The column mapping a merchant used last, offered again on its next import. */
export const customerImportMappings = pgTable('customer_import_mappings', {
  merchant_id: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  mapping: jsonb().$type<Record<string, string | null | undefined>>().notNull(),
  blank_clears: boolean().notNull().default(false),
  updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
