import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { providerEvents } from '../../db/schema/messaging';
import { processProviderEventJob } from './messaging.jobs';

export type WebhookPayload = Record<string, string | string[]>;
export type ProviderEventKind = 'inbound' | 'status';

export const firstValue = (payload: WebhookPayload, name: string): string | undefined => {
  const value = payload[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The provider's id of an event: the message's sid for a text, sid and status for a delivery update. */
export function eventIdOf(kind: ProviderEventKind, payload: WebhookPayload): string | null {
  const sid = firstValue(payload, 'MessageSid') ?? firstValue(payload, 'SmsSid');
  if (!sid) return null;
  if (kind === 'inbound') return sid;
  const status = firstValue(payload, 'MessageStatus') ?? firstValue(payload, 'SmsStatus');
  return status ? `${sid}:${status}` : null;
}

/**
 * Stores a (verified) provider event once by its id and queues its processing, in one transaction; a replay
 * stores and queues nothing. Returns the stored event's id, or null for a replay.
 */
export async function recordProviderEvent(
  ctx: ServiceContext,
  provider: string,
  kind: ProviderEventKind,
  eventId: string,
  payload: WebhookPayload,
): Promise<string | null> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(providerEvents)
      .values({ provider, event_id: eventId, kind, payload, created: tx.clock() })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (!row) return null;
    await tx.jobs.send(processProviderEventJob, { eventId: row.id });
    // An inbound text is awaited in open chats (SPEC §7 socket; p99 < 100 ms): processed now, not at the next poll.
    tx.afterCommit(() => tx.jobs.wake(processProviderEventJob));
    return row.id;
  });
}
