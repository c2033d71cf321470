import { join } from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';

/**
 * The database the configuration names: `DATABASE_URL`, or the embedded PostgreSQL server with its cluster in
 * `DATA_DIR/postgres`, started here and stopped by `close()` once the pool is closed.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: { onUnexpectedExit?: (details: string) => void } = {},
): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL });
  const server = await startEmbeddedPostgres(join(config.DATA_DIR, 'postgres'), options);
  try {
    const database = await openDatabase({ url: server.url });
    return {
      ...database,
      async close() {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
