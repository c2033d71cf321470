const RECONNECT_MS = 5000;
/** The server closes with this code after `session.revoked`: the session is over, so the client does not reconnect. */
export const SESSION_REVOKED_CLOSE_CODE = 4001;

type LiveEvent = { type: string };

/** The WebSocket URL of the user's live channel, on the page's own host, opened with a single-use ticket. */
export function buildLiveEventsUrl(location: Pick<Location, 'protocol' | 'host'>, ticket: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/events/?${new URLSearchParams({ ticket })}`;
}

/**
 * Listens to the signed-in user's live channel (`/ws/events/`) and reports `session.revoked`, sent when the user is
 * disabled, so the session ends at once rather than at the next API call. Each (re)connect asks for a fresh ticket
 * (`requestTicket`, null when signed out), so no access token ever sits in a URL; a dropped connection or a failed
 * ticket request tries again later, but never after the session was revoked. Returns a function that stops listening.
 */
export function listenToLiveEvents(requestTicket: () => Promise<string | null>, onRevoked: () => void): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

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
      const event = JSON.parse(String(message.data)) as LiveEvent;
      if (event.type === 'session.revoked') {
        stopped = true;
        onRevoked();
      }
    };
    socket.onclose = (event) => {
      if (event?.code === SESSION_REVOKED_CLOSE_CODE) stopped = true;
      scheduleReconnect();
    };
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
