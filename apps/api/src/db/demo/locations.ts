import { merchantLocations } from '../schema/locations';
import { merchantAccounts } from '../schema/merchant-accounts';
import type { DemoSeeder } from './seeders';

/**
 * Demo Motors: "Main St" with a card merchant account and "Airport Rd" with an ACH one (sandbox, active), in the
 * merchant's time zone. Custom Roles Auto and Integrated Auto: one location each, for their customers.
 */
export const seedLocations: DemoSeeder = async (tx, demo) => {
  const { demoMotors, customRolesAuto, integratedAuto } = demo.merchants;
  const [mainSt, airportRd] = await tx
    .insert(merchantLocations)
    .values([
      {
        merchant_id: demoMotors.id,
        name: 'Main St',
        address_line1: '120 Main St',
        city: 'Hartford',
        state: 'CT',
        postal_code: '06103',
        phone: '+18605550142',
        timezone: demoMotors.timezone,
      },
      {
        merchant_id: demoMotors.id,
        name: 'Airport Rd',
        address_line1: '4500 Airport Rd',
        address_line2: 'Suite 2',
        city: 'Windsor Locks',
        state: 'CT',
        postal_code: '06096',
        phone: '+18605550187',
        timezone: demoMotors.timezone,
      },
      {
        merchant_id: customRolesAuto.id,
        name: 'Downtown',
        address_line1: '75 Elm St',
        city: 'Springfield',
        state: 'MA',
        postal_code: '01103',
        phone: null,
        timezone: customRolesAuto.timezone,
      },
      {
        merchant_id: integratedAuto.id,
        name: 'Route 9',
        address_line1: '900 Route 9',
        city: 'Albany',
        state: 'NY',
        postal_code: '12204',
        phone: null,
        timezone: integratedAuto.timezone,
      },
    ])
    .returning();
  if (!mainSt || !airportRd) throw new Error('seed: locations not created');

  await tx.insert(merchantAccounts).values([
    {
      merchant_id: demoMotors.id,
      location_id: mainSt.id,
      name: 'Main St cards',
      kind: 'card',
      processor: 'sandbox',
      processor_merchant_id: 'SBX-100200300',
      deposit_routing_number: '011000015',
      deposit_account_last4: '6789',
      rate_bps: 295,
      per_transaction_cents: 30,
      convenience_fee_enabled: true,
      convenience_fee_cents: 295,
      status: 'active',
    },
    {
      merchant_id: demoMotors.id,
      location_id: airportRd.id,
      name: 'Airport Rd ACH',
      kind: 'ach',
      processor: 'sandbox',
      processor_merchant_id: 'SBX-100200301',
      deposit_routing_number: '011000015',
      deposit_account_last4: '4321',
      rate_bps: 80,
      per_transaction_cents: 25,
      convenience_fee_enabled: false,
      convenience_fee_cents: null,
      status: 'active',
    },
  ]);
};
