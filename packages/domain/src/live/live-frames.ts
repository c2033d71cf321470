// The frames of the live events socket (`/ws/events/`), as the server sends them and the web client reads them: one
// JSON object per frame, `type` naming the event and the event's payload beside it. Features that publish live events
// to browsers add their frame here, so both sides read the same shape.

import { z } from 'zod';

/** The server closes with this code after `session.revoked`: the session is over, so the client does not reconnect. */
export const SESSION_REVOKED_CLOSE_CODE = 4001;

export const liveFrameSchemas = {
  /** The user was disabled, or the sign-in ended elsewhere: end the session now. */
  'session.revoked': z.object({ type: z.literal('session.revoked') }),
  /**
   * A text of the merchant was written or changed status (issue 21, the live inbox): ids only, so the chat pane
   * and the inbox refetch what changed. `customer_id` is null for an unknown sender. Every user of the merchant
   * receives it (the socket has no per-customer subscriptions): the client keeps those of the open conversation.
   */
  'chat.message': z.object({
    type: z.literal('chat.message'),
    merchant_id: z.uuid(),
    customer_id: z.uuid().nullable(),
    message_id: z.uuid(),
    direction: z.enum(['outbound', 'inbound']),
    status: z.string(),
  }),
  /**
   * A conversation of the merchant changed in the inbox list: a new last message (either direction) or its unread
   * count (a new inbound text, or marked read). Counts and ids only, no text: the list refetches the entry.
   * `customer_id` is null for an unknown sender's conversation.
   */
  'inbox.updated': z.object({
    type: z.literal('inbox.updated'),
    merchant_id: z.uuid(),
    customer_id: z.uuid().nullable(),
    unread_messages: z.number().int().min(0),
    last_message_created: z.iso.datetime({ offset: true }).nullable(),
  }),
} as const;

export type LiveFrameType = keyof typeof liveFrameSchemas;
export type LiveFrame<Type extends LiveFrameType = LiveFrameType> = z.infer<(typeof liveFrameSchemas)[Type]>;

/** A frame read off the socket, or null when it is not one this client knows (a newer server, a garbled frame). */
export function parseLiveFrame(text: string): LiveFrame | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const type = (data as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(type in liveFrameSchemas)) return null;
  const parsed = liveFrameSchemas[type as LiveFrameType].safeParse(data);
  return parsed.success ? parsed.data : null;
}
