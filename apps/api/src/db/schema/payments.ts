import {
  BANK_AUTHORIZATION_METHODS,
  CARD_BRANDS,
  CARD_FUNDINGS,
  LEDGER_ENTRY_KINDS,
  PAYMENT_ORIGINS,
  PAYMENT_TYPES,
  REVERSAL_KINDS,
  REVERSAL_STATES,
  SOURCE_STATES,
  TRANSACTION_STATUSES,
} from '@paydesk/domain/payments/payments';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { merchantLocations } from './locations';
import { merchantAccounts } from './merchant-accounts';

/**
 * A customer's saved card or bank account: a processor reference and what may be shown of it. Never a full card
 * number, a CVC or a full bank account number (only masked numbers, the BIN and the last 4). Removing one keeps the
 * row (`removed_at`) so past payments still name their method.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null for a one-off method of a misc payment without a customer. */
    customer_id: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    /**
     * Shown on the customer's payment-methods tab and usable again. A card or bank entered for one payment without
     * "save" is kept unsaved, so that payment still names it.
     */
    saved: boolean().notNull().default(true),
    /** Which processor holds `gateway_reference` ('sandbox' or 'stripe'). */
    gateway: text().notNull(),
    gateway_reference: text().notNull(),
    payment_type: text({ enum: PAYMENT_TYPES }).notNull(),
    /** The brand's display name ("Visa"), null for banks. */
    card_type: text(),
    card_brand: text({ enum: CARD_BRANDS }),
    card_funding: text({ enum: CARD_FUNDINGS }),
    bin: text(),
    last4: text().notNull(),
    exp_month: smallint(),
    exp_year: smallint(),
    /** 'XXXXXXXXXXXX4242' for a card; 'XXXXX6789' for a bank account. */
    masked_card_number: text(),
    masked_account_number: text(),
    routing_number: text(),
    account_holder: text(),
    nickname: text(),
    /** A bank debit's authorisation, as Nacha requires for consumer debits: the exact words, who took it, when, how. */
    authorization_text: text(),
    authorization_method: text({ enum: BANK_AUTHORIZATION_METHODS }),
    authorized_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorized_at: timestamp({ withTimezone: true }),
    /** Set when a charge was declined in words that say the method is dead (lost, stolen, expired, closed). */
    flagged_at: timestamp({ withTimezone: true }),
    flag_reason: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    removed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('payment_methods_customer_idx').on(table.customer_id, table.created, table.id),
    index('payment_methods_merchant_idx').on(table.merchant_id),
    /** Transaction search: `like` equal to a card's or bank account's last 4. */
    index('payment_methods_merchant_last4_idx').on(table.merchant_id, table.last4),
    check(
      'payment_methods_masked_check',
      sql`coalesce(${table.masked_card_number}, '') !~ '[0-9]{5}' and coalesce(${table.masked_account_number}, '') !~ '[0-9]{5}'`,
    ),
    check('payment_methods_last4', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_bin', sql`${table.bin} is null or ${table.bin} ~ '^[0-9]{6,8}$'`),
    check(
      'payment_methods_bank_authorization',
      sql`${table.payment_type} <> 'bank' or (${table.authorization_text} is not null and ${table.authorization_method} is not null and ${table.authorized_at} is not null)`,
    ),
  ],
);

