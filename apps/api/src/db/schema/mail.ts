import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Emails to send, one row per business event (`key`, e.g. `password-reset:<token id>`): written with the work that
 * asks for them, sent by the `mail.send-email` job. The job claims the row (`queued → sending`), calls the provider
 * outside any transaction with the row's id as idempotency key, and records `sent` in a second transaction; a run
 * killed after the call calls again with the same key once the claim's lease has passed.
 */
export const outgoingEmails = pgTable('outgoing_emails', {
  id: id(),
  key: text().notNull().unique(),
  recipient: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  html: text(),
  status: text({ enum: ['queued', 'sending', 'sent'] })
    .notNull()
    .default('queued'),
  /** Calls to the provider so far. */
  attempts: integer().notNull().default(0),
  /** While `sending`: no other run calls the provider before this time. */
  claimed_until: timestamp({ withTimezone: true }),
  last_error: text(),
  sent_at: timestamp({ withTimezone: true }),
  created: createdAt(),
});
