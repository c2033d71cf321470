import { renderHook } from '@testing-library/react';
import type { LiveFrame, LiveFrameType } from '@paydesk/domain/live/live-frames';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveClient } from '../../../lib/live/live-client';
import { attachLiveClient } from '../../../lib/live/live-hub';
import { useChatLive } from './use-chat-live';

function fakeClient() {
  const handlers = new Set<(frame: LiveFrame) => void>();
  const client: LiveClient = {
    subscribe: <Type extends LiveFrameType>(_type: Type, handler: (frame: LiveFrame<Type>) => void) => {
      const untyped = handler as (frame: LiveFrame) => void;
      handlers.add(untyped);
      return () => handlers.delete(untyped);
    },
    stop: () => {},
  };
  const emit = (frame: LiveFrame) => handlers.forEach((handler) => handler(frame));
  return { client, emit, handlers };
}

const frame = (customer_id: string, merchant_id = '11111111-1111-4111-8111-111111111111') =>
  ({
    type: 'chat.message',
    merchant_id,
    customer_id,
    message_id: '33333333-3333-4333-8333-333333333333',
    direction: 'inbound',
    status: 'received',
  }) as const;

const MERCHANT = '11111111-1111-4111-8111-111111111111';

afterEach(() => vi.useRealTimers());

describe('useChatLive', () => {
  it('starts listening 5 s after the inbox opens, and passes on the merchant’s frames for the customer only', () => {
    vi.useFakeTimers();
    const { client, emit } = fakeClient();
    const detach = attachLiveClient(client);
    const onFrame = vi.fn();
    const { unmount } = renderHook(() => useChatLive(MERCHANT, 'cust-1', onFrame));

    emit(frame('cust-1'));
    expect(onFrame).not.toHaveBeenCalled();

    vi.advanceTimersByTime(5000);
    expect(onFrame).toHaveBeenCalledWith(null);
    emit(frame('cust-1'));
    emit(frame('cust-2'));
    emit(frame('cust-1', '22222222-2222-4222-8222-222222222222'));
    expect(onFrame).toHaveBeenCalledTimes(2);
    expect(onFrame).toHaveBeenLastCalledWith(frame('cust-1'));

    unmount();
    emit(frame('cust-1'));
    expect(onFrame).toHaveBeenCalledTimes(2);
    detach();
  });

  it('receives every customer’s frames without a customer, also from a client attached after it subscribed', () => {
    vi.useFakeTimers();
    const onFrame = vi.fn();
    renderHook(() => useChatLive(MERCHANT, null, onFrame));
    vi.advanceTimersByTime(5000);
    const { client, emit } = fakeClient();
    const detach = attachLiveClient(client);
    emit(frame('cust-1'));
    emit(frame('cust-2'));
    expect(onFrame).toHaveBeenCalledTimes(3);
    detach();
    emit(frame('cust-3'));
    expect(onFrame).toHaveBeenCalledTimes(3);
  });
});
