import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

/** One NOTIFY channel carries every topic; each API process fans events out to its own subscribers. */
const CHANNEL = 'paydesk_events';

export type EventHandler = (data: unknown) => void;

export type Events = {
  publish(topic: string, data: unknown): Promise<void>;
  subscribe(topic: string, handler: EventHandler): () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: Events;
  }
}

export const eventsPlugin = fp(async (app: FastifyInstance, options: { database: Database }) => {
  const handlers = new Map<string, Set<EventHandler>>();

  const unlisten = await options.database.listen(CHANNEL, (payload) => {
    try {
      const { topic, data } = JSON.parse(payload) as { topic: string; data: unknown };
      for (const handler of handlers.get(topic) ?? []) handler(data);
    } catch (error) {
      app.log.warn({ err: error }, 'dropped a malformed event');
    }
  });

  app.decorate('events', {
    async publish(topic, data) {
      await options.database.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, data })]);
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
  } satisfies Events);

  app.addHook('onClose', async () => {
    await unlisten();
  });
});
