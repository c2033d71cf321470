// Opt-ins to texts and emails: every write that turns a channel on or off records the change in the consent ledger
// (consent_events) and the customer's history, through `optInRecords` and `writeOptIns`.

import type { ConsentChannel, ConsentMethod } from '@paydesk/domain/customers/customers.contract';
import { optInContactsMissing } from '@paydesk/domain/customers/customer-imports.contract';
import { insertJsonRecords } from '../../db/json-insert';
import type { consentEvents } from '../../db/schema/consent-events';
import { FieldErrors } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import type { Actor } from '../audit/audit.public';
import { recordCustomerEvents, type CustomerEventInput } from './customer-events';

/** The customers column of each channel's opt-in. */
export const CHANNEL_COLUMN = { sms: 'text_opt_in', email: 'email_opt_in' } as const;

const CONSENT_COLUMNS = {
  merchant_id: 'uuid',
  customer_id: 'uuid',
  channel: 'text',
  opted_in: 'boolean',
  actor_id: 'uuid',
  method: 'text',
  affirmation: 'text',
  import_id: 'uuid',
  created: 'timestamptz',
} as const satisfies Partial<Record<keyof typeof consentEvents.$inferInsert, string>>;

/** A new customer's opt-ins before its create: none. */
export const NOT_OPTED_IN = { text_opt_in: false, email_opt_in: false } as const;

/** What a batch of opt-in changes writes: consent ledger rows and history entries. */
export type OptInRecords = { ledger: Array<typeof consentEvents.$inferInsert>; events: CustomerEventInput[] };

/**
 * The consent ledger rows and history entries of a customer's opt-in changes: one per channel whose wanted value
 * is given and differs from the customer's (`before`; a new customer is opted out of both). With `before` null
 * every given channel is recorded (a staff change records what it affirmed even when nothing changes).
 */
export function optInRecords(
  customer: { id: string; merchant_id: string },
  before: { text_opt_in: boolean; email_opt_in: boolean } | null,
  wanted: Partial<Record<ConsentChannel, boolean>>,
  how: {
    method: ConsentMethod;
    actor: Actor;
    /** The words recorded for turning `channel` on or off. */
    words: (channel: ConsentChannel, optedIn: boolean) => string;
    importId?: string | null;
    now: Date;
  },
): OptInRecords {
  const records: OptInRecords = { ledger: [], events: [] };
  for (const channel of ['sms', 'email'] as const) {
    const optedIn = wanted[channel];
    if (optedIn === undefined || (before !== null && before[CHANNEL_COLUMN[channel]] === optedIn)) continue;
    records.ledger.push({
      merchant_id: customer.merchant_id,
      customer_id: customer.id,
      channel,
      opted_in: optedIn,
      actor_id: how.actor?.id ?? null,
      method: how.method,
      affirmation: how.words(channel, optedIn),
      import_id: how.importId ?? null,
      created: how.now,
    });
    records.events.push({
      merchantId: customer.merchant_id,
      customerId: customer.id,
      actor: how.actor,
      kind: 'consent.changed',
      before: null,
      after: { channel, opted_in: optedIn, method: how.method },
    });
  }
  return records;
}

/** Writes opt-in records (one customer's or a batch's), in the transaction of the change. */
export async function writeOptIns(tx: ServiceContext, records: OptInRecords): Promise<void> {
  await insertJsonRecords(tx.db, 'consent_events', CONSENT_COLUMNS, records.ledger);
  await recordCustomerEvents(tx, records.events);
}

/** A customer as it will be: an opt-in without its contact (phone, email) is a field error. */
export function refuseOptInsWithoutContacts(customer: Parameters<typeof optInContactsMissing>[0]): void {
  const missing = Object.entries(optInContactsMissing(customer));
  if (missing.length > 0)
    throw new FieldErrors(Object.fromEntries(missing.map(([field, message]) => [field, [message]])));
}
