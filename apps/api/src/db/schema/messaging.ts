import { MESSAGE_STATUSES } from '@paydesk/domain/messaging/delivery-errors';
import { MESSAGE_DIRECTIONS, MESSAGE_KINDS } from '@paydesk/domain/messaging/messaging.contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { accounts, customers } from './customers';
import { merchants, users } from './identity';
import { merchantLocations } from './locations';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A merchant's messaging settings: its own Twilio account (else the global one from configuration), the contact
 * its HELP answer gives, the opt-out line on collection texts (on by default) and a narrower sending window.
 */
export const messagingSettings = pgTable('messaging_settings', {
  merchant_id: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  twilio_account_sid: text(),
  /** Sealed with the field cipher (lib/field-encryption.ts). */
  twilio_auth_token_sealed: text(),
  help_contact: text(),
  opt_out_line: boolean().notNull().default(true),
  /** The merchant's own window in local minutes after midnight; null: the default 8 am–9 pm. */
  window_start_minute: integer(),
  window_end_minute: integer(),
  updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The numbers texts are sent from. Each belongs to one merchant (and optionally a location): inbound finds it. */
export const sendingNumbers = pgTable(
  'sending_numbers',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    location_id: uuid().references(() => merchantLocations.id, { onDelete: 'set null' }),
    /** E.164. */
    phone_number: text().notNull().unique(),
    created: createdAt(),
  },
  (table) => [
    index('sending_numbers_merchant_idx').on(table.merchant_id),
    // The location is one of the number's merchant's (beside the plain key above, which clears the location when it
    // is deleted: a composite key's SET NULL would clear merchant_id too). Checked after that key has run, so a
    // deleted location still leaves its numbers for all the merchant's locations.
    foreignKey({
      name: 'sending_numbers_location_merchant_fk',
      columns: [table.merchant_id, table.location_id],
      foreignColumns: [merchantLocations.merchant_id, merchantLocations.id],
    })
      .onDelete('no action')
      .onUpdate('no action'),
  ],
);

/**
 * A conversation: one per customer, or per unknown phone number (an "unknown sender" thread, never attached to a
 * guessed customer). Updated in the transaction of each message (the inbox reads it).
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customer_id: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    /** The customer's number (E.164) as last used; for an unknown sender, who it is. */
    phone_number: text(),
    last_message_body: text().notNull().default(''),
    last_message_created: timestamp({ withTimezone: true }),
    unread_messages: integer().notNull().default(0),
    /** A reply that reads like an opt-out waits for a person to confirm it. */
    needs_review: boolean().notNull().default(false),
    /** When the oldest reply not yet read arrived; null once the conversation is read (the customer-replies queue). */
    first_unread_created: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('inbox_threads_customer_idx')
      .on(table.merchant_id, table.customer_id)
      .where(sql`${table.customer_id} is not null`),
    uniqueIndex('inbox_threads_unknown_idx')
      .on(table.merchant_id, table.phone_number)
      .where(sql`${table.customer_id} is null`),
    // The inbox list: a merchant's conversations with a message, newest first, ties by id (migration 'inbox').
    index('inbox_threads_recent_idx')
      .on(table.merchant_id, sql`${table.last_message_created} desc nulls last`, sql`${table.id} desc`)
      .where(sql`${table.last_message_created} is not null`),
    // The customer-replies queue: a merchant's customers' conversations with unread replies, waiting longest first.
    index('inbox_threads_unread_idx')
      .on(table.merchant_id, table.first_unread_created, table.id)
      .where(sql`${table.first_unread_created} is not null and ${table.customer_id} is not null`),
  ],
);

export type MessageAttachment = { url: string; type: string };

/**
 * Every text in or out. Outbound: `queued` with a job, claimed (`sending`) by the job, then the provider's answers
 * move it only forward (sent → delivered / undelivered / failed). Inbound: `received`.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    thread_id: uuid()
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    customer_id: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    account_id: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    direction: text({ enum: MESSAGE_DIRECTIONS }).notNull(),
    kind: text({ enum: MESSAGE_KINDS }).notNull(),
    sender_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    sender: text().notNull(),
    body: text().notNull(),
    language: text().notNull().default('en-US'),
    translations: jsonb().$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    from_number: text(),
    to_number: text(),
    status: text({ enum: MESSAGE_STATUSES }).notNull(),
    provider: text(),
    provider_message_id: text(),
    error_code: text(),
    error_message: text(),
    secondary_message: text(),
    flagged_opt_out: boolean().notNull().default(false),
    /** Automated and bulk texts wait for the customer's sending window. */
    send_after: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    claimed_until: timestamp({ withTimezone: true }),
    /** An automated text's key (its outcome and template type): one text per outcome, however often its job runs. */
    idempotency_key: text(),
    sent_at: timestamp({ withTimezone: true }),
    /** A failed text sent again from the missed-messages queue: the new text (it leaves the queue). */
    resent_message_id: uuid().references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** A failed text taken off the missed-messages queue without sending it again. */
    dismissed_at: timestamp({ withTimezone: true }),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_thread_idx').on(table.thread_id, sql`${table.created} desc`, table.id),
    index('messages_customer_idx').on(table.customer_id, sql`${table.created} desc`, table.id),
    uniqueIndex('messages_idempotency_key_idx')
      .on(table.merchant_id, table.idempotency_key)
      .where(sql`${table.idempotency_key} is not null`),
    // The missed-messages queue: a merchant's failed texts nobody sent again or dismissed, newest first.
    index('messages_missed_idx')
      .on(table.merchant_id, sql`${table.created} desc`, sql`${table.id} desc`)
      .where(
        sql`${table.direction} = 'outbound' and ${table.status} in ('failed', 'undelivered') and ${table.resent_message_id} is null and ${table.dismissed_at} is null`,
      ),
    // "Resend of": the text a resend replaced.
    index('messages_resent_idx')
      .on(table.resent_message_id)
      .where(sql`${table.resent_message_id} is not null`),
    uniqueIndex('messages_provider_id_idx')
      .on(table.provider, table.provider_message_id)
      .where(sql`${table.provider_message_id} is not null`),
  ],
);

/**
 * Attachments fetched from the provider (MMS), kept so they outlive the provider's copy: the file in the media store
 * under `storage_key` (providers/media), or, for those received before the store, `content` here.
 */
export const messageMedia = pgTable(
  'message_media',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    message_id: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    content_type: text().notNull(),
    content: bytea(),
    storage_key: text(),
    created: createdAt(),
  },
  (table) => [
    check('message_media_stored_check', sql`${table.content} is not null or ${table.storage_key} is not null`),
  ],
);

/** Every webhook event, stored once by the provider's id (a replay is a no-op), processed by a job. */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: id(),
    provider: text().notNull(),
    event_id: text().notNull(),
    kind: text({ enum: ['inbound', 'status'] }).notNull(),
    payload: jsonb().$type<Record<string, string | string[]>>().notNull(),
    processed_at: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (table) => [uniqueIndex('provider_events_event_idx').on(table.provider, table.event_id)],
);

/** Numbers a provider said cannot take texts (30005, 30006, 21211, 21614), per customer. */
export const badNumbers = pgTable(
  'bad_numbers',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    phone_number: text().notNull(),
    error_code: text().notNull(),
    created: createdAt(),
  },
  (table) => [uniqueIndex('bad_numbers_customer_phone_idx').on(table.customer_id, table.phone_number)],
);
