import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per cached list (`merchants`): a version that every statement writing what the list shows replaces with a
 * new, never repeated number, in the same transaction, through statement triggers (custom SQL in migration
 * 0016_list_versions.sql). A process may reuse a page it read while the version it reads is still the one it read
 * then (`db/versioned-cache.ts`).
 */
export const listVersions = pgTable('list_versions', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
