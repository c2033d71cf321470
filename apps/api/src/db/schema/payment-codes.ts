import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './identity';

/**
 * The pool of payment codes (docs/decisions/0012-payment-codes.md): free while assigned_at is null. A code
 * belongs to at most one merchant and a merchant has at most one code; a code once given is never given again (its
 * merchant deleted, merchant_id turns null but assigned_at stays: slips with it may still be out there).
 */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: id(),
    code: text().notNull(),
    merchant_id: uuid().references(() => merchants.id, { onDelete: 'set null' }),
    assigned_at: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_codes_code_idx').on(table.code),
    uniqueIndex('payment_codes_merchant_idx').on(table.merchant_id),
    index('payment_codes_available_idx')
      .on(table.code)
      .where(sql`${table.assigned_at} is null`),
  ],
);
