import {
  MERCHANT_ACCOUNT_KINDS,
  MERCHANT_ACCOUNT_STATUSES,
  PROCESSORS,
} from '@paydesk/domain/locations/merchant-accounts.contract';
import { boolean, check, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { merchants } from './identity';
import { merchantLocations } from './locations';

/**
 * Where a location's card or bank payments settle: the processor's merchant id (MID), the deposit bank account (its
 * routing number and only the last four digits of its number; the full number is never kept) and the pricing.
 */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** One of the same merchant's locations (see the foreign key below). */
    location_id: uuid().notNull(),
    name: text().notNull(),
    kind: text({ enum: MERCHANT_ACCOUNT_KINDS }).notNull(),
    processor: text({ enum: PROCESSORS }).notNull().default('sandbox'),
    processor_merchant_id: text().notNull(),
    deposit_routing_number: text().notNull(),
    deposit_account_last4: text().notNull(),
    /** Basis points: 295 is 2.95%. */
    rate_bps: integer().notNull().default(0),
    per_transaction_cents: integer().notNull().default(0),
    convenience_fee_enabled: boolean().notNull().default(false),
    convenience_fee_cents: integer(),
    status: text({ enum: MERCHANT_ACCOUNT_STATUSES }).notNull().default('active'),
    created: createdAt(),
  },
  (table) => [
    /**
     * The location must be the same merchant's (never a link across tenants, whatever a service checks), and one
     * with merchant accounts cannot be deleted (location.in_use). NO ACTION rather than RESTRICT: checked at the end
     * of the statement, so deleting a merchant still cascades through both tables.
     */
    foreignKey({
      name: 'merchant_accounts_location_fk',
      columns: [table.merchant_id, table.location_id],
      foreignColumns: [merchantLocations.merchant_id, merchantLocations.id],
    })
      .onDelete('no action')
      .onUpdate('no action'),
    index('merchant_accounts_merchant_name_idx').on(table.merchant_id, table.name, table.id),
    index('merchant_accounts_merchant_created_idx').on(table.merchant_id, table.created, table.id),
    index('merchant_accounts_location_name_idx').on(table.location_id, table.name, table.id),
    check('merchant_accounts_rate_bps_range', sql`${table.rate_bps} between 0 and 10000`),
    check('merchant_accounts_last4', sql`${table.deposit_account_last4} ~ '^[0-9]{4}$'`),
  ],
);
