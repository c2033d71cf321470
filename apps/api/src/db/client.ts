import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SqlRow = Record<string, unknown>;

/** Raw SQL rows (the app's `Db` type leaves execute's result untyped). */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The pg pool (or a transaction's client) under a drizzle handle: drizzle's `$client`, for a query pg runs itself. */
export function pgClientOf(db: Db): pg.Pool | pg.PoolClient {
  return (db as unknown as { $client: pg.Pool | pg.PoolClient }).$client;
}

/** What the rest of the app needs from the database: drizzle, raw SQL for infrastructure, LISTEN. */
export type Database = {
  /** The connection URL, for infrastructure that opens its own connections (the job queue). */
  url: string;
  db: Db;
  /**
   * A few connections whose sessions plan each prepared statement once, for every value (`plan_cache_mode =
   * force_generic_plan`): PostgreSQL otherwise plans such a statement again on every execution whenever it cannot
   * estimate its generic plan as cheap (a `LIMIT $n` always counts as 10% of the rows), which costs more than running
   * it for the customers page. Only for prepared statements that have one right plan whatever their values
   * (decision 0016); everything else uses `db`.
   */
  fixedPlanDb: Db;
  /** Raw parameterised SQL for infrastructure (health). Application code uses `db`. */
  query(text: string, values?: unknown[]): Promise<SqlRow[]>;
  /**
   * Runs `fn` in a transaction on one pooled connection: committed when it resolves, rolled back when it throws.
   * Application code uses `withTransaction` (lib/service-context.ts), which adds retries and the job and event
   * senders bound to the transaction.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: { isolation?: IsolationLevel }): Promise<T>;
  /** Runs the callback for every NOTIFY on the channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** Runs parameterised SQL on one connection (what pg-boss calls `executeSql`). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: SqlRow[] }>;

/** An open transaction: drizzle and raw SQL on the same connection. */
export type Transaction = { db: Db; execute: SqlExecutor };

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

export type DatabaseTarget = { url: string };

/** Opens a pool on a PostgreSQL server: the embedded one (see embedded-postgres.ts) or `DATABASE_URL`. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const { url } = target;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const fixedPlanPool = new pg.Pool({
    connectionString: url,
    max: 4,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  fixedPlanPool.on('error', () => {});
  const listeners: pg.Client[] = [];
  // drizzle() walks the whole schema each time it is called (its relational config): one per pooled connection, not
  // one per transaction, which a job taking thousands of payments otherwise pays for on each.
  const transactionDbs = new WeakMap<pg.PoolClient, Db>();
  const transactionDbOf = (client: pg.PoolClient): Db => {
    let db = transactionDbs.get(client);
    if (!db) {
      db = drizzle(client, { schema }) as unknown as Db;
      transactionDbs.set(client, db);
    }
    return db;
  };
  return {
    url,
    db: drizzle(pool, { schema }) as unknown as Db,
    fixedPlanDb: drizzle(fixedPlanPool, { schema }) as unknown as Db,
    async query(text, values) {
      // Without parameters pg uses the simple protocol, which allows several statements.
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as SqlRow[];
    },
    async transaction(fn, options) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(options?.isolation ? `begin isolation level ${options.isolation}` : 'begin');
        const tx: Transaction = {
          db: transactionDbOf(client),
          execute: (text, values) => client.query(text, values) as Promise<{ rows: SqlRow[] }>,
        };
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped rather than returned to the pool.
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      // LISTEN needs one dedicated connection; pooled connections come and go.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      listeners.push(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((client) => client.end()));
      await Promise.all([pool.end(), fixedPlanPool.end()]);
    },
  };
}
