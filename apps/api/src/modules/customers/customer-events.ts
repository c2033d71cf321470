// A customer's history (customer_events): every change to the customer and its accounts, notes, consent, removal.
// A thin writer over the audit core (audit/audit.trail.ts), like the merchant's activity log.

import { getTableName } from 'drizzle-orm';
import { customerEvents } from '../../db/schema/customers';
import { recordInTrail, type Actor, type AuditContext, type AuditTrail, type AuditValues } from '../audit/audit.public';

export type CustomerEventInput = {
  merchantId: string;
  customerId: string;
  accountId?: string | null;
  /** `customer.updated`, `account.updated`, … (CUSTOMER_EVENT_KINDS); other features add theirs (`payment.*`). */
  kind: string;
  /** The user who made the change (for an import, the importing user); null for the system. */
  actor: Actor;
  before?: AuditValues | null;
  after?: AuditValues | null;
};

/** The customers list's copies on a customer's row (search text, phone digits, the primary account's columns). */
const isListCopy = (field: string) =>
  field === 'search_text' || field === 'phone_digits' || field.startsWith('primary_');

const customerHistory: AuditTrail<CustomerEventInput> = {
  table: getTableName(customerEvents),
  columns: {
    merchant_id: 'uuid',
    customer_id: 'uuid',
    account_id: 'uuid',
    kind: 'text',
    actor_id: 'uuid',
    before: 'jsonb',
    after: 'jsonb',
    created: 'timestamptz',
  } satisfies Record<keyof Omit<typeof customerEvents.$inferInsert, 'id'>, string>,
  rules: () => ({ bookkeeping: isListCopy, skipUnchanged: true }),
  columnsOf: (_ctx, event) => ({
    merchant_id: event.merchantId,
    customer_id: event.customerId,
    account_id: event.accountId ?? null,
    kind: event.kind,
  }),
};

/**
 * Appends to a customer's history, in the transaction of the change. With both `before` and `after` only the
 * changed fields are kept (secrets masked), and a change that changed nothing records nothing. Other features
 * (payments, messages) call this with their own kinds.
 */
export async function recordCustomerEvent(ctx: AuditContext, event: CustomerEventInput): Promise<void> {
  await recordInTrail(ctx, customerHistory, [event]);
}

/** `recordCustomerEvent` for many events, in one statement. */
export async function recordCustomerEvents(ctx: AuditContext, events: CustomerEventInput[]): Promise<void> {
  await recordInTrail(ctx, customerHistory, events);
}
