import {
  DEVICE_ACTION_LABELS,
  PROVIDER_LABELS,
  type DeviceAction,
  type DeviceActionResult,
} from '@paydesk/domain/integrations/integrations.contract';
import { HttpError, permissionDenied } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { getAccountOfCustomer, getCustomerRow, recordCustomerEvent } from '../customers/customers.public';
import type { MerchantAccess, UserRow } from '../users/users.public';
import { deviceOf } from './account-device';
import { findConnection, insertFailedAction } from './integrations.repository';
import { deviceProvidersOf, readCredentials, toFailedActionDto } from './integrations.service';

/**
 * Sends a command to the device linked to a customer's account (never to a typed-in device id). The user needs the
 * device provider's requirement (403); an account without a device is 409 `integration.no_device`. The provider is
 * called outside any transaction. A failure is recorded as a failed action naming the account, and answered 200:
 * the command was carried to the provider, its failure is data. Either way the customer's history records who sent
 * what and how it went.
 */
export async function sendAccountDeviceAction(
  ctx: ProviderContext,
  access: MerchantAccess,
  user: UserRow,
  target: { customerId: string; accountId: string },
  input: { action: DeviceAction },
): Promise<DeviceActionResult> {
  const merchantId = access.merchant.id;
  await getCustomerRow(ctx.db, merchantId, target.customerId);
  const { account } = await getAccountOfCustomer(ctx.db, merchantId, target.customerId, target.accountId);
  const device = deviceOf(account);
  if (!device) throw new HttpError('integration.no_device');
  if (!deviceProvidersOf(access).includes(device.provider)) throw permissionDenied();
  const connection = await findConnection(ctx.db, merchantId, device.provider);
  const credentials = connection?.status === 'disconnected' ? null : readCredentials(ctx, connection);
  if (!credentials) {
    throw new HttpError('integration.not_connected', `Save the ${PROVIDER_LABELS[device.provider]} credentials first.`);
  }
  const outcome = await ctx.providers.devices[device.provider].perform(credentials, {
    device_id: device.device_id,
    action: input.action,
  });
  const history = {
    merchantId,
    customerId: target.customerId,
    accountId: account.id,
    kind: 'device.command',
    actor: user,
    after: {
      command: `${DEVICE_ACTION_LABELS[input.action]} (${PROVIDER_LABELS[device.provider]} ${device.device_id})`,
      result: outcome.message,
    },
  };
  if (outcome.ok) {
    await recordCustomerEvent(ctx, history);
    return { succeeded: true, message: outcome.message, location: outcome.location, failed_action: null };
  }
  const failed = await insertFailedAction(ctx.db, {
    merchant_id: merchantId,
    provider: device.provider,
    action: input.action,
    device_id: device.device_id,
    account_id: account.id,
    account_reference: account.external_id,
    error_message: outcome.message,
    is_resolvable: outcome.resolvable,
    created: ctx.clock(),
  });
  await recordCustomerEvent(ctx, history);
  return { succeeded: false, message: outcome.message, location: null, failed_action: toFailedActionDto(failed) };
}
