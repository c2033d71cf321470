import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { adminQuery, withDatabaseName } from './template-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** A fresh database for one test file: a copy of the migrated template on the run's server, dropped on close. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('testServerUrl');
  const name = `paydesk_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(
    serverUrl,
    `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(inject('templateDatabaseName'))}`,
  );
  const database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...overrides,
  });
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** Builds the whole app on a fresh database, ready for `app.inject`. */
export async function buildTestApp(
  options: Partial<Omit<AppOptions, 'database'>> & {
    beforeReady?: (app: FastifyInstance) => Promise<void> | void;
  } = {},
): Promise<TestApp> {
  const { beforeReady, ...appOptions } = options;
  const database = await createTestDatabase();
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config: testConfig(),
      logger: false,
      webDistDir: '/nonexistent',
      runJobWorkers: false,
      ...appOptions,
      database,
    });
    await beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
