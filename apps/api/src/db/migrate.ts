import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

/**
 * Applies pending migrations. Drizzle runs them in one transaction, so a failing
 * migration leaves the database as it was.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await migrate(database.db as unknown as NodePgDatabase, { migrationsFolder });
}
