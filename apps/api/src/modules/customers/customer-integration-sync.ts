// `GET …/customers/{cid}/?checkIntegration=true` for integrated merchants: the customer is refreshed from the
// merchant's system (FreshBooks) before it is read. The network call happens outside any transaction; what it
// brings back is applied in one transaction with a history entry per change. A failure never fails the read.
// FreshBooks allows about 100 requests a minute per account, so the calls are bounded: a customer checked in the
// last few minutes is not checked again, one request at a time checks a customer (the others wait for its answer),
// and each merchant has a request budget shared by every process.

import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type IntegrationSync,
  type IntegrationSyncStatus,
} from '@paydesk/domain/customers/customers.contract';
import { normalizePhoneNumber } from '@paydesk/domain/validation/rules';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { accountCustomers, accounts, customerIntegrationChecks, customers } from '../../db/schema/customers';
import { withTransaction, type ProviderContext, type ServiceContext } from '../../lib/service-context';
import {
  FreshbooksAuthorizationError,
  FreshbooksRateLimitError,
  type FreshbooksClient,
} from '../../providers/freshbooks/freshbooks-provider';
import { exclusively, takeRequestBudget, type RequestBudget } from '../integrations/integrations.public';
import { findFreshbooksClients, freshbooksConnected } from '../integrations/integrations.public';
import { postLedgerEntries } from '../ledger/ledger.public';
import { recordCustomerEvent } from './customer-events';
import { invalidateCustomerCounts } from './list/customers-list';
import { getCustomerRow, type MerchantRef } from './customers.read';
import { customerIdsOfAccount } from './customer-checks';
import { refreshCustomerSearch } from './list/refresh-customer-search';

export const SYNC_MESSAGES = {
  updated: 'Updated from FreshBooks.',
  unchanged: 'Up to date with FreshBooks.',
  not_found: 'FreshBooks has no client for this account; showing the details stored in Paydesk.',
  not_connected: 'FreshBooks is not connected; showing the details stored in Paydesk.',
  failed: 'FreshBooks could not be reached; showing the details stored in Paydesk.',
  recent: 'Checked with FreshBooks a few minutes ago; showing the details stored in Paydesk since.',
  rate_limited:
    'FreshBooks is receiving too many requests from this business right now; showing the details stored in Paydesk. Open the customer again in a minute to check.',
} as const satisfies Record<IntegrationSyncStatus, string>;

type Db = ServiceContext['db'];

/** A customer checked this recently is not checked again: its stored details are what FreshBooks said then. */
export const CHECK_FRESH_MS = 5 * 60 * 1000;
/**
 * FreshBooks allows 100 requests a minute per account; Paydesk spends at most 80 a minute plus a burst of 20 on
 * customer checks, so any 60 seconds see at most 100 (the rare token renewal and account lookup fit the margin
 * left by opens that make no call).
 */
export const FRESHBOOKS_BUDGET: RequestBudget = { burst: 20, perMinute: 80 };
/** How long one check may hold a customer before another request may try (its process died). */
const CHECK_LEASE_MS = 60_000;

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
    await postLedgerEntries(tx, merchant.id, null, [
      {
        accountId: account.id,
        kind: 'adjustment',
        amountCents: owed - account.amount_due_cents,
        reason: 'FreshBooks sync',
      },
    ]);
    await recordCustomerEvent(tx, {
      merchantId: merchant.id,
      customerId,
      accountId: account.id,
      kind: 'integration.synced',
      actor: null,
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
        actor: null,
        before: Object.fromEntries(fields.map((field) => [field, customer[field]])),
        after: changes,
      });
      touched.add(customerId);
    }
  }
  await refreshCustomerSearch(tx.db, [...touched]);
  if (touched.size > 0) {
    await withTransaction(tx, async (inner) => {
      inner.afterCommit(() => invalidateCustomerCounts(merchant.id));
    });
  }
  return touched.size > 0;
}

type CheckState = typeof customerIntegrationChecks.$inferSelect;

async function checkStateOf(db: Db, customerId: string): Promise<CheckState | undefined> {
  const [row] = await db
    .select()
    .from(customerIntegrationChecks)
    .where(eq(customerIntegrationChecks.customer_id, customerId));
  return row;
}

/** Keeps how a check went; `synced` when FreshBooks answered (the customer then counts as fresh). */
async function recordCheck(
  ctx: ServiceContext,
  merchant: MerchantRef,
  customerId: string,
  sync: IntegrationSync,
  synced: boolean,
) {
  const checkedAt = new Date(sync.checked_at);
  const values = { last_status: sync.status, last_checked_at: checkedAt, ...(synced ? { synced_at: checkedAt } : {}) };
  await ctx.db
    .insert(customerIntegrationChecks)
    .values({ customer_id: customerId, merchant_id: merchant.id, ...values })
    .onConflictDoUpdate({ target: customerIntegrationChecks.customer_id, set: values });
}

