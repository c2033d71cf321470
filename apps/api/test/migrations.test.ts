import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { createTestDatabase } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the real migrations plus one more whose second statement fails. */
function migrationsWithBrokenStep(): string {
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const tag = '9999_broken';
  journal.entries.push({ idx: journal.entries.length, version: '7', when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(dir, `${tag}.sql`),
    'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nSELECT no_such_function();',
  );
  return dir;
}

describe('migrations', () => {
  it('are idempotent on an up-to-date database', async () => {
    const database = await createTestDatabase();
    await migrateDatabase(database);
    await migrateDatabase(database);
    const rows = await database.query("select to_regclass('public.users') as users");
    expect(rows[0]?.users).toBe('users');
    await database.close();
  });

  it('give the merchant search a trigram index that serves ILIKE %search%', async () => {
    const database = await createTestDatabase();
    await database.query(`insert into organizations (name) values ('Trigram Group')`);
    await database.query(
      `insert into merchants (organization_id, name)
       select (select id from organizations where name = 'Trigram Group'), 'Merchant ' || md5(i::text)
       from generate_series(1, 2000) as i`,
    );
    // On a table this small a scan of the whole table or of the name index is cheaper, so both are ruled out (this
    // database is a throwaway copy): this checks the index and its operator class serve ILIKE on this server; that
    // the planner prefers it on a large table is recorded in 0003_trigram_search.sql's comment.
    const [plan] = await database.query(
      `drop index merchants_name_id_idx; analyze merchants; set enable_seqscan = off;
       explain (format json) select id from merchants where name ilike '%zebra%'`,
    );
    const text = JSON.stringify(plan);
    expect(text).toContain('"Index Name":"merchants_name_trgm_idx"');
    expect(text).toContain(`"Index Cond":"(name ~~* '%zebra%'::text)"`);
    await database.close();
  });

  it('leave the database as it was when one fails', async () => {
    const database = await createTestDatabase();
    await expect(migrateDatabase(database, migrationsWithBrokenStep())).rejects.toThrow();
    const rows = await database.query("select to_regclass('public.half_done') as table");
    expect(rows[0]?.table).toBeNull();
    await database.close();
  });
});