/**
 * A payment: on an account (origin staff, scheduled, autopay, pay_link) or not (misc: a down payment or a one-off
 * charge with a payer name). `amount_cents` is what goes to the amount due, `convenience_fee_cents` the fee on top,
 * `total_cents` their sum; the sources split the total. `status` is the transaction status of SPEC §7.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Null for a misc payment. A payment moved to another account names the new one. */
    account_id: uuid().references(() => accounts.id, { onDelete: 'restrict' }),
    customer_id: uuid().references(() => customers.id, { onDelete: 'set null' }),
    location_id: uuid()
      .notNull()
      .references(() => merchantLocations.id, { onDelete: 'restrict' }),
    merchant_account_id: uuid().references(() => merchantAccounts.id, { onDelete: 'restrict' }),
    origin: text({ enum: PAYMENT_ORIGINS }).notNull(),
    status: text({ enum: TRANSACTION_STATUSES }).notNull().default('PENDING'),
    amount_cents: integer().notNull(),
    convenience_fee_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    fee_waived: boolean().notNull().default(false),
    /** Misc payments: who paid and what for. */
    payer_name: text(),
    description: text(),
    /** The request's Idempotency-Key (or the job's key for scheduled and autopay runs): one payment per key. */
    idempotency_key: text().notNull(),
    /** When the payment failed or was only partly charged: what staff read ("Card declined: insufficient funds"). */
    failure_message: text(),
    /** A retry of a failed payment names it (one retry each); `retry_attempt` counts the retries in the chain. */
    retry_of_payment_id: uuid().references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    retry_attempt: smallint().notNull().default(0),
    /** Why automatic retries of this failed payment stopped before their limit (a rule the account now breaks). */
    automatic_retry_stopped: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_merchant_idempotency_key_idx').on(table.merchant_id, table.idempotency_key),
    index('payments_account_created_idx').on(table.account_id, sql`${table.created} desc`, table.id),
    index('payments_merchant_created_idx').on(table.merchant_id, sql`${table.created} desc`, table.id),
    index('payments_merchant_status_created_idx').on(table.merchant_id, table.status, sql`${table.created} desc`),
    /** Transaction search: the payments of the customers whose name matches `like`, index-only (decision 0024). */
    index('payments_customer_created_id_idx').on(table.customer_id, sql`${table.created} desc`, table.id),
    /** Transaction search: `%like%` over a misc payment's payer name (pg_trgm, from 0004_trigram_search.sql). */
    index('payments_payer_name_trgm_idx')
      .using('gin', table.payer_name.op('gin_trgm_ops'))
      .where(sql`${table.payer_name} is not null`),
    /** The automatic-retry run reads only the failed payments it may retry (`dueAutomaticRetriesQuery`). */
    index('payments_automatic_retry_idx')
      .on(table.created)
      .where(
        sql`${table.status} = 'FAILED' and ${table.origin} in ('scheduled', 'autopay') and ${table.automatic_retry_stopped} is null`,
      ),
    uniqueIndex('payments_retry_of_idx')
      .on(table.retry_of_payment_id)
      .where(sql`${table.retry_of_payment_id} is not null`),
    check('payments_amounts', sql`${table.amount_cents} > 0 and ${table.convenience_fee_cents} >= 0`),
    check('payments_total', sql`${table.total_cents} = ${table.amount_cents} + ${table.convenience_fee_cents}`),
    check('payments_account_or_misc', sql`(${table.origin} = 'misc') = (${table.account_id} is null)`),
  ],
);

/**
 * One method's share of a payment, charged at the processor with its own id as the idempotency key. The fee rides on
 * one source at most (the last one, SPEC §3 refunds list it last).
 */
export const paymentSources = pgTable(
  'payment_sources',
  {
    id: id(),
    payment_id: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    payment_method_id: uuid()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    position: smallint().notNull(),
    amount_cents: integer().notNull(),
    convenience_fee_cents: integer().notNull().default(0),
    total_cents: integer().notNull(),
    state: text({ enum: SOURCE_STATES }).notNull().default('created'),
    gateway_reference: text(),
    decline_code: text(),
    decline_message: text(),
    /** Bank debits: the NACHA return code (R01 …) and when it came back. */
    return_code: text(),
    returned_at: timestamp({ withTimezone: true }),
    settled_at: timestamp({ withTimezone: true }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_sources_payment_position_idx').on(table.payment_id, table.position),
    index('payment_sources_method_idx').on(table.payment_method_id),
    /** Transaction search: `like` equal to a processor reference. */
    index('payment_sources_gateway_reference_idx')
      .on(table.gateway_reference)
      .where(sql`${table.gateway_reference} is not null`),
    index('payment_sources_state_idx')
      .on(table.state, table.created)
      .where(sql`${table.state} in ('created', 'pending', 'indeterminate')`),
    check('payment_sources_amounts', sql`${table.amount_cents} >= 0 and ${table.convenience_fee_cents} >= 0`),
    check('payment_sources_total', sql`${table.total_cents} = ${table.amount_cents} + ${table.convenience_fee_cents}`),
  ],
);

/** A refund or a void of a payment, with its per-source parts below. */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    payment_id: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text({ enum: REVERSAL_KINDS }).notNull(),
    state: text({ enum: REVERSAL_STATES }).notNull().default('created'),
    total_cents: integer().notNull(),
    idempotency_key: text().notNull(),
    reason: text(),
    failure_message: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_reversals_merchant_idempotency_key_idx').on(table.merchant_id, table.idempotency_key),
    index('payment_reversals_payment_idx').on(table.payment_id, table.created),
    check('payment_reversals_total', sql`${table.total_cents} > 0`),
  ],
);

