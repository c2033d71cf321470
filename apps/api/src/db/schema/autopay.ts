import { AUTOPAY_DISABLED_BY, AUTOPAY_RUN_STATES } from '@paydesk/domain/autopay/autopay.contract';
import { BANK_AUTHORIZATION_METHODS } from '@paydesk/domain/payments/payments';
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { paymentMethods, payments } from './payments';

/** A bank account's recurring-debit authorisation as the customer agreed to it (Nacha). */
export type RecurringDebitAuthorization = {
  terms: string;
  amount_rule: string;
  start: string;
  frequency: string;
  revocation: string;
};

/**
 * A customer's autopay on an account (issue 19 item 2): at most one active per account (a partial unique index).
 * The job claims an active one whose account's due date has come (`claimed_at`, `claimed_due_date`), takes the
 * amount due with the key `autopay:{accountId}:{dueDate}` and records the outcome (`last_*`); a claim older than the
 * lease is taken again and the key answers the first run's payment. Turning it off keeps the row (who, by whom).
 */
export const autopayEnrollments = pgTable(
  'autopay_enrollments',
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
    active: boolean().notNull().default(true),
    /** A bank account's recurring-debit authorisation: its words, how and when it was given, by whom it was taken. */
    authorization: jsonb().$type<RecurringDebitAuthorization>(),
    authorization_method: text({ enum: BANK_AUTHORIZATION_METHODS }),
    authorized_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorized_at: timestamp({ withTimezone: true }),
    enrolled_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabled_at: timestamp({ withTimezone: true }),
    disabled_by: text({ enum: AUTOPAY_DISABLED_BY }),
    disabled_by_user: uuid().references(() => users.id, { onDelete: 'set null' }),
    claimed_at: timestamp({ withTimezone: true }),
    claimed_due_date: date({ mode: 'string' }),
    last_due_date: date({ mode: 'string' }),
    last_state: text({ enum: AUTOPAY_RUN_STATES }),
    last_payment_id: uuid().references(() => payments.id, { onDelete: 'set null' }),
    last_failure_message: text(),
  },
  (table) => [
    uniqueIndex('autopay_enrollments_one_active_idx')
      .on(table.account_id)
      .where(sql`${table.active}`),
    index('autopay_enrollments_account_idx').on(table.account_id, sql`${table.created} desc`),
  ],
);
