// `GET …/customers/{cid}/?checkIntegration=true` for integrated merchants: the customer is refreshed from the
// merchant's system (FreshBooks) before it is read. The network call happens outside any transaction; what it
// brings back is applied in one transaction with a history entry per change. A failure never fails the read.

import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type IntegrationSync,
  type IntegrationSyncStatus,
} from '@paydesk/domain/customers/customers.contract';
import { normalizePhoneNumber } from '@paydesk/domain/validation/rules';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import type { FreshbooksClient } from '../../providers/freshbooks/freshbooks-provider';
import { findFreshbooksClients } from '../integrations/integrations.service';
import { recordCustomerEvent } from './customer-events';
import { getCustomerRow, type MerchantRef } from './customers.read';
import { customerIdsOfAccount, refreshCustomerSearch } from './customers.service';

export const SYNC_MESSAGES = {
  updated: 'Updated from FreshBooks.',
  unchanged: 'Up to date with FreshBooks.',
  not_found: 'FreshBooks has no client for this account; showing the details stored in Paydesk.',
  not_connected: 'FreshBooks is not connected; showing the details stored in Paydesk.',
  failed: 'FreshBooks could not be reached; showing the details stored in Paydesk.',
} as const satisfies Record<IntegrationSyncStatus, string>;

type Db = ServiceContext['db'];

async function primaryAccountsOf(db: Db, customerId: string, lock = false) {
  const query = db
    .select({ id: accounts.id, external_id: accounts.external_id, amount_due_cents: accounts.amount_due_cents })
    .from(accountCustomers)
    .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
    .where(and(eq(accountCustomers.customer_id, customerId), eq(accountCustomers.role, 'primary')))
    .orderBy(asc(accounts.created), asc(accounts.id));
  return lock ? query.for('update', { of: accounts }) : query;
}

const isEmail = (text: string) => text.length <= EMAIL_MAX_LENGTH && z.regexes.email.test(text);
const isName = (text: string) => text !== '' && text.length <= NAME_MAX_LENGTH;

/** The contact fields FreshBooks would change: only values it has and Paydesk can store (it never blanks one). */
async function contactChanges(
  db: Db,
  merchantId: string,
  customer: typeof customers.$inferSelect,
  client: FreshbooksClient,
): Promise<Partial<typeof customers.$inferInsert>> {
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (isName(client.first_name) && client.first_name !== customer.first_name) changes.first_name = client.first_name;
  if (isName(client.last_name) && client.last_name !== customer.last_name) changes.last_name = client.last_name;
  if (isEmail(client.email) && client.email !== customer.email) changes.email = client.email;
  const phone = client.phone ? normalizePhoneNumber(client.phone) : null;
  if (phone && phone !== customer.sms_phone_number) {
    // A number another customer of the merchant holds stays where it is (the unique index would refuse it).
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.merchant_id, merchantId),
          eq(customers.sms_phone_number, phone),
          isNull(customers.removed_at),
          ne(customers.id, customer.id),
        ),
      )
      .limit(1);
    if (!taken) changes.sms_phone_number = phone;
  }
  return changes;
}

/** Applies the clients found to the customer and its primary accounts; true when anything changed. */
async function applyClients(
  tx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  clients: Map<string, FreshbooksClient | null>,
): Promise<boolean> {
  const [customer] = await tx.db.select().from(customers).where(eq(customers.id, customerId)).for('update');
  if (!customer || customer.removed_at) return false;
  const touched = new Set<string>();
  let contactFrom: FreshbooksClient | undefined;
  for (const account of await primaryAccountsOf(tx.db, customerId, true)) {
    const client = clients.get(account.external_id);
    if (!client) continue;
    contactFrom ??= client;
    const owed = Math.max(0, client.outstanding_cents);
    if (owed === account.amount_due_cents) continue;
    await tx.db
      .update(accounts)
      .set({ amount_due_cents: owed, updated: tx.clock() })
      .where(eq(accounts.id, account.id));
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId,
      accountId: account.id,
      kind: 'integration.synced',
      actorId: null,
      before: { amount_due_cents: account.amount_due_cents },
      after: { amount_due_cents: owed },
    });
    for (const id of await customerIdsOfAccount(tx.db, account.id)) touched.add(id);
  }
  if (contactFrom) {
    const changes = await contactChanges(tx.db, merchant.id, customer, contactFrom);
    const fields = Object.keys(changes) as (keyof typeof changes)[];
    if (fields.length > 0) {
      await tx.db
        .update(customers)
        .set({ ...changes, updated: tx.clock() })
        .where(eq(customers.id, customerId));
      await recordCustomerEvent(tx, {
        merchantId: merchant.id,
        customerId,
        kind: 'integration.synced',
        actorId: null,
        before: Object.fromEntries(fields.map((field) => [field, customer[field]])),
        after: changes,
      });
      touched.add(customerId);
    }
  }
  await refreshCustomerSearch(tx.db, [...touched]);
  return touched.size > 0;
}

/**
 * Refreshes an integrated merchant's customer from FreshBooks and says how that went; undefined for merchants that
 * are not integrated and for removed customers (nothing is checked). A customer of another merchant is a 404.
 */
export async function syncCustomerFromIntegration(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
): Promise<IntegrationSync | undefined> {
  if (!merchant.is_integrated) return undefined;
  const customer = await getCustomerRow(ctx.db, merchant.id, customerId, { includeRemoved: true });
  if (customer.removed_at) return undefined;
  const checkedAt = ctx.clock().toISOString();
  const answer = (status: IntegrationSyncStatus): IntegrationSync => ({
    status,
    checked_at: checkedAt,
    message: SYNC_MESSAGES[status],
  });
  const externalIds = (await primaryAccountsOf(ctx.db, customer.id)).map((account) => account.external_id);
  if (externalIds.length === 0) return answer('not_found');
  let lookup: Awaited<ReturnType<typeof findFreshbooksClients>>;
  try {
    lookup = await findFreshbooksClients(ctx, merchant.id, externalIds);
  } catch (error) {
    ctx.log.warn({ err: error, merchantId: merchant.id, customerId }, 'FreshBooks customer sync failed');
    return answer('failed');
  }
  if (!lookup.connected) return answer('not_connected');
  if (![...lookup.clients.values()].some(Boolean)) return answer('not_found');
  const clients = lookup.clients;
  const changed = await withTransaction(ctx, (tx) => applyClients(tx, merchant, customer.id, clients));
  return answer(changed ? 'updated' : 'unchanged');
}
