import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createBoss } from '../src/plugins/jobs';

/**
 * Creates the database `name` on the server and migrates it, with the job queue's schema installed, so that
 * databases copied from it (`CREATE DATABASE … TEMPLATE`) start ready.
 */
export async function createTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await adminQuery(serverUrl, `create database ${pg.escapeIdentifier(name)}`);
  const database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
  try {
    await migrateDatabase(database);
    const boss = createBoss(database, { supervise: false, schedule: false });
    await boss.start();
    await boss.stop({ graceful: false, wait: true });
  } finally {
    await database.close();
  }
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
