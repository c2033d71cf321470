// A customer's conversation, live (SPEC §7 `/ws/chat/{customerId}/?token=…`): every message written to it or moving
// to another status arrives whole, in the shape the conversation's list answers (frames:
// packages/domain/src/live/chat-frames.ts). One socket per open conversation, closed when the pane goes.

import { CHAT_NOT_FOUND_CLOSE_CODE, parseChatFrame } from '@paydesk/domain/live/chat-frames';
import { SESSION_REVOKED_CLOSE_CODE } from '@paydesk/domain/live/live-frames';
import { liveEndpoints } from '@paydesk/domain/live/live.contract';
import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api-client';
import { readAuthHooks } from '../auth-hooks';

/** Waits before each reconnect, growing while the server stays unreachable; back to the first once a socket opens. */
export const CHAT_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/**
 * `connecting` until the socket opens (and again while it reconnects), `open` while frames can arrive, `closed` for
 * good: the customer is not one the user may see, the session ended, or there is no session to ask a ticket for.
 */
export type ChatSocketState = 'connecting' | 'open' | 'closed';

/** The socket's URL on the page's own host, opened with a single-use ticket (never the access token). */
export function buildChatSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  customerId: string,
  ticket: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/chat/${encodeURIComponent(customerId)}/?${new URLSearchParams({ token: ticket })}`;
}

export type ChatSocketOptions = {
  customerId: string;
  /** A fresh ticket for each (re)connect; null when signed out (nothing opens). */
  requestTicket: () => Promise<string | null>;
  onMessage: (message: Message) => void;
  onState?: (state: ChatSocketState) => void;
};

/**
 * Opens the conversation's socket and keeps it open: a dropped connection or a failed ticket request tries again
 * after a growing delay, with a new ticket; a close for a revoked session or a customer the user may not see does
 * not. Returns the function that closes it for good.
 */
export function openChatSocket({ customerId, requestTicket, onMessage, onState }: ChatSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const finish = () => {
    stopped = true;
    onState?.('closed');
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    onState?.('connecting');
    const delay = CHAT_RECONNECT_DELAYS_MS[Math.min(failures, CHAT_RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    let ticket: string | null;
    try {
      ticket = await requestTicket();
    } catch {
      scheduleReconnect();
      return;
    }
    if (stopped) return;
    if (!ticket) return finish();
    const opened = new WebSocket(buildChatSocketUrl(window.location, customerId, ticket));
    socket = opened;
    opened.onopen = () => {
      failures = 0;
      if (!stopped) onState?.('open');
    };
    opened.onmessage = (event) => {
      const frame = parseChatFrame(String(event.data));
      if (frame && !stopped) onMessage(frame.message);
    };
    opened.onclose = (event) => {
      if (socket !== opened || stopped) return;
      socket = null;
      const code = event?.code;
      if (code === SESSION_REVOKED_CLOSE_CODE || code === CHAT_NOT_FOUND_CLOSE_CODE) finish();
      else scheduleReconnect();
    };
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
    socket = null;
  };
}

/** A ticket for the signed-in user's socket; not user activity, so asking never extends the session. */
async function requestChatTicket(): Promise<string | null> {
  if (!readAuthHooks().getAccessToken?.()) return null;
  const { ticket } = await api.call(liveEndpoints.ticket, undefined, { bypassRefresh: true });
  return ticket;
}

/**
 * Listens to the customer's conversation while both ids are known: `onMessage` gets each new message and each status
 * change (replace the message with the same id, else add it). The state tells when the socket (re)opened: frames
 * sent while it was away are not replayed, so a pane refetches the conversation when it turns `open` again.
 */
export function useChatSocket(
  merchantId: string | undefined,
  customerId: string | undefined,
  onMessage: (message: Message) => void,
): ChatSocketState {
  const latestOnMessage = useRef(onMessage);
  useEffect(() => {
    latestOnMessage.current = onMessage;
  });
  const key = merchantId && customerId ? `${merchantId}/${customerId}` : null;
  const [state, setState] = useState<{ key: string | null; state: ChatSocketState }>({ key, state: 'connecting' });

  useEffect(() => {
    if (!key || !customerId) return;
    return openChatSocket({
      customerId,
      requestTicket: requestChatTicket,
      onMessage: (message) => latestOnMessage.current(message),
      onState: (next) => setState({ key, state: next }),
    });
  }, [key, customerId]);

  if (!key) return 'closed';
  return state.key === key ? state.state : 'connecting';
}
