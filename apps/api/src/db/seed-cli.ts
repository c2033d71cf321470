import { loadConfig } from '../config';
import { resolveEncryptionKey } from '../lib/secrets';
import { migrateDatabase } from './migrate';
import { openConfiguredDatabase } from './open-configured-database';
import { seedDemoDataIfEmpty } from './seed';

// `npm run seed`: migrates and seeds the configured database when it is empty.
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await migrateDatabase(database);
  const seeded = await seedDemoDataIfEmpty(database.db, { encryptionKey: resolveEncryptionKey(config) });
  console.log(seeded ? 'Demo data seeded.' : 'The database already has data; nothing seeded.');
} finally {
  await database.close();
}
