import { sql } from 'drizzle-orm';
import { createFieldCipher } from '../lib/field-encryption';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { seedIdentity } from './demo/identity';
import { DEMO_SEEDERS } from './demo/seeders';
import { organizations } from './schema/identity';

export const DEMO_PASSWORD = 'Paydesk!2026';

export type DemoSeedOptions = {
  /** Seals the demo's secrets (owners' SSNs, integration credentials) as the app will read them. */
  encryptionKey: string | undefined;
  clock?: () => Date;
};

/** Seeds the demo organisations, users and their merchants' data when the database has no organisation yet. */
export async function seedDemoDataIfEmpty(db: Db, options: DemoSeedOptions): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  if ((row?.count ?? 0) > 0) return false;
  await seedDemoData(db, options);
  return true;
}

async function seedDemoData(db: Db, options: DemoSeedOptions): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tools = { cipher: createFieldCipher(options.encryptionKey), clock: options.clock ?? (() => new Date()) };
  await db.transaction(async (tx) => {
    const demo = await seedIdentity(tx, passwordHash);
    for (const seed of DEMO_SEEDERS) await seed(tx, demo, tools);
  });
}
