// The frames of a conversation's socket (`/ws/chat/{customerId}/?token=…`, SPEC §7): each frame carries a message,
// in the shape `GET …/customers/{cid}/messages/` answers it, when it is written or changes status.

import { z } from 'zod';
import { messageSchema } from '../messaging/messaging.contract';

/**
 * The server closes with this code when the customer is not one the user may see: unknown, of another merchant,
 * or the user lost access to its merchant while the socket was open (all alike, so nothing tells them apart). The
 * client does not reconnect. A revoked session closes with `SESSION_REVOKED_CLOSE_CODE`, as on `/ws/events/`.
 */
export const CHAT_NOT_FOUND_CLOSE_CODE = 4004;

export const chatFrameSchema = z.object({ type: z.literal('chat.message'), message: messageSchema });

export type ChatFrame = z.infer<typeof chatFrameSchema>;

/** A frame read off the chat socket, or null when it is not one this client knows. */
export function parseChatFrame(text: string): ChatFrame | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = chatFrameSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
