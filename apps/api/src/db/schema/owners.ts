import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './identity';

/** The people who own a merchant's business. Their percentages never total more than 100. */
export const businessOwners = pgTable(
  'business_owners',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    first_name: text().notNull(),
    last_name: text().notNull(),
    title: text().notNull().default(''),
    email: text().notNull(),
    /** E.164, US or CA. */
    phone: text().notNull(),
    date_of_birth: text().notNull(),
    /** Sealed with the field cipher; never returned, logged or audited. */
    ssn_sealed: text().notNull(),
    ssn_last4: text().notNull(),
    address_line1: text().notNull(),
    address_line2: text().notNull().default(''),
    city: text().notNull(),
    state: text().notNull(),
    postal_code: text().notNull(),
    ownership_percentage: integer().notNull(),
    created: createdAt(),
  },
  (table) => [
    check('business_owners_percentage_check', sql`${table.ownership_percentage} between 1 and 100`),
    index('business_owners_merchant_last_name_idx').on(table.merchant_id, table.last_name, table.id),
    index('business_owners_merchant_percentage_idx').on(table.merchant_id, table.ownership_percentage, table.id),
    index('business_owners_merchant_created_idx').on(table.merchant_id, table.created, table.id),
  ],
);
