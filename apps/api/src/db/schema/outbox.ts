import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Messages handed to the local outbox providers (embedded mode): readable by people and tests. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created: createdAt(),
    delivered_at: timestamp({ withTimezone: true }),
    /** The sender's idempotency key: a second delivery with the same key is dropped, as a real provider would. */
    idempotency_key: text().unique(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient, table.created)],
);
