import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { payments } from './payments';

/**
 * A single-use payment link for an account and one of its customers (issue 19 item 6, decision 0022). Only a sha256
 * of the link's token is stored. It works until `expires_at`, unless it was used to pay (`used_at`, `payment_id`) or
 * a newer link of the account superseded it (`superseded_at`); a partial unique index keeps one live link per
 * account. A payment in progress holds it by its Idempotency-Key (`claim_key`, `claimed_at`; a claim older than the
 * lease may be taken over, for a run that died).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    account_id: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    superseded_at: timestamp({ withTimezone: true }),
    payment_id: uuid().references(() => payments.id, { onDelete: 'set null' }),
    claim_key: text(),
    claimed_at: timestamp({ withTimezone: true }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_links_token_hash_idx').on(table.token_hash),
    uniqueIndex('payment_links_one_live_per_account_idx')
      .on(table.account_id)
      .where(sql`${table.used_at} is null and ${table.superseded_at} is null`),
    index('payment_links_merchant_idx').on(table.merchant_id, table.created),
  ],
);
