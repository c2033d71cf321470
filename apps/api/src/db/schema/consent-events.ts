import { CONSENT_CHANNELS, CONSENT_METHODS } from '@paydesk/domain/customers/customers.contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { customerImports } from './customer-imports';
import { customers } from './customers';
import { merchants, users } from './identity';

// In its own file because it references both customers and their imports (which reference customers).
/** Every change to a customer's text or email opt-in: who, how, the exact words affirmed, when. Append-only. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: id(),
    merchant_id: uuid()
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customer_id: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text({ enum: CONSENT_CHANNELS }).notNull(),
    opted_in: boolean().notNull(),
    /** The user who made the change (for an import, the importing user); null for the system. */
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    method: text({ enum: CONSENT_METHODS }).notNull(),
    affirmation: text().notNull().default(''),
    /** The import that made the change (method `import`). */
    import_id: uuid().references(() => customerImports.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (table) => [index('consent_events_customer_idx').on(table.customer_id, sql`${table.created} desc`, table.id)],
);