const answerOf = (status: IntegrationSyncStatus, checkedAt: Date): IntegrationSync => ({
  status,
  checked_at: checkedAt.toISOString(),
  message: SYNC_MESSAGES[status],
});

/** The answer a stored check gives: `recent` while it is fresh; undefined when the customer must be checked. */
function freshAnswer(state: CheckState | undefined, now: Date): IntegrationSync | undefined {
  if (state?.synced_at && now.getTime() - state.synced_at.getTime() < CHECK_FRESH_MS) {
    return answerOf('recent', state.synced_at);
  }
  return undefined;
}

/** Asks FreshBooks (within the merchant's budget), applies what it says and records how it went. */
async function checkNow(
  ctx: ProviderContext,
  merchant: MerchantRef,
  customerId: string,
  externalIds: string[],
): Promise<IntegrationSync> {
  const settle = async (status: IntegrationSyncStatus, synced: boolean) => {
    const sync = answerOf(status, ctx.clock());
    await recordCheck(ctx, merchant, customerId, sync, synced);
    return sync;
  };
  // A merchant whose FreshBooks is not connected (or was refused) spends no budget: nothing will be asked.
  if (!(await freshbooksConnected(ctx, merchant.id))) return settle('not_connected', false);
  // One request per client id; a customer with more accounts than the burst still gets checked, once.
  const cost = Math.min(new Set(externalIds).size, FRESHBOOKS_BUDGET.burst);
  if (!(await takeRequestBudget(ctx, merchant.id, 'freshbooks', FRESHBOOKS_BUDGET, cost))) {
    ctx.log.info({ merchantId: merchant.id, customerId }, 'FreshBooks request budget spent; check skipped');
    return settle('rate_limited', false);
  }
  let lookup: Awaited<ReturnType<typeof findFreshbooksClients>>;
  try {
    lookup = await findFreshbooksClients(ctx, merchant.id, externalIds);
  } catch (error) {
    ctx.log.warn({ err: error, merchantId: merchant.id, customerId }, 'FreshBooks customer sync failed');
    if (error instanceof FreshbooksAuthorizationError) return settle('not_connected', false);
    return settle(error instanceof FreshbooksRateLimitError ? 'rate_limited' : 'failed', false);
  }
  if (!lookup.connected) return settle('not_connected', false);
  if (![...lookup.clients.values()].some(Boolean)) return settle('not_found', true);
  const clients = lookup.clients;
  const changed = await withTransaction(ctx, (tx) => applyClients(tx, merchant, customerId, clients));
  return settle(changed ? 'updated' : 'unchanged', true);
}

/**
 * Refreshes an integrated merchant's customer from FreshBooks and says how that went; undefined for merchants that
 * are not integrated and for removed customers (nothing is checked). A customer of another merchant is a 404.
 * A customer checked in the last `CHECK_FRESH_MS` is answered `recent` without a call; parallel opens of one
 * customer make one call, the others answering what it found.
 */
export async function syncCustomerFromIntegration(
  ctx: ProviderContext,
  merchant: MerchantRef,
  customerId: string,
): Promise<IntegrationSync | undefined> {
  if (!merchant.is_integrated) return undefined;
  const customer = await getCustomerRow(ctx.db, merchant.id, customerId, { includeRemoved: true });
  if (customer.removed_at) return undefined;
  const externalIds = (await primaryAccountsOf(ctx.db, customer.id)).map((account) => account.external_id);
  if (externalIds.length === 0) return answerOf('not_found', ctx.clock());
  const openedAt = ctx.clock();
  const fresh = freshAnswer(await checkStateOf(ctx.db, customer.id), openedAt);
  if (fresh) return fresh;
  const check = await exclusively(ctx, `freshbooks.check:${customer.id}`, CHECK_LEASE_MS, async () => {
    // Another request may have finished a check between the read above and taking the lease.
    return (
      freshAnswer(await checkStateOf(ctx.db, customer.id), ctx.clock()) ??
      checkNow(ctx, merchant, customer.id, externalIds)
    );
  });
  if (check.ran) return check.value;
  // Another request checked the customer meanwhile: its answer is this one's too.
  const state = await checkStateOf(ctx.db, customer.id);
  if (state && state.last_checked_at >= openedAt) {
    return answerOf(state.last_status, state.last_checked_at);
  }
  return freshAnswer(state, ctx.clock()) ?? answerOf('failed', ctx.clock());
}
