import { SCHEDULED_PAYMENT_STATES } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { paymentMethods, payments } from './payments';

/**
 * A payment to take on a future day (issue 19): the job claims it at `run_at` (its date at the run hour in the
 * merchant's time zone) and takes it through the payments module with the key `scheduled:{id}`. A claim older than
 * the lease is taken again; the key makes the second run find the first one's payment instead of charging twice.
 */
export const scheduledPayments = pgTable(
  'scheduled_payments',
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
    payment_method_id: uuid()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    amount_cents: integer().notNull(),
    scheduled_date: date({ mode: 'string' }).notNull(),
    run_at: timestamp({ withTimezone: true }).notNull(),
    state: text({ enum: SCHEDULED_PAYMENT_STATES }).notNull().default('scheduled'),
    claimed_at: timestamp({ withTimezone: true }),
    payment_id: uuid().references(() => payments.id, { onDelete: 'set null' }),
    failure_message: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    cancelled_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelled_at: timestamp({ withTimezone: true }),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('scheduled_payments_account_idx').on(table.account_id, table.scheduled_date),
    index('scheduled_payments_due_idx')
      .on(table.run_at)
      .where(sql`${table.state} in ('scheduled', 'processing')`),
    check('scheduled_payments_amount', sql`${table.amount_cents} > 0`),
  ],
);
