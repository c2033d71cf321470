import type { FailedAction } from '@paydesk/domain/integrations/integrations.contract';
import { isUuid } from '../../lib/ids';
import { notFound, permissionDenied } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import type { MerchantAccess, UserRow } from '../users/users.public';
import { findFailedAction, markFailedActionResolved, type FailedActionRow } from './integrations.repository';
import { deviceProvidersOf, toFailedActionDto } from './integrations.service';

/**
 * The merchant's failed action `actionId`: 404 when it is not the merchant's, 403 when it is for a device provider
 * the user may not use.
 */
export async function getFailedAction(
  ctx: Pick<ServiceContext, 'db'>,
  access: MerchantAccess,
  actionId: string,
): Promise<FailedActionRow> {
  const row = isUuid(actionId) ? await findFailedAction(ctx.db, access.merchant.id, actionId) : undefined;
  if (!row) throw notFound();
  if (!deviceProvidersOf(access).includes(row.provider)) throw permissionDenied();
  return row;
}

/**
 * Marks a failed action resolved by hand (any action, resolvable or not: a person sorted it out). Resolving one
 * that is resolved already changes nothing and answers it as it is.
 */
export async function resolveFailedAction(
  ctx: ServiceContext,
  access: MerchantAccess,
  user: UserRow,
  actionId: string,
): Promise<FailedAction> {
  const row = await getFailedAction(ctx, access, actionId);
  if (row.status === 'open') {
    await markFailedActionResolved(ctx.db, row.id, { resolved_by: user.id, resolved_at: ctx.clock() });
  }
  return toFailedActionDto(await getFailedAction(ctx, access, row.id));
}
