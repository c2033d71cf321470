import type { DeviceProvider, IntegrationProvider } from '@paydesk/domain/integrations/integrations.contract';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totalColumn, toListPage } from '../../db/list-query';
import { accountCustomers } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import { failedActions, integrationConnections, oauthStates } from '../../db/schema/integrations';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type ConnectionWithActor = ConnectionRow & { connected_by_name: string | null };
export type FailedActionRow = typeof failedActions.$inferSelect & {
  resolved_by_name: string | null;
  customer_id: string | null;
};
export type OauthStateRow = typeof oauthStates.$inferSelect;

/** The joined user's full name (who connected, who resolved). */
const userName = sql<string | null>`nullif(trim(${users.first_name} || ' ' || ${users.last_name}), '')`;

export async function findConnections(db: Db, merchantId: string): Promise<ConnectionWithActor[]> {
  const rows = await db
    .select({ connection: integrationConnections, connected_by_name: userName })
    .from(integrationConnections)
    .leftJoin(users, eq(users.id, integrationConnections.connected_by))
    .where(eq(integrationConnections.merchant_id, merchantId));
  return rows.map(({ connection, connected_by_name }) => ({ ...connection, connected_by_name }));
}

export async function findConnection(
  db: Db,
  merchantId: string,
  provider: IntegrationProvider,
  options: { lock?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.merchant_id, merchantId), eq(integrationConnections.provider, provider)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findConnectionWithActor(
  db: Db,
  merchantId: string,
  provider: IntegrationProvider,
): Promise<ConnectionWithActor | undefined> {
  return (await findConnections(db, merchantId)).find((row) => row.provider === provider);
}

type ConnectionValues = Omit<typeof integrationConnections.$inferInsert, 'id' | 'created' | 'merchant_id' | 'provider'>;

/** One connection per merchant and provider: inserts it or changes the one there (safe under parallel requests). */
export async function upsertConnection(
  db: Db,
  merchantId: string,
  provider: IntegrationProvider,
  values: ConnectionValues,
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(integrationConnections)
    .values({ merchant_id: merchantId, provider, ...values })
    .onConflictDoUpdate({ target: [integrationConnections.merchant_id, integrationConnections.provider], set: values })
    .returning();
  if (!row) throw new Error('connection not saved');
  return row;
}

export async function updateConnection(db: Db, id: string, values: Partial<ConnectionValues>): Promise<ConnectionRow> {
  const [row] = await db
    .update(integrationConnections)
    .set(values)
    .where(eq(integrationConnections.id, id))
    .returning();
  if (!row) throw new Error('connection not updated');
  return row;
}

/**
 * Marks the connection refused by the provider (status `error`, the reason, no credentials), unless its credentials
 * changed since `sealed` was read (an admin connected again meanwhile). Whether it was marked.
 */
export async function markConnectionRefused(db: Db, id: string, sealed: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(integrationConnections)
    .set({ status: 'error', last_error: reason, credentials_sealed: null })
    .where(and(eq(integrationConnections.id, id), eq(integrationConnections.credentials_sealed, sealed)))
    .returning({ id: integrationConnections.id });
  return rows.length > 0;
}

export async function insertOauthState(db: Db, values: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/** A state by its hash, without using it up. */
export async function findOauthState(db: Db, tokenHash: string): Promise<OauthStateRow | undefined> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.token_hash, tokenHash));
  return row;
}

/** Uses a state up: deletes it when it is the user's, and gives it back (expired or not: the caller checks). */
export async function takeOauthState(db: Db, tokenHash: string, userId: string): Promise<OauthStateRow | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.token_hash, tokenHash), eq(oauthStates.user_id, userId)))
    .returning();
  return row;
}

export async function deleteExpiredOauthStates(db: Db, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expires_at, now));
}

/** Failed actions with who resolved them and the account's primary customer. */
function selectFailedActions(db: Db) {
  return db
    .select({ row: failedActions, resolved_by_name: userName, customer_id: accountCustomers.customer_id })
    .from(failedActions)
    .leftJoin(users, eq(users.id, failedActions.resolved_by))
    .leftJoin(
      accountCustomers,
      and(eq(accountCustomers.account_id, failedActions.account_id), eq(accountCustomers.role, 'primary')),
    );
}

const toFailedActionRow = (selected: {
  row: typeof failedActions.$inferSelect;
  resolved_by_name: string | null;
  customer_id: string | null;
}): FailedActionRow => ({
  ...selected.row,
  resolved_by_name: selected.resolved_by_name,
  customer_id: selected.customer_id,
});

export async function insertFailedAction(db: Db, values: typeof failedActions.$inferInsert): Promise<FailedActionRow> {
  const [inserted] = await db.insert(failedActions).values(values).returning({ id: failedActions.id });
  const row = inserted && (await findFailedAction(db, values.merchant_id, inserted.id));
  if (!row) throw new Error('failed action not recorded');
  return row;
}

export async function findFailedAction(db: Db, merchantId: string, id: string): Promise<FailedActionRow | undefined> {
  const [selected] = await selectFailedActions(db).where(
    and(eq(failedActions.merchant_id, merchantId), eq(failedActions.id, id)),
  );
  return selected && toFailedActionRow(selected);
}

/** Marks an open failed action resolved; false when it was not open any more (someone resolved it first). */
export async function markFailedActionResolved(
  db: Db,
  id: string,
  resolution: { resolved_by: string; resolved_at: Date },
): Promise<boolean> {
  const rows = await db
    .update(failedActions)
    .set({ status: 'resolved', ...resolution })
    .where(and(eq(failedActions.id, id), eq(failedActions.status, 'open')))
    .returning({ id: failedActions.id });
  return rows.length > 0;
}

/** What the provider said to a retry that failed again, kept on the still open action. */
export async function recordFailedRetry(
  db: Db,
  id: string,
  outcome: { error_message: string; is_resolvable: boolean },
): Promise<void> {
  await db
    .update(failedActions)
    .set(outcome)
    .where(and(eq(failedActions.id, id), eq(failedActions.status, 'open')));
}

export async function findFailedActions(
  db: Db,
  merchantId: string,
  options: { providers: readonly DeviceProvider[]; limit: number; offset: number; createdAfter?: Date },
) {
  const where = and(
    eq(failedActions.merchant_id, merchantId),
    inArray(failedActions.provider, [...options.providers]),
    options.createdAfter ? gt(failedActions.created, options.createdAfter) : undefined,
  );
  const rows = await db
    .select({
      row: failedActions,
      resolved_by_name: userName,
      customer_id: accountCustomers.customer_id,
      total: totalColumn(),
    })
    .from(failedActions)
    .leftJoin(users, eq(users.id, failedActions.resolved_by))
    .leftJoin(
      accountCustomers,
      and(eq(accountCustomers.account_id, failedActions.account_id), eq(accountCustomers.role, 'primary')),
    )
    .where(where)
    .orderBy(desc(failedActions.created), desc(failedActions.id))
    .limit(options.limit)
    .offset(options.offset);
  const page = await toListPage(rows, options.offset, async () => {
    const [total] = await db.select({ count: count() }).from(failedActions).where(where);
    return total?.count ?? 0;
  });
  return { count: page.count, rows: page.rows.map(toFailedActionRow) };
}
