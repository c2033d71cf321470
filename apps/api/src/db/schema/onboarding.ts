import { BUSINESS_TYPES } from '@paydesk/domain/onboarding/onboarding.contract';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './identity';

/** What onboarding needs of a merchant beyond its name: one row per merchant, written by the first save. */
export const businessDetails = pgTable('business_details', {
  merchant_id: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  legal_name: text().notNull(),
  dba: text().notNull().default(''),
  /** Sealed with the field cipher (lib/field-encryption.ts); only ein_last4 is ever shown. */
  ein_sealed: text().notNull(),
  ein_last4: text().notNull(),
  address_line1: text().notNull(),
  address_line2: text().notNull().default(''),
  city: text().notNull(),
  state: text().notNull(),
  postal_code: text().notNull(),
  /** E.164, US or CA. */
  phone: text().notNull(),
  website: text(),
  business_type: text({ enum: BUSINESS_TYPES }).notNull(),
  created: createdAt(),
  updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
