import {
  ACCOUNT_CUSTOMER_ROLES,
  ACCOUNT_STATUSES,
  INTEGRATION_SYNC_STATUSES,
} from '@paydesk/domain/customers/customers.contract';
import { DEFAULT_LANGUAGE } from '@paydesk/domain/constants';
import { DEVICE_PROVIDERS } from '@paydesk/domain/integrations/integrations.contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants, users } from './identity';
import { merchantLocations } from './locations';
import { accountTags } from './tags';

type ListAccount = {
  id: string;
  external_id: string;
  role: (typeof ACCOUNT_CUSTOMER_ROLES)[number];
  status: (typeof ACCOUNT_STATUSES)[number];
  amount_due_cents: number;
  due_date: string | null;
  autopay: boolean;
};

const notRemoved = (table: { removed_at: unknown }) => sql`${table.removed_at} is null`;

/**
 * A merchant's customer. Removing one voids it (`removed_at`): its history stays, lists leave it out, and its phone
 * number is free again. `search_text`, `primary_*`, `list_accounts`, `account_statuses` and `tag_ids` are kept by `refreshCustomerSearch`
 * (list/refresh-customer-search.ts) from the customer and its accounts, so the list searches, sorts and shows rows from this
 * table alone: whatever changes an account must call it.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    location_id: uuid()
      .notNull()
      .references(() => merchantLocations.id, { onDelete: 'restrict' }),
    first_name: text().notNull(),
    last_name: text().notNull(),
    email: text(),
    /** E.164, US or CA. */
    sms_phone_number: text(),
    /** The phone number's digits, for searching by digits whatever the format typed. */
    phone_digits: text()
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(coalesce(sms_phone_number, ''), '[^0-9]', '', 'g')`),
    date_of_birth: date({ mode: 'string' }),
    language: text().notNull().default(DEFAULT_LANGUAGE),
    text_opt_in: boolean().notNull().default(false),
    email_opt_in: boolean().notNull().default(false),
    /**
     * The customer's mailing address, every part optional (null: none). `state` is a code of the SPEC §9 state list;
     * quiet hours read the customer's local time from it before the phone's area code. Not searched, not on the list.
     */
    address_line1: text(),
    address_line2: text(),
    city: text(),
    state: text(),
    /** US ZIP code, `12345` or `12345-6789`. */
    zip: text(),
    /** Lowercase names, email and the external ids of the customer's accounts, for `%search%` (trigram index). */
    search_text: text().notNull().default(''),
    /** The primary account's (the first the customer is primary on) sort keys. */
    primary_external_id: text(),
    primary_amount_due_cents: integer(),
    primary_due_date: date({ mode: 'string' }),
    /** The accounts as the list shows them (id, external_id, role, status, amount_due_cents, due_date, autopay). */
    list_accounts: jsonb().$type<ListAccount[]>().notNull().default([]),
    /**
     * The list row's JSON object text as far as this row alone tells it (every field of the contract's
     * `CustomerListRow` but merchant, location and tags, whose names are read live), without its closing brace.
     * Written by the `customers_list_row` trigger on every insert and on every update of a column it shows
     * (migration 0015), so no write path can leave it stale; the list appends the live fields (decision 0016).
     */
    list_row: text().notNull().default(''),
    /** The distinct statuses of the customer's accounts, for the status filter. */
    account_statuses: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The distinct tags on the customer's accounts, for the tag filter and the row's tags. */
    tag_ids: uuid()
      .array()
      .notNull()
      .default(sql`'{}'`),
    removed_at: timestamp({ withTimezone: true }),
    removed_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One phone number per merchant among customers not removed (phone_number.duplicate).
    uniqueIndex('customers_merchant_phone_idx')
      .on(table.merchant_id, table.sms_phone_number)
      .where(sql`${table.removed_at} is null and ${table.sms_phone_number} is not null`),
    // Lists: (merchant, sort key, id) over the customers not removed. Migration 0019 adds INCLUDE (location_id,
    // account_statuses, tag_ids) to these, which drizzle-kit does not model: a filtered walk reads the index alone.
    index('customers_merchant_last_name_idx')
      .on(table.merchant_id, table.last_name, table.first_name, table.id)
      .where(notRemoved(table)),
    index('customers_merchant_first_name_idx')
      .on(table.merchant_id, table.first_name, table.last_name, table.id)
      .where(notRemoved(table)),
    index('customers_merchant_created_idx').on(table.merchant_id, table.created, table.id).where(notRemoved(table)),
    index('customers_merchant_amount_due_idx')
      .on(table.merchant_id, table.primary_amount_due_cents, table.id)
      .where(notRemoved(table)),
    index('customers_merchant_due_date_idx')
      .on(table.merchant_id, table.primary_due_date, table.id)
      .where(notRemoved(table)),
    index('customers_merchant_external_id_idx')
      .on(table.merchant_id, table.primary_external_id, table.id)
      .where(notRemoved(table)),
    index('customers_merchant_location_idx')
      .on(table.merchant_id, table.location_id, table.last_name, table.first_name, table.id)
      .where(notRemoved(table)),
    // Across merchants (super users): by name.
    index('customers_last_name_idx').on(table.last_name, table.first_name, table.id).where(notRemoved(table)),
    index('customers_location_idx').on(table.location_id),
    index('customers_search_trgm_idx').using('gin', table.search_text.op('gin_trgm_ops')),
    index('customers_phone_digits_trgm_idx').using('gin', table.phone_digits.op('gin_trgm_ops')),
    // Filters whose matches are few read them here first (decision 0014).
    index('customers_account_statuses_idx').using('gin', table.account_statuses),
    index('customers_tag_ids_idx').using('gin', table.tag_ids),
  ],
);

/**
 * What a customers search sorted by name reads, one row per customer not removed (decision 0018). Kept by the
 * `customer_name_search` triggers on `customers` (migration 0020), whichever path writes a customer. A common name's
 * matches (3% of 100,000 customers for "garcia") cost a random table page each on `customers`; this table is kept
 * physically in name order (`orderNameSearch`), so they share a few pages. `in_order` is false for a row written
 * since its merchant's rows were last put in order (new customers, renamed ones).
 */
export const customerNameSearch = pgTable(
  'customer_name_search',
  {
    id: uuid().primaryKey(),
    merchant_id: uuid().notNull(),
    location_id: uuid().notNull(),
    last_name: text().notNull(),
    first_name: text().notNull(),
    search_text: text().notNull(),
    phone_digits: text().notNull(),
    account_statuses: text().array().notNull(),
    tag_ids: uuid().array().notNull(),
    in_order: boolean().notNull().default(false),
  },
  (table) => [
    index('customer_name_search_name_idx').on(table.merchant_id, table.last_name, table.first_name, table.id),
    // A search reads the whole GIN pending list (rows written since it was last merged): keep it short.
    index('customer_name_search_trgm_idx')
      .using('gin', table.search_text.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    index('customer_name_search_phone_digits_trgm_idx')
      .using('gin', table.phone_digits.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    index('customer_name_search_unordered_idx')
      .on(table.merchant_id)
      .where(sql`not ${table.in_order}`),
  ],
);

/** A loan or contract of a merchant, with a primary customer and co-borrowers (`account_customers`). */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    location_id: uuid()
      .notNull()
      .references(() => merchantLocations.id, { onDelete: 'restrict' }),
    external_id: text().notNull(),
    amount_due_cents: integer().notNull(),
    due_date: date({ mode: 'string' }),
    autopay: boolean().notNull().default(false),
    convenience_fee_cents: integer().notNull().default(0),
    status: text({ enum: ACCOUNT_STATUSES }).notNull().default('active'),
    /** The vehicle device (PassTime or Ituran) on this account, set by administrators; commands go to it. */
    device_provider: text({ enum: DEVICE_PROVIDERS }),
    device_id: text(),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('accounts_device_check', sql`(${table.device_provider} is null) = (${table.device_id} is null)`),
    uniqueIndex('accounts_merchant_external_id_idx').on(table.merchant_id, table.external_id),
    /** Transaction search: `%like%` over external ids (pg_trgm). */
    index('accounts_external_id_trgm_idx').using('gin', table.external_id.op('gin_trgm_ops')),
    index('accounts_merchant_status_idx').on(table.merchant_id, table.status, table.id),
    index('accounts_location_idx').on(table.location_id),
    check('accounts_convenience_fee_check', sql`${table.convenience_fee_cents} >= 0`),
    check('accounts_amount_due_check', sql`${table.amount_due_cents} >= 0`),
  ],
);

export const accountCustomers = pgTable(
  'account_customers',
  {
    account_id: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    role: text({ enum: ACCOUNT_CUSTOMER_ROLES }).notNull(),
    created: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.account_id, table.customer_id] }),
    uniqueIndex('account_customers_one_primary_idx')
      .on(table.account_id)
      .where(sql`${table.role} = 'primary'`),
    index('account_customers_customer_idx').on(table.customer_id, table.account_id),
  ],
);

export const accountTagAssignments = pgTable(
  'account_tag_assignments',
  {
    account_id: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tag_id: uuid()
      .notNull()
      .references(() => accountTags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.account_id, table.tag_id] }),
    index('account_tag_assignments_tag_idx').on(table.tag_id, table.account_id),
  ],
);

export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    author_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    created: createdAt(),
    edited: timestamp({ withTimezone: true }),
  },
  (table) => [index('customer_notes_customer_idx').on(table.customer_id, sql`${table.created} desc`, table.id)],
);

/**
 * A customer's history: every change to it and its accounts (fields before and after), notes, consent, removal.
 * Other features append their own kinds (payments, messages) with `recordCustomerEvent`.
 */
export const customerEvents = pgTable(
  'customer_events',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    account_id: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    created: createdAt(),
  },
  (table) => [index('customer_events_customer_idx').on(table.customer_id, sql`${table.created} desc`, table.id)],
);

/** The customers a user opened, for "recently viewed"; upserted by update_last_viewed. */
export const customerViews = pgTable(
  'customer_views',
  {
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    viewed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.customer_id] }),
    index('customer_views_user_merchant_idx').on(table.user_id, table.merchant_id, sql`${table.viewed_at} desc`),
  ],
);

/**
 * The last check of a customer against the merchant's system (FreshBooks, `checkIntegration=true`): `synced_at` is
 * when it last answered (opens within a few minutes reuse it instead of calling again), `last_status` and
 * `last_checked_at` how the latest attempt went (what requests that waited for it answer).
 */
export const customerIntegrationChecks = pgTable('customer_integration_checks', {
  customer_id: uuid()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  merchant_id: uuid()
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  synced_at: timestamp({ withTimezone: true }),
  last_status: text({ enum: INTEGRATION_SYNC_STATUSES }).notNull(),
  last_checked_at: timestamp({ withTimezone: true }).notNull(),
});
