import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

/**
 * Applies pending migrations. Drizzle runs them in one transaction, so a failing
 * migration leaves the database as it was.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
