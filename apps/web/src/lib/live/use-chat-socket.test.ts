import { act, renderHook } from '@testing-library/react';
import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthHooks } from '../auth-hooks';
import { buildChatSocketUrl, openChatSocket, useChatSocket, type ChatSocketState } from './use-chat-socket';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api-client', () => ({ api: { call } }));

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
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

const CUSTOMER = '6f1c2a8e-4b7d-4c1e-9a3b-2d5e8f0a1b2c';

function messageOf(overrides: Partial<Message> = {}): Message {
  return {
    id: '0b9d8c7e-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
    customer_id: CUSTOMER,
    sender: 'Sam Staff',
    direction: 'outbound',
    body: 'Your payment is due Friday',
    language: 'en',
    translations: {},
    created: '2026-11-27T15:00:00.000Z',
    attachments: [],
    status: 'queued',
    error_code: null,
    error_message: null,
    secondary_message: null,
    flagged_opt_out: false,
    ...overrides,
  };
}

const frameOf = (message: Message) => ({ data: JSON.stringify({ type: 'chat.message', message }) });

afterEach(() => {
  FakeSocket.instances = [];
  call.mockReset();
  setAuthHooks({});
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the chat socket', () => {
  it('builds ws and wss URLs with the ticket as the token', () => {
    expect(buildChatSocketUrl({ protocol: 'http:', host: 'localhost:3000' }, CUSTOMER, 'a-b_c')).toBe(
      `ws://localhost:3000/ws/chat/${CUSTOMER}/?token=a-b_c`,
    );
    expect(buildChatSocketUrl({ protocol: 'https:', host: 'pay.example.com' }, CUSTOMER, 't')).toBe(
      `wss://pay.example.com/ws/chat/${CUSTOMER}/?token=t`,
    );
  });

  it('hands over each message, skips other frames, and reconnects with a fresh ticket after a growing wait', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    let issued = 0;
    const requestTicket = vi.fn(async () => `ticket-${(issued += 1)}`);
    const onMessage = vi.fn();
    const states: ChatSocketState[] = [];
    const stop = openChatSocket({ customerId: CUSTOMER, requestTicket, onMessage, onState: (s) => states.push(s) });

    await vi.advanceTimersByTimeAsync(0);
    const [first] = FakeSocket.instances;
    expect(first?.url).toMatch(/\?token=ticket-1$/);
    first?.onopen?.();
    first?.onmessage?.({ data: 'not json' });
    first?.onmessage?.({ data: JSON.stringify({ type: 'inbox.updated' }) });
    first?.onmessage?.(frameOf(messageOf()));
    first?.onmessage?.(frameOf(messageOf({ status: 'delivered' })));
    expect(onMessage.mock.calls.map(([message]) => (message as Message).status)).toEqual(['queued', 'delivered']);

    // Dropped: 1 s, then (the server still away) 2 s, then open again, and the next drop waits 1 s again.
    first?.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.instances[1]?.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const third = FakeSocket.instances[2];
    expect(third?.url).toMatch(/\?token=ticket-3$/);
    third?.onopen?.();
    third?.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances.map((socket) => socket.url.split('token=')[1])).toEqual([
      'ticket-1',
      'ticket-2',
      'ticket-3',
      'ticket-4',
    ]);
    expect(states).toEqual(['open', 'connecting', 'connecting', 'open', 'connecting']);

    stop();
    expect(FakeSocket.instances[3]?.closed).toBe(true);
    FakeSocket.instances[3]?.onclose?.({ code: 1000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it.each([
    [4001, 'a revoked session'],
    [4004, 'a customer the user may not see'],
  ])('stops for good when the server closes with %i (%s)', async (code) => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const states: ChatSocketState[] = [];
    openChatSocket({
      customerId: CUSTOMER,
      requestTicket: async () => 'ticket',
      onMessage: vi.fn(),
      onState: (s) => states.push(s),
    });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0]?.onclose?.({ code });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(states).toEqual(['closed']);
  });

  it('tries again when the ticket request fails, and opens nothing without a session', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const requestTicket = vi
      .fn<() => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('after-failure')
      .mockResolvedValue(null);
    const states: ChatSocketState[] = [];
    openChatSocket({ customerId: CUSTOMER, requestTicket, onMessage: vi.fn(), onState: (s) => states.push(s) });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances.map((socket) => socket.url)).toEqual([expect.stringMatching(/token=after-failure$/)]);

    FakeSocket.instances[0]?.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(states).toEqual(['connecting', 'connecting', 'closed']);
  });

  it('opens no socket when stopped while its ticket is on the way', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let deliver: (ticket: string) => void = () => {};
    const stop = openChatSocket({
      customerId: CUSTOMER,
      requestTicket: () => new Promise<string>((resolve) => (deliver = resolve)),
      onMessage: vi.fn(),
    });
    stop();
    deliver('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

describe('useChatSocket', () => {
  it('asks the API for a ticket, gives the latest callback each message, and closes on unmount', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    setAuthHooks({ getAccessToken: () => 'access' });
    call.mockResolvedValue({ ticket: 'from-api' });
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender, unmount } = renderHook(
      ({ onMessage }) => useChatSocket('merchant-1', CUSTOMER, onMessage),
      { initialProps: { onMessage: first } },
    );
    expect(result.current).toBe('connecting');
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const [socket] = FakeSocket.instances;
    expect(socket?.url).toBe(`ws://${window.location.host}/ws/chat/${CUSTOMER}/?token=from-api`);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/ws-ticket/' }), undefined, {
      bypassRefresh: true,
    });
    act(() => socket?.onopen?.());
    expect(result.current).toBe('open');

    rerender({ onMessage: latest });
    act(() => socket?.onmessage?.(frameOf(messageOf())));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(messageOf());

    unmount();
    expect(socket?.closed).toBe(true);
  });

  it('opens nothing until both ids are known, nor when signed out', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const { result } = renderHook(() => useChatSocket('merchant-1', undefined, vi.fn()));
    expect(result.current).toBe('closed');

    const signedOut = renderHook(() => useChatSocket('merchant-1', CUSTOMER, vi.fn()));
    await vi.waitFor(() => expect(signedOut.result.current).toBe('closed'));
    expect(call).not.toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
