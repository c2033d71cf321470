import type { FieldCipher } from '../../lib/field-encryption';
import type { Db } from '../client';
import { seedCustomers } from './customers';
import type { DemoIdentity } from './identity';
import { seedTags } from './tags';
import { seedLocations } from './locations';
import { seedSendingNumbers } from './messaging';
import { seedAccountDevices, seedIntegrations } from './integrations';
import { seedOwners } from './owners';
import { seedPaymentCodes } from './payment-codes';

export type DemoSeedTools = { cipher: FieldCipher; clock: () => Date };

/** Seeds one area's demo data, inside the seed's transaction, on top of the demo identity. */
export type DemoSeeder = (tx: Db, demo: DemoIdentity, tools: DemoSeedTools) => Promise<void>;

/** Each area's demo seeder, in the order their data depends on each other (locations before accounts). */
export const DEMO_SEEDERS: DemoSeeder[] = [
  seedPaymentCodes,
  seedLocations,
  seedTags,
  seedOwners,
  seedIntegrations,
  seedCustomers,
  seedAccountDevices,
  seedSendingNumbers,
];
