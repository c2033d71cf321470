import { SANDBOX_DEVICE_LOGIN } from '../../providers/devices/sandbox-device-service';
import { SANDBOX_ACCOUNT_ID, SANDBOX_BUSINESS_NAME } from '../../providers/freshbooks/sandbox-freshbooks-provider';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../schema/customers';
import { failedActions, integrationConnections } from '../schema/integrations';
import type { DemoSeeder } from './seeders';

/** The PassTime login of Demo Motors: the one the embedded sandbox knows. */
export const DEMO_PASSTIME = { account_id: 'DM-1001', ...SANDBOX_DEVICE_LOGIN };

/**
 * Integrated Auto has FreshBooks connected to the embedded sandbox (its customers are the sandbox's clients, see
 * the customers seeder), so opening one checks it against FreshBooks. Demo Motors has PassTime connected (the sandbox device service) and one open failed action: a starter command to
 * a device that was offline (the sandbox keeps devices ending in 0 offline, so a retry fails again and it is for
 * Resolve).
 */
export const seedIntegrations: DemoSeeder = async (tx, demo, { cipher, clock }) => {
  const now = clock();
  const merchantId = demo.merchants.demoMotors.id;
  await tx.insert(integrationConnections).values({
    merchant_id: merchantId,
    provider: 'passtime',
    status: 'connected',
    account_label: DEMO_PASSTIME.account_id,
    credentials_sealed: cipher.encrypt(JSON.stringify(DEMO_PASSTIME)),
    connected_by: demo.users.admin.id,
    connected_at: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000),
    last_tested_at: new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000),
  });
  await tx.insert(integrationConnections).values({
    merchant_id: demo.merchants.integratedAuto.id,
    provider: 'freshbooks',
    status: 'connected',
    account_label: SANDBOX_BUSINESS_NAME,
    credentials_sealed: cipher.encrypt(
      JSON.stringify({
        access_token: 'sandbox-access-demo',
        refresh_token: 'sandbox-refresh-demo',
        expires_at: new Date(now.getTime() + 12 * 60 * 60 * 1000).toISOString(),
        account_id: SANDBOX_ACCOUNT_ID,
      }),
    ),
    connected_by: demo.users.admin.id,
    connected_at: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000),
  });
  await tx.insert(failedActions).values({
    merchant_id: merchantId,
    provider: 'passtime',
    action: 'starter_disable',
    device_id: 'PT-4410',
    error_message: 'Device PT-4410 is offline.',
    is_resolvable: true,
    status: 'open',
    created: new Date(now.getTime() - 26 * 60 * 60 * 1000),
  });
};

/**
 * PassTime devices on three Demo Motors accounts (after the customers seeder): DM-1001's works, DM-1002's is offline
 * for its first command (a retry works), DM-1003's stays offline (see the device sandbox's rules).
 */
export const DEMO_ACCOUNT_DEVICES: Record<string, string> = {
  'DM-1001': 'PT-2231',
  'DM-1002': 'PT-2238',
  'DM-1003': 'PT-2230',
};

export const seedAccountDevices: DemoSeeder = async (tx, demo) => {
  for (const [externalId, deviceId] of Object.entries(DEMO_ACCOUNT_DEVICES)) {
    await tx
      .update(accounts)
      .set({ device_provider: 'passtime', device_id: deviceId })
      .where(and(eq(accounts.merchant_id, demo.merchants.demoMotors.id), eq(accounts.external_id, externalId)));
  }
};
