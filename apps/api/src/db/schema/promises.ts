import { PROMISE_OUTCOMES, PROMISE_STATUSES } from '@paydesk/domain/promises/promises.contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { paymentMethods } from './payments';
import { scheduledPayments } from './scheduled-payments';

/**
 * A promise to pay (issue 19 item 3): an amount by `scheduled_date`. A keyed job at that time settles `outcome`
 * from what was paid on the account since `created` (kept, partially kept, broken), once (`outcome = 'open'`); a
 * payment counts for one promise only (`allocatePaymentsToPromises`).
 */
export const paymentPromises = pgTable(
  'payment_promises',
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
    payment_method_id: uuid().references(() => paymentMethods.id, { onDelete: 'set null' }),
    amount_cents: integer().notNull(),
    scheduled_date: timestamp({ withTimezone: true }).notNull(),
    note: text().notNull().default(''),
    /** PROMISED until confirmed (PROMISE_CONFIRMED) by staff or the customer's YES; SCHEDULED with a method. */
    status: text({ enum: PROMISE_STATUSES }).notNull().default('PROMISED'),
    /** A promise with a method is paid at its time by this scheduled payment (the scheduled-payments run). */
    scheduled_payment_id: uuid().references(() => scheduledPayments.id, { onDelete: 'set null' }),
    confirmed_at: timestamp({ withTimezone: true }),
    /** Who confirmed it; null with `confirmed_at` when the customer confirmed by text. */
    confirmed_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    outcome: text({ enum: PROMISE_OUTCOMES }).notNull().default('open'),
    paid_cents: integer(),
    resolved_at: timestamp({ withTimezone: true }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (table) => [
    index('payment_promises_account_idx').on(table.account_id, table.scheduled_date),
    index('payment_promises_merchant_outcome_idx').on(table.merchant_id, table.outcome, table.scheduled_date),
    index('payment_promises_due_idx')
      .on(table.scheduled_date)
      .where(sql`${table.outcome} = 'open'`),
    check('payment_promises_amount', sql`${table.amount_cents} > 0`),
  ],
);
