import { AUDIT_ACTIONS, AUDIT_KINDS } from '@paydesk/domain/audit/audit';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants, users } from './identity';

/**
 * Every change to a merchant's setup: who, when, what, and the changed fields before and after (secrets masked).
 * Written in the transaction of the change itself (`recordChange`), so an entry exists exactly when the change does.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the entry still reads right after the person is renamed or removed. */
    actor_name: text().notNull(),
    kind: text({ enum: AUDIT_KINDS }).notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    subject_id: uuid(),
    subject_label: text().notNull().default(''),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    created: createdAt(),
  },
  (table) => [
    index('audit_events_merchant_created_idx').on(table.merchant_id, sql`${table.created} desc`, table.id),
    index('audit_events_merchant_actor_idx').on(table.merchant_id, table.actor_id, sql`${table.created} desc`),
    index('audit_events_merchant_kind_idx').on(table.merchant_id, table.kind, sql`${table.created} desc`),
  ],
);
