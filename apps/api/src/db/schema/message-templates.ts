import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MessageBody } from '@paydesk/domain/message-templates/message-templates.contract';
import { TEMPLATE_TYPES } from '@paydesk/domain/message-templates/template-types';
import { createdAt, id } from './columns';
import { merchants } from './identity';

/**
 * A merchant's message templates (SPEC §3): its own (SCHEDULED by delta_days from the due date, or UNSCHEDULED) and
 * one of each system type, seeded by the `seed_system_message_templates` trigger of migration 0031 for every
 * merchant. Bodies per language and TEXT/EMAIL are a small list, kept with the template.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: text({ enum: TEMPLATE_TYPES }).notNull(),
    active: boolean().notNull().default(true),
    is_visible: boolean().notNull().default(true),
    delta_days: integer(),
    message_bodies: jsonb().$type<MessageBody[]>().notNull().default([]),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_templates_merchant_name_idx').on(table.merchant_id, sql`lower(${table.name})`),
    // One template of each system type per merchant.
    uniqueIndex('message_templates_merchant_system_type_idx')
      .on(table.merchant_id, table.type)
      .where(sql`${table.type} not in ('SCHEDULED', 'UNSCHEDULED')`),
    // SPEC §8 template.schedule_clash: one active scheduled template per day relative to the due date.
    uniqueIndex('message_templates_schedule_idx')
      .on(table.merchant_id, table.delta_days)
      .where(sql`${table.type} = 'SCHEDULED' and ${table.active} and ${table.delta_days} is not null`),
    index('message_templates_merchant_list_idx').on(table.merchant_id, table.name, table.id),
    check('message_templates_system_active', sql`${table.type} in ('SCHEDULED', 'UNSCHEDULED') or ${table.active}`),
  ],
);
