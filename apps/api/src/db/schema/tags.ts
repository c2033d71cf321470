import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './identity';

/** Labels a merchant puts on its customers' accounts (Repo Risk, VIP, …); lists filter by them. */
export const accountTags = pgTable(
  'account_tags',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('account_tags_merchant_name_idx').on(table.merchant_id, sql`lower(${table.name})`),
    index('account_tags_merchant_list_idx').on(table.merchant_id, table.name, table.id),
    index('account_tags_merchant_created_idx').on(table.merchant_id, table.created, table.id),
  ],
);
