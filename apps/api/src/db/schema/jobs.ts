import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Idempotency keys of jobs whose work is done (lib/jobs.ts `idempotencyKey`): a retry of one is skipped. */
export const jobReceipts = pgTable('job_receipts', {
  key: text().primaryKey(),
  job: text().notNull(),
  created: createdAt(),
});
