import { PROVIDER_LABELS, type AccountDeviceInput } from '@paydesk/domain/integrations/integrations.contract';
import type { AccountDevice } from '@paydesk/domain/customers/customers.contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/customers';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import {
  getAccountOfCustomer,
  getCustomerRow,
  recordCustomerEvent,
  type AccountRow,
} from '../customers/customers.public';

/** The device linked to an account, or null. */
export function deviceOf(account: Pick<AccountRow, 'device_provider' | 'device_id'>): AccountDevice | null {
  return account.device_provider && account.device_id
    ? { provider: account.device_provider, device_id: account.device_id }
    : null;
}

/** How history shows a device: "PassTime PT-1234", or null. */
const describeDevice = (device: AccountDevice | null) =>
  device ? `${PROVIDER_LABELS[device.provider]} ${device.device_id}` : null;

/**
 * Links a vehicle device to a customer's account, or unlinks it (`null`), with a `device.linked` history entry.
 * Administrators only (the route's requirement); the customer must be on the account.
 */
export async function setAccountDevice(
  ctx: ServiceContext,
  merchantId: string,
  customerId: string,
  accountId: string,
  input: AccountDeviceInput | null,
  actor: { id: string },
): Promise<AccountDevice | null> {
  return withTransaction(ctx, async (tx) => {
    await getCustomerRow(tx.db, merchantId, customerId);
    const { account } = await getAccountOfCustomer(tx.db, merchantId, customerId, accountId);
    const before = deviceOf(account);
    const after: AccountDevice | null = input ? { provider: input.provider, device_id: input.device_id } : null;
    if (describeDevice(before) === describeDevice(after)) return after;
    await tx.db
      .update(accounts)
      .set({ device_provider: after?.provider ?? null, device_id: after?.device_id ?? null, updated: tx.clock() })
      .where(eq(accounts.id, account.id));
    await recordCustomerEvent(tx, {
      merchantId,
      customerId,
      accountId: account.id,
      kind: 'device.linked',
      actor,
      before: { device: describeDevice(before) },
      after: { device: describeDevice(after) },
    });
    return after;
  });
}