export const paymentReversalSources = pgTable(
  'payment_reversal_sources',
  {
    id: id(),
    reversal_id: uuid()
      .notNull()
      .references(() => paymentReversals.id, { onDelete: 'cascade' }),
    payment_source_id: uuid()
      .notNull()
      .references(() => paymentSources.id, { onDelete: 'cascade' }),
    amount_cents: integer().notNull(),
    /** The part of `amount_cents` that gives back the convenience fee. */
    convenience_fee_cents: integer().notNull().default(0),
    state: text({ enum: REVERSAL_STATES }).notNull().default('created'),
    gateway_reference: text(),
    decline_code: text(),
    decline_message: text(),
  },
  (table) => [
    index('payment_reversal_sources_reversal_idx').on(table.reversal_id),
    index('payment_reversal_sources_source_idx').on(table.payment_source_id),
    check('payment_reversal_sources_amount', sql`${table.amount_cents} > 0 and ${table.convenience_fee_cents} >= 0`),
  ],
);

/**
 * The ledger (ARCHITECTURE "Ledger"): append-only; an account's `amount_due_cents` is the sum of its entries and is
 * written only by the ledger (`modules/payments/ledger/`). Entries without an account belong to misc payments; they
 * count in deposits and reports, not in any amount due. `amount_cents` is signed (see LEDGER_ENTRY_KINDS).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    account_id: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: LEDGER_ENTRY_KINDS }).notNull(),
    amount_cents: integer().notNull(),
    payment_id: uuid().references(() => payments.id, { onDelete: 'cascade' }),
    reversal_id: uuid().references(() => paymentReversals.id, { onDelete: 'cascade' }),
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written: who (a user's name, "Autopay", "Import", "Migration"). */
    actor_name: text().notNull(),
    reason: text().notNull().default(''),
    created: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_created_idx').on(table.account_id, table.created, table.id),
    index('ledger_entries_payment_idx').on(table.payment_id),
    index('ledger_entries_merchant_created_idx').on(table.merchant_id, table.created),
  ],
);

/**
 * What a merchant account was paid on one day (written by the settlement job, read by the deposit report): gross
 * captured, the processor's fees from the account's `rate_bps` and `per_transaction_cents`, refunds, returns, net.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    merchant_account_id: uuid()
      .notNull()
      .references(() => merchantAccounts.id, { onDelete: 'cascade' }),
    deposit_date: date({ mode: 'string' }).notNull(),
    transaction_count: integer().notNull(),
    gross_cents: integer().notNull(),
    fees_cents: integer().notNull(),
    refunds_cents: integer().notNull(),
    returns_cents: integer().notNull(),
    net_cents: integer().notNull(),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('deposits_account_date_idx').on(table.merchant_account_id, table.deposit_date),
    index('deposits_merchant_date_idx').on(table.merchant_id, table.deposit_date),
  ],
);

/** Per-card interchange data of a settled card source (brand, funding, qualification), for the interchange report. */
export const interchangeRecords = pgTable(
  'interchange_records',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    payment_source_id: uuid()
      .notNull()
      .references(() => paymentSources.id, { onDelete: 'cascade' }),
    deposit_date: date({ mode: 'string' }).notNull(),
    card_brand: text({ enum: CARD_BRANDS }).notNull(),
    card_funding: text({ enum: CARD_FUNDINGS }).notNull(),
    /** 'qualified', 'mid_qualified' or 'non_qualified'. */
    qualification: text().notNull(),
    amount_cents: integer().notNull(),
    interchange_cents: integer().notNull(),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('interchange_records_source_idx').on(table.payment_source_id),
    index('interchange_records_merchant_date_idx').on(table.merchant_id, table.deposit_date),
  ],
);
