// The signed-in user's live channel (`/ws/events/`), shared by every feature: one socket per session, typed
// subscriptions per frame type (frames and their schemas: packages/domain/src/live/live-frames.ts).

import {
  parseLiveFrame,
  SESSION_REVOKED_CLOSE_CODE,
  type LiveFrame,
  type LiveFrameType,
} from '@paydesk/domain/live/live-frames';

const RECONNECT_MS = 5000;

/** The WebSocket URL of the user's live channel, on the page's own host, opened with a single-use ticket. */
export function buildLiveEventsUrl(location: Pick<Location, 'protocol' | 'host'>, ticket: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/events/?${new URLSearchParams({ ticket })}`;
}

export type LiveClient = {
  /** Calls `handler` with every frame of the type until the returned function is called. */
  subscribe<Type extends LiveFrameType>(type: Type, handler: (frame: LiveFrame<Type>) => void): () => void;
  /** Closes the socket and stops reconnecting. */
  stop(): void;
};

/**
 * Opens the live channel. Each (re)connect asks for a fresh ticket (`requestTicket`, null when signed out), so no
 * access token ever sits in a URL; a dropped connection or a failed ticket request tries again later, but never after
 * the server closed it for a revoked session. Frames this client does not know are ignored.
 */
export function openLiveClient(requestTicket: () => Promise<string | null>): LiveClient {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const handlers = new Map<LiveFrameType, Set<(frame: LiveFrame) => void>>();

  const scheduleReconnect = () => {
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const connect = async () => {
    let ticket: string | null;
    try {
      ticket = await requestTicket();
    } catch {
      scheduleReconnect();
      return;
    }
    if (stopped || !ticket) return;
    socket = new WebSocket(buildLiveEventsUrl(window.location, ticket));
    socket.onmessage = (message) => {
      const frame = parseLiveFrame(String(message.data));
      if (!frame) return;
      if (frame.type === 'session.revoked') stopped = true;
      for (const handler of handlers.get(frame.type) ?? []) handler(frame);
    };
    socket.onclose = (event) => {
      if (event?.code === SESSION_REVOKED_CLOSE_CODE) stopped = true;
      scheduleReconnect();
    };
  };

  void connect();
  return {
    subscribe(type, handler) {
      const forType = handlers.get(type) ?? new Set();
      handlers.set(type, forType);
      const untyped = handler as (frame: LiveFrame) => void;
      forType.add(untyped);
      return () => forType.delete(untyped);
    },
    stop() {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
