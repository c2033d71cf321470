import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './identity';

/**
 * The requests made to idempotent endpoints (plugins/idempotency.ts), by merchant and Idempotency-Key: what was
 * asked (a fingerprint of method, path, user and body) and, once the handler answered, the status and body a repeat
 * replays. `status` is null while the first request runs. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    fingerprint: text().notNull(),
    status: smallint(),
    /** The JSON text answered; null while running and for a response without content. */
    response: text(),
    created: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.merchant_id, table.key] }),
    index('idempotency_keys_created_idx').on(table.created),
  ],
);
