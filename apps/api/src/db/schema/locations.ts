import { index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { merchants } from './identity';

/**
 * A merchant's places of business. Customers belong to one; merchant accounts sit under one; due dates, quiet hours
 * and schedules are read in its time zone.
 */
export const merchantLocations = pgTable(
  'merchant_locations',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address_line1: text().notNull(),
    address_line2: text().notNull().default(''),
    city: text().notNull(),
    /** Two-letter code from the SPEC §9 state list (US states, DC, PR). */
    state: text().notNull(),
    postal_code: text().notNull(),
    /** E.164, US or CA; null when the location has no phone. */
    phone: text(),
    /** IANA zone, e.g. America/New_York. */
    timezone: text().notNull(),
    created: createdAt(),
  },
  (table) => [
    // What merchant_accounts (and later customers) reference, so that a row can only name its own merchant's location.
    unique('merchant_locations_merchant_id_key').on(table.merchant_id, table.id),
    uniqueIndex('merchant_locations_merchant_name_idx').on(table.merchant_id, sql`lower(${table.name})`),
    index('merchant_locations_merchant_list_idx').on(table.merchant_id, table.name, table.id),
    index('merchant_locations_merchant_created_idx').on(table.merchant_id, table.created, table.id),
  ],
);
