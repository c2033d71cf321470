import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLiveEventsUrl, openLiveClient } from './live-client';

/** The session's use of the client: end the session on `session.revoked`. */
function listenToLiveEvents(requestTicket: () => Promise<string | null>, onRevoked: () => void): () => void {
  const client = openLiveClient(requestTicket);
  client.subscribe('session.revoked', onRevoked);
  return () => client.stop();
}

class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeSocket.instances = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live events', () => {
  it('builds ws and wss URLs with the ticket', () => {
    expect(buildLiveEventsUrl({ protocol: 'http:', host: 'localhost:3000' }, 'a-b_c')).toBe(
      'ws://localhost:3000/ws/events/?ticket=a-b_c',
    );
    expect(buildLiveEventsUrl({ protocol: 'https:', host: 'pay.example.com' }, 't')).toBe(
      'wss://pay.example.com/ws/events/?ticket=t',
    );
  });

  it('reports a revoked session, ignores other events, and reconnects with a fresh ticket', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const tickets = ['first', 'second'];
    const requestTicket = vi.fn(async () => tickets.shift() ?? null);
    const onRevoked = vi.fn();
    const stop = listenToLiveEvents(requestTicket, onRevoked);

    await vi.advanceTimersByTimeAsync(0);
    const [first] = FakeSocket.instances;
    expect(first?.url).toMatch(/\?ticket=first$/);
    first?.onmessage?.({ data: JSON.stringify({ type: 'something.else' }) });
    expect(onRevoked).not.toHaveBeenCalled();

    first?.onclose?.();
    await vi.advanceTimersByTimeAsync(5000);
    const second = FakeSocket.instances[1];
    expect(second?.url).toMatch(/\?ticket=second$/);
    expect(requestTicket).toHaveBeenCalledTimes(2);
    second?.onmessage?.({ data: JSON.stringify({ type: 'session.revoked' }) });
    expect(onRevoked).toHaveBeenCalledTimes(1);

    stop();
    expect(second?.closed).toBe(true);
    second?.onclose?.();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('tries again later when the ticket request fails, and opens nothing without a ticket', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const requestTicket = vi
      .fn<() => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('after-failure');
    const stop = listenToLiveEvents(requestTicket, vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.instances.map((socket) => socket.url)).toEqual([
      expect.stringMatching(/\?ticket=after-failure$/),
    ]);
    stop();

    const signedOut = listenToLiveEvents(async () => null, vi.fn());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
    signedOut();
  });

  it('opens no socket when stopped while its ticket is on the way', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let deliver: (ticket: string) => void = () => {};
    const stop = listenToLiveEvents(() => new Promise<string>((resolve) => (deliver = resolve)), vi.fn());
    stop();
    deliver('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('does not reconnect once the session was revoked, whether by the event or by the server closing with 4001', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const onRevoked = vi.fn();
    listenToLiveEvents(async () => 'ticket', onRevoked);
    await vi.advanceTimersByTimeAsync(0);
    const [first] = FakeSocket.instances;
    first?.onmessage?.({ data: JSON.stringify({ type: 'session.revoked' }) });
    first?.onclose?.({ code: 4001 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onRevoked).toHaveBeenCalledTimes(1);

    listenToLiveEvents(async () => 'ticket', onRevoked);
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[1]?.onclose?.({ code: 4001 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('hands each subscriber its frames only, skips garbled ones, and stops at unsubscribe', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const client = openLiveClient(async () => 'ticket');
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = client.subscribe('session.revoked', first);
    client.subscribe('session.revoked', second);
    await vi.advanceTimersByTimeAsync(0);
    const [socket] = FakeSocket.instances;
    socket?.onmessage?.({ data: 'not json' });
    socket?.onmessage?.({ data: JSON.stringify({ type: 'customer.updated' }) });
    expect(first).not.toHaveBeenCalled();
    unsubscribe();
    socket?.onmessage?.({ data: JSON.stringify({ type: 'session.revoked' }) });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ type: 'session.revoked' });
    client.stop();
  });
});
