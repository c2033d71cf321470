import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLiveEventsUrl, listenToLiveEvents } from './live-events';

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
  it('builds ws and wss URLs with the token', () => {
    expect(buildLiveEventsUrl({ protocol: 'http:', host: 'localhost:3000' }, 'a.b.c')).toBe(
      'ws://localhost:3000/ws/events/?token=a.b.c',
    );
    expect(buildLiveEventsUrl({ protocol: 'https:', host: 'pay.example.com' }, 't')).toBe(
      'wss://pay.example.com/ws/events/?token=t',
    );
  });

  it('reports a revoked session, ignores other events, and reconnects with the newest token', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    let token = 'first';
    const onRevoked = vi.fn();
    const stop = listenToLiveEvents(() => token, onRevoked);

    const [first] = FakeSocket.instances;
    expect(first?.url).toContain('token=first');
    first?.onmessage?.({ data: JSON.stringify({ type: 'something.else' }) });
    expect(onRevoked).not.toHaveBeenCalled();

    token = 'second';
    first?.onclose?.();
    vi.advanceTimersByTime(5000);
    const second = FakeSocket.instances[1];
    expect(second?.url).toContain('token=second');
    second?.onmessage?.({ data: JSON.stringify({ type: 'session.revoked' }) });
    expect(onRevoked).toHaveBeenCalledTimes(1);

    stop();
    expect(second?.closed).toBe(true);
    second?.onclose?.();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not reconnect once the session was revoked, whether by the event or by the server closing with 4001', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const onRevoked = vi.fn();
    listenToLiveEvents(() => 'token', onRevoked);
    const [first] = FakeSocket.instances;
    first?.onmessage?.({ data: JSON.stringify({ type: 'session.revoked' }) });
    first?.onclose?.({ code: 4001 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onRevoked).toHaveBeenCalledTimes(1);

    listenToLiveEvents(() => 'token', onRevoked);
    FakeSocket.instances[1]?.onclose?.({ code: 4001 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
