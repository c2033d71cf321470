import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { adminQuery, createPgliteTemplate, prepareTemplate, withDatabaseName } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplateName: string;
  }
}

/** Builds one migrated template per run; each test file then gets its own copy of it. */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const name = `paydesk_template_${process.pid}`;
    await adminQuery(postgresUrl, `drop database if exists ${pg.escapeIdentifier(name)}`);
    await adminQuery(postgresUrl, `create database ${pg.escapeIdentifier(name)}`);
    const database = await openDatabase({ url: withDatabaseName(postgresUrl, name) });
    await prepareTemplate(database);
    await database.close();
    project.provide('postgresTemplateName', name);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await adminQuery(postgresUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-test-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, await createPgliteTemplate());
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplateName', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
