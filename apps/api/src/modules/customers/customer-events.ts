import { insertJsonRecords } from '../../db/json-insert';
import { customerEvents } from '../../db/schema/customers';
import type { ServiceContext } from '../../lib/service-context';

export type CustomerEventInput = {
  merchantId: string;
  customerId: string;
  accountId?: string | null;
  /** `customer.updated`, `account.updated`, … (CUSTOMER_EVENT_KINDS); other features add theirs (`payment.*`). */
  kind: string;
  /** The user who made the change (for an import, the importing user); null for the system. */
  actorId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const BOOKKEEPING_FIELDS = new Set(['id', 'merchant_id', 'created', 'updated', 'search_text', 'phone_digits']);

function describable(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (BOOKKEEPING_FIELDS.has(key) || key.startsWith('primary_') || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** The fields whose values differ, before and after. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) was[key] = before[key];
    if (key in after) now[key] = after[key];
  }
  return [was, now];
}

/** The row `recordCustomerEvent` inserts for an event, or null for a change that changed nothing. */
function eventRow(ctx: ServiceContext, event: CustomerEventInput): typeof customerEvents.$inferInsert | null {
  let before = event.before ? describable(event.before) : null;
  let after = event.after ? describable(event.after) : null;
  if (before && after) {
    [before, after] = changedFields(before, after);
    if (Object.keys(before).length === 0 && Object.keys(after).length === 0) return null;
  }
  return {
    merchant_id: event.merchantId,
    customer_id: event.customerId,
    account_id: event.accountId ?? null,
    kind: event.kind,
    actor_id: event.actorId,
    before,
    after,
    created: ctx.clock(),
  };
}

/**
 * Appends to a customer's history, in the transaction of the change. With both `before` and `after` only the
 * changed fields are kept, and a change that changed nothing records nothing. Other features (payments, messages)
 * call this with their own kinds.
 */
export async function recordCustomerEvent(ctx: ServiceContext, event: CustomerEventInput): Promise<void> {
  const row = eventRow(ctx, event);
  if (row) await ctx.db.insert(customerEvents).values(row);
}

const EVENT_COLUMNS = {
  merchant_id: 'uuid',
  customer_id: 'uuid',
  account_id: 'uuid',
  kind: 'text',
  actor_id: 'uuid',
  before: 'jsonb',
  after: 'jsonb',
  created: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof customerEvents.$inferInsert, string>>;

/** `recordCustomerEvent` for many events, in one statement. */
export async function recordCustomerEvents(ctx: ServiceContext, events: CustomerEventInput[]): Promise<void> {
  const rows = events.map((event) => eventRow(ctx, event)).filter((row) => row !== null);
  await insertJsonRecords(ctx.db, 'customer_events', EVENT_COLUMNS, rows);
}
