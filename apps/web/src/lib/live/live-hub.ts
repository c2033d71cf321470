// Where features subscribe to the session's live channel (lib/live/live-client.ts). The session opens the client once
// signed in and attaches it here; a feature may subscribe before that (or across a reconnect of the session), and its
// handler is attached to whichever client is current. Kept apart from live-client.ts so a feature's subscription does
// not load the client (and zod) itself.

import type { LiveFrame, LiveFrameType } from '@paydesk/domain/live/live-frames';
import type { LiveClient } from './live-client';

type Subscription = {
  type: LiveFrameType;
  handler: (frame: LiveFrame) => void;
  detach?: () => void;
};

let current: LiveClient | null = null;
const subscriptions = new Set<Subscription>();

/** The session's client from now on; the returned function detaches it (at logout, before it is stopped). */
export function attachLiveClient(client: LiveClient): () => void {
  current = client;
  for (const subscription of subscriptions) {
    subscription.detach = client.subscribe(subscription.type, subscription.handler);
  }
  return () => {
    if (current !== client) return;
    current = null;
    for (const subscription of subscriptions) {
      subscription.detach?.();
      subscription.detach = undefined;
    }
  };
}

/** Calls `handler` with every frame of the type the session's channel receives, until the returned function runs. */
export function subscribeLive<Type extends LiveFrameType>(
  type: Type,
  handler: (frame: LiveFrame<Type>) => void,
): () => void {
  const subscription: Subscription = { type, handler: handler as (frame: LiveFrame) => void };
  subscriptions.add(subscription);
  if (current) subscription.detach = current.subscribe(type, handler);
  return () => {
    subscriptions.delete(subscription);
    subscription.detach?.();
  };
}
