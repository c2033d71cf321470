import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const at = () => timestamp({ withTimezone: true });

/**
 * The embedded sandbox processor's own state (providers/gateway/sandbox-gateway.ts), apart from Paydesk's tables as a
 * real processor's would be. It keeps what a processor shows of a card or account (brand, funding, BIN, last 4,
 * expiry, the routing number) and the behaviour its test number stands for, never a full card number, a CVC or a
 * full bank account number.
 */
const methodColumns = () => ({
  kind: text({ enum: ['card', 'bank'] }).notNull(),
  brand: text(),
  funding: text(),
  bin: text(),
  last4: text().notNull(),
  exp_month: smallint(),
  exp_year: smallint(),
  routing_number: text(),
  account_holder: text(),
  /** What the test number makes the sandbox answer: `approve`, a decline code, `settle`, an R code, `stay_pending`. */
  behaviour: text().notNull(),
});

/** Single-use tokens from the sandbox tokeniser, spent by `saveMethod`. */
export const sandboxGatewayTokens = pgTable('sandbox_gateway_tokens', {
  token: text().primaryKey(),
  ...methodColumns(),
  expires_at: at().notNull(),
  used_at: at(),
  created: createdAt(),
});

/** Reusable methods (`spm_…`) made from tokens. */
export const sandboxGatewayMethods = pgTable('sandbox_gateway_methods', {
  reference: text().primaryKey(),
  ...methodColumns(),
  created: createdAt(),
});

/**
 * Every call that moves money or saves a method, keyed by its idempotency key: the request it was (`request`, to
 * refuse the key reused for another request), the first answer (`outcome`, answered again on a replay) and, for
 * charges and reversals, where they stand now.
 */
export const sandboxGatewayOperations = pgTable(
  'sandbox_gateway_operations',
  {
    idempotency_key: text().primaryKey(),
    kind: text({ enum: ['save', 'charge', 'refund', 'void'] }).notNull(),
    /** The request's canonical JSON. */
    request: text().notNull(),
    outcome: jsonb().notNull(),
    /** The processor's id: `ch_…` for a charge, `re_…` for a refund, `vd_…` for a void (null for a save). */
    reference: text().unique(),
    /** Refunds and voids: the charge they reverse. */
    charge_reference: text(),
    method_reference: text(),
    method_kind: text({ enum: ['card', 'bank'] }),
    amount_cents: integer().notNull().default(0),
    /** Charges: the total refunded so far (never above `amount_cents`). */
    refunded_cents: integer().notNull().default(0),
    state: text({ enum: ['saved', 'approved', 'pending', 'settled', 'returned', 'voided', 'declined'] }).notNull(),
    /** When a pending ACH debit or credit settles or returns, or an approved card sale settles (null: stays pending). */
    settle_on: date({ mode: 'string' }),
    /** What a pending ACH debit turns into on `settle_on`: `settled`, or its R code. */
    settle_as: text(),
    settled_at: at(),
    returned_at: at(),
    return_code: text(),
    return_reason: text(),
    created: createdAt(),
  },
  (table) => [
    index('sandbox_gateway_operations_due_idx')
      .on(table.settle_on)
      .where(sql`${table.state} in ('approved', 'pending')`),
    check(
      'sandbox_gateway_operations_refunded_check',
      sql`${table.refunded_cents} between 0 and ${table.amount_cents}`,
    ),
  ],
);
