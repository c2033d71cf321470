import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { adminQuery, createTemplateDatabase } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    testServerUrl: string;
    templateDatabaseName: string;
  }
}

/**
 * One PostgreSQL server per run (TEST_DATABASE_URL, or an embedded one in a temporary folder) and one migrated
 * template database, built here once before any test file starts; each file then copies it (helpers.ts).
 */
export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<void> | void> = [];
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startEmbeddedPostgres(join(dir, 'postgres'), { ephemeral: true, maxConnections: 300 });
    cleanups.push(() => server.stop());
    serverUrl = server.url;
  }
  const name = `paydesk_template_${process.pid}`;
  const url = serverUrl;
  await createTemplateDatabase(url, name);
  cleanups.push(() => adminQuery(url, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
  project.provide('testServerUrl', url);
  project.provide('templateDatabaseName', name);
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
