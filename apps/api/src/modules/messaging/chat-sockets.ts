import { CHAT_NOT_FOUND_CLOSE_CODE, type ChatFrame } from '@paydesk/domain/live/chat-frames';
import { SESSION_REVOKED_CLOSE_CODE } from '@paydesk/domain/live/live-frames';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client';
import type { EventEnvelope } from '../../lib/events';
import type { Events } from '../../plugins/events';
import { sessionRevokedEvent, signInEndedEvent } from '../auth/auth.public';
import { merchantIdOfCustomer } from '../customers/customers.public';
import { findActiveUser, findMerchantAccess, userChangedEvent, type UserRow } from '../users/users.public';
import { findMessageView, type MessageViewContext } from './message-view';
import { chatMessageEvent } from './messaging.events';

/** An open socket on a customer's conversation; `merchantId` is set once the user's access to it was checked. */
type ChatListener = {
  socket: WebSocket;
  userId: string;
  familyId: string;
  customerId: string;
  merchantId: string | null;
};

/** The sockets open on one customer's conversation, and the chain that keeps their frames in event order. */
type Conversation = { listeners: Set<ChatListener>; delivered: Promise<void> };

export type ChatSockets = {
  /** Checks the user may see the customer's merchant, then sends the conversation's messages to the socket. */
  open(socket: WebSocket, signIn: { user: UserRow; familyId: string }, customerId: string): Promise<void>;
  /** Stops listening to the event bus and closes every socket (the server is closing). */
  close(): void;
};

/**
 * The chat sockets of this process (SPEC §7 `/ws/chat/{customerId}/`), fed by one subscription to the event bus:
 * a `chat.message` event for a customer nobody watches here costs nothing, and one that is watched loads the message
 * once, whatever the number of sockets open on it. Access is checked when a socket opens, and again for a user's
 * sockets when that user changes (roles, merchants); a sign-in that ends or a user who is disabled closes them.
 */
export function createChatSockets(
  db: Db,
  view: MessageViewContext,
  events: Events,
  log: FastifyBaseLogger,
): ChatSockets {
  const conversations = new Map<string, Conversation>();
  // Every socket, checked or not yet: a sign-in ending while its access is being checked still closes it.
  const everyListener = new Set<ChatListener>();

  const isOpen = (listener: ChatListener) => listener.socket.readyState === listener.socket.OPEN;

  const forget = (listener: ChatListener) => {
    everyListener.delete(listener);
    const conversation = conversations.get(listener.customerId);
    if (!conversation?.listeners.delete(listener)) return;
    if (conversation.listeners.size === 0) conversations.delete(listener.customerId);
  };

  const closeEach = (listeners: ChatListener[], code: number, reason: string) => {
    for (const listener of listeners) {
      forget(listener);
      listener.socket.close(code, reason);
    }
  };

  const deliver = (payload: { merchant_id: string; customer_id: string | null; message_id: string }) => {
    const conversation = payload.customer_id ? conversations.get(payload.customer_id) : undefined;
    if (!conversation) return;
    conversation.delivered = conversation.delivered.then(async () => {
      try {
        const message = await findMessageView(db, view, payload.merchant_id, payload.message_id);
        if (!message) return;
        const frame = JSON.stringify({ type: 'chat.message', message } satisfies ChatFrame);
        for (const listener of conversation.listeners) {
          if (listener.merchantId === payload.merchant_id && isOpen(listener)) listener.socket.send(frame);
        }
      } catch (error) {
        log.warn({ err: error, message_id: payload.message_id }, 'could not deliver a chat message');
      }
    });
  };

  /** The user changed: their sockets stay open only while they still may see the customer's merchant. */
  const recheck = async (userId: string) => {
    const listeners = [...everyListener].filter((listener) => listener.userId === userId && listener.merchantId);
    if (listeners.length === 0) return;
    const user = await findActiveUser(db, userId);
    if (!user) return closeEach(listeners, SESSION_REVOKED_CLOSE_CODE, 'session revoked');
    for (const listener of listeners) {
      if (!(await findMerchantAccess(db, user, listener.merchantId))) {
        closeEach([listener], CHAT_NOT_FOUND_CLOSE_CODE, 'not found');
      }
    }
  };

  const onEvent = (envelope: EventEnvelope) => {
    if (envelope.name === chatMessageEvent.name) {
      deliver(chatMessageEvent.payload.parse(envelope.payload));
    } else if (envelope.name === signInEndedEvent.name) {
      const { family_id } = signInEndedEvent.payload.parse(envelope.payload);
      const ended = [...everyListener].filter((listener) => listener.familyId === family_id);
      closeEach(ended, SESSION_REVOKED_CLOSE_CODE, 'session revoked');
    } else if (envelope.name === sessionRevokedEvent.name && envelope.audience.kind === 'user') {
      const { userId } = envelope.audience;
      const revoked = [...everyListener].filter((listener) => listener.userId === userId);
      closeEach(revoked, SESSION_REVOKED_CLOSE_CODE, 'session revoked');
    } else if (envelope.name === userChangedEvent.name) {
      const { user_id } = userChangedEvent.payload.parse(envelope.payload);
      recheck(user_id).catch((error: unknown) => log.warn({ err: error }, 'could not recheck chat sockets'));
    }
  };
  const unsubscribe = events.subscribeAll(onEvent);

  return {
    async open(socket, { user, familyId }, customerId) {
      const listener: ChatListener = { socket, userId: user.id, familyId, customerId, merchantId: null };
      everyListener.add(listener);
      socket.on('close', () => forget(listener));
      const merchantId = await merchantIdOfCustomer(db, customerId);
      const access = merchantId ? await findMerchantAccess(db, user, merchantId) : null;
      if (!everyListener.has(listener) || !isOpen(listener)) return;
      if (!merchantId || !access) {
        closeEach([listener], CHAT_NOT_FOUND_CLOSE_CODE, 'not found');
        return;
      }
      listener.merchantId = merchantId;
      const conversation = conversations.get(customerId) ?? { listeners: new Set(), delivered: Promise.resolve() };
      conversations.set(customerId, conversation);
      conversation.listeners.add(listener);
    },
    close() {
      unsubscribe();
      closeEach([...everyListener], 1001, 'server closing');
    },
  };
}
