import { PROVIDER_LABELS, type DeviceActionResult } from '@paydesk/domain/integrations/integrations.contract';
import { HttpError } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import type { MerchantAccess, UserRow } from '../users/users.public';
import { exclusively } from './integration-limits';
import {
  findConnection,
  markFailedActionResolved,
  recordFailedRetry,
  type FailedActionRow,
} from './integrations.repository';
import { readCredentials, toFailedActionDto } from './integrations.service';
import { getFailedAction } from './resolve-failed-action';

/** How long one retry may hold an action before another request may try (its process died mid-call). */
const RETRY_LEASE_MS = 60_000;

const RETRIED = 'Retried and resolved.';

/** The answer for an action as it now stands (resolved: the retry worked; open: it failed again). */
function outcomeOf(row: FailedActionRow): DeviceActionResult {
  const resolved = row.status === 'resolved';
  return {
    succeeded: resolved,
    message: resolved ? RETRIED : row.error_message,
    location: null,
    failed_action: toFailedActionDto(row),
  };
}

/**
 * Sends a failed action to its provider again; when the provider carries it out the action is resolved (by this
 * user). The provider is called outside any transaction, and once however many retries arrive together: the first
 * takes a lease on the action (a row in PostgreSQL, so across processes), re-reads it and calls; the others wait
 * for it and answer the outcome it stored. An action that is resolved already answers as retried without a call.
 * One that is not resolvable must be resolved by hand: 409 `integrations.unresolvable_action`.
 */
export async function retryFailedAction(
  ctx: ProviderContext,
  access: MerchantAccess,
  user: UserRow,
  actionId: string,
): Promise<DeviceActionResult> {
  const first = await getFailedAction(ctx, access, actionId);
  if (first.status === 'resolved') return outcomeOf(first);
  if (!first.is_resolvable) throw new HttpError('integrations.unresolvable_action');

  const attempt = await exclusively(ctx, `failed-action.retry:${first.id}`, RETRY_LEASE_MS, async () => {
    // Read again under the lease: a retry that just finished may have resolved it.
    const row = await getFailedAction(ctx, access, first.id);
    if (row.status === 'resolved') return outcomeOf(row);
    if (!row.is_resolvable) throw new HttpError('integrations.unresolvable_action');
    const connection = await findConnection(ctx.db, access.merchant.id, row.provider);
    const credentials = connection?.status === 'disconnected' ? null : readCredentials(ctx, connection);
    if (!credentials) {
      throw new HttpError('integration.not_connected', `Save the ${PROVIDER_LABELS[row.provider]} credentials first.`);
    }
    const outcome = await ctx.providers.devices[row.provider].perform(credentials, {
      device_id: row.device_id,
      action: row.action,
    });
    if (outcome.ok) {
      await markFailedActionResolved(ctx.db, row.id, { resolved_by: user.id, resolved_at: ctx.clock() });
      const resolved = await getFailedAction(ctx, access, row.id);
      return { ...outcomeOf(resolved), message: outcome.message, location: outcome.location };
    }
    await recordFailedRetry(ctx.db, row.id, { error_message: outcome.message, is_resolvable: outcome.resolvable });
    return outcomeOf(await getFailedAction(ctx, access, row.id));
  });
  if (attempt.ran) return attempt.value;
  return outcomeOf(await getFailedAction(ctx, access, first.id));
}
