const RECONNECT_MS = 5000;
/** The server closes with this code after `session.revoked`: the session is over, so the client does not reconnect. */
export const SESSION_REVOKED_CLOSE_CODE = 4001;

type LiveEvent = { type: string };

/** The WebSocket URL of the user's live channel, on the page's own host. */
export function buildLiveEventsUrl(location: Pick<Location, 'protocol' | 'host'>, accessToken: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/events/?${new URLSearchParams({ token: accessToken })}`;
}

/**
 * Listens to the signed-in user's live channel (`/ws/events/`) and reports `session.revoked`, sent when the user is
 * disabled, so the session ends at once rather than at the next API call. Reconnects with the current token after a
 * dropped connection, but never after the session was revoked; returns a function that stops listening.
 */
export function listenToLiveEvents(getAccessToken: () => string | null, onRevoked: () => void): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    const token = getAccessToken();
    if (stopped || !token) return;
    socket = new WebSocket(buildLiveEventsUrl(window.location, token));
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as LiveEvent;
      if (event.type === 'session.revoked') {
        stopped = true;
        onRevoked();
      }
    };
    socket.onclose = (event) => {
      if (event?.code === SESSION_REVOKED_CLOSE_CODE) stopped = true;
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
