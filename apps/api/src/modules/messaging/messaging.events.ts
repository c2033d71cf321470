import { liveFrameSchemas } from '@paydesk/domain/live/live-frames';
import { defineEvent } from '../../lib/events';
import type { EventPublisher } from '../../plugins/events';

/** A text written or moved to another status: to every user of the merchant, as the `chat.message` live frame. */
export const chatMessageEvent = defineEvent({
  name: 'chat.message',
  payload: liveFrameSchemas['chat.message'].omit({ type: true }),
  audience: 'merchant',
});

type ChangedMessage = {
  id: string;
  merchant_id: string;
  customer_id: string | null;
  direction: 'outbound' | 'inbound';
  status: string;
};

/** Publishes the change (inside a transaction: on its commit). */
export async function publishMessageChange(events: EventPublisher, message: ChangedMessage): Promise<void> {
  await events.publish(
    chatMessageEvent,
    {
      merchant_id: message.merchant_id,
      customer_id: message.customer_id,
      message_id: message.id,
      direction: message.direction,
      status: message.status,
    },
    { kind: 'merchant', merchantId: message.merchant_id },
  );
}

/** A conversation's entry in the inbox list changed (last message, unread count): the `inbox.updated` frame. */
export const inboxUpdatedEvent = defineEvent({
  name: 'inbox.updated',
  payload: liveFrameSchemas['inbox.updated'].omit({ type: true }),
  audience: 'merchant',
});

type ChangedThread = {
  merchant_id: string;
  customer_id: string | null;
  unread_messages: number;
  last_message_created: Date | null;
};

/** Publishes the conversation's new state to the merchant's users (inside a transaction: on its commit). */
export async function publishInboxChange(events: EventPublisher, thread: ChangedThread): Promise<void> {
  await events.publish(
    inboxUpdatedEvent,
    {
      merchant_id: thread.merchant_id,
      customer_id: thread.customer_id,
      unread_messages: thread.unread_messages,
      last_message_created: thread.last_message_created?.toISOString() ?? null,
    },
    { kind: 'merchant', merchantId: thread.merchant_id },
  );
}
