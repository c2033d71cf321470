import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createBoss } from '../src/plugins/jobs';

/** Migrates a database and installs the job queue's schema, so test databases copied from it start ready. */
export async function prepareTemplate(database: Database): Promise<void> {
  await migrateDatabase(database);
  const boss = createBoss(database, { supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

export async function createPgliteTemplate(): Promise<Uint8Array> {
  const client = await PGlite.create();
  await prepareTemplate(await openDatabase({ pglite: client }));
  const dump = await client.dumpDataDir('none');
  await client.close();
  return new Uint8Array(await dump.arrayBuffer());
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
