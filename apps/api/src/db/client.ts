import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SqlRow = Record<string, unknown>;

/** What the rest of the app needs from a database, whichever driver is underneath. */
export type Database = {
  driver: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL for infrastructure (job queue, health). Application code uses `db`. */
  query(text: string, values?: unknown[]): Promise<SqlRow[]>;
  /** Runs the callback for every NOTIFY on the channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  if ('pglite' in target) return wrapPglite(target.pglite);
  mkdirSync(target.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(target.dataDir));
}

function wrapPglite(client: PGlite): Database {
  return {
    driver: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    async query(text, values) {
      if (values && values.length > 0) return (await client.query<SqlRow>(text, values)).rows;
      // Without parameters, exec allows several statements (pg-boss sends such batches).
      const results = await client.exec(text);
      return results.at(-1)?.rows ?? [];
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const listeners: pg.Client[] = [];
  return {
    driver: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    async query(text, values) {
      // Without parameters pg uses the simple protocol, which allows several statements.
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as SqlRow[];
    },
    async listen(channel, onPayload) {
      // LISTEN needs one dedicated connection; pooled connections come and go.
      const client = new pg.Client({ connectionString: url });
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
      await pool.end();
    },
  };
}
