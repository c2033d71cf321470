import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDemoDataIfEmpty } from './seed';

// `npm run seed`: migrates and seeds the configured database when it is empty.
const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const seeded = await seedDemoDataIfEmpty(database.db);
  console.log(seeded ? 'Demo data seeded.' : 'The database already has data; nothing seeded.');
} finally {
  await database.close();
}
