import type { Db } from '../client';
import { businessDetails } from '../schema/onboarding';
import { businessOwners } from '../schema/owners';
import type { DemoSeeder } from './seeders';

/** Fake SSNs (the 123-45-6789 style, without dashes): never real people's. */
export const DEMO_OWNER_SSNS = ['123456789', '987654320'] as const;
export const DEMO_EIN = '123456789';

/** Demo Motors' business details (complete) and its two owners at 60% and 40%. */
export const seedOwners: DemoSeeder = async (tx: Db, demo, { cipher }) => {
  const merchantId = demo.merchants.demoMotors.id;
  await tx.insert(businessDetails).values({
    merchant_id: merchantId,
    legal_name: 'Demo Motors LLC',
    dba: 'Demo Motors',
    ein_sealed: cipher.encrypt(DEMO_EIN),
    ein_last4: DEMO_EIN.slice(-4),
    address_line1: '100 Main Street',
    address_line2: 'Suite 200',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    phone: '+12175550100',
    website: 'https://demo-motors.example.com',
    business_type: 'llc',
  });
  const address = { address_line1: '12 Oak Avenue', city: 'Springfield', state: 'IL', postal_code: '62704' };
  const [first, second] = DEMO_OWNER_SSNS;
  await tx.insert(businessOwners).values([
    {
      merchant_id: merchantId,
      first_name: 'Dana',
      last_name: 'Driver',
      title: 'Managing member',
      email: 'dana.driver@demo.test',
      phone: '+12175550111',
      date_of_birth: '1975-04-12',
      ssn_sealed: cipher.encrypt(first),
      ssn_last4: first.slice(-4),
      ownership_percentage: 60,
      ...address,
    },
    {
      merchant_id: merchantId,
      first_name: 'Morgan',
      last_name: 'Motors',
      title: 'Member',
      email: 'morgan.motors@demo.test',
      phone: '+12175550122',
      date_of_birth: '1982-09-30',
      ssn_sealed: cipher.encrypt(second),
      ssn_last4: second.slice(-4),
      ownership_percentage: 40,
      ...address,
    },
  ]);
};
