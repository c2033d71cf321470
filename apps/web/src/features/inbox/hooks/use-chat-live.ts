// The inbox's live updates (SPEC §7 "each frame carries a message", §9 "listening for chat events starts 5 seconds
// after the inbox opens"). The list hears of every conversation through the session's events socket; the open
// conversation has its own `/ws/chat/{customerId}/` socket (lib/live/use-chat-socket.ts) once listening starts.

import { CHAT_LISTEN_DELAY_MS } from '@paydesk/domain/constants';
import type { LiveFrame } from '@paydesk/domain/live/live-frames';
import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from '../../../lib/live/live-hub';

export type ChatFrame = LiveFrame<'chat.message'>;

/**
 * Calls `onFrame` for each chat message written or changed on the merchant — only the customer's when `customerId`
 * is given — from CHAT_LISTEN_DELAY_MS after the component mounts; `onFrame(null)` once as listening starts, so the
 * caller can read again what changed before it.
 */
export function useChatLive(
  merchantId: string,
  customerId: string | null,
  onFrame: (frame: ChatFrame | null) => void,
): void {
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    if (!merchantId) return;
    let unsubscribe: (() => void) | null = null;
    const start = () => {
      unsubscribe = subscribeLive('chat.message', (frame) => {
        if (frame.merchant_id !== merchantId) return;
        if (customerId !== null && frame.customer_id !== customerId) return;
        handler.current(frame);
      });
      handler.current(null);
    };
    const wait = Math.max(0, openedAt + CHAT_LISTEN_DELAY_MS - Date.now());
    const timer = wait === 0 ? null : setTimeout(start, wait);
    if (timer === null) start();
    return () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe?.();
    };
  }, [merchantId, customerId, openedAt]);
}

/** False until CHAT_LISTEN_DELAY_MS after the component mounts (SPEC §9: listening starts 5 s after the inbox opens). */
export function useListeningStarted(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), CHAT_LISTEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return started;
}
