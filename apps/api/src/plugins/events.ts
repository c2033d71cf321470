import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Database, SqlExecutor } from '../db/client';
import {
  encodeEvent,
  type Audience,
  type AudienceKind,
  type AudienceOf,
  type EventDefinition,
  type EventEnvelope,
} from '../lib/events';

/** One NOTIFY channel carries every event; each API process fans events out to its own subscribers. */
const CHANNEL = 'paydesk_events';

export type EventPublisher = {
  /** Publishes to every API process; inside a transaction it is delivered on commit, and never on rollback. */
  publish<Schema extends z.ZodType, Kind extends AudienceKind>(
    event: EventDefinition<Schema, Kind>,
    payload: z.input<Schema>,
    audience: AudienceOf<Kind>,
  ): Promise<void>;
};

export type Events = EventPublisher & {
  subscribe<Schema extends z.ZodType>(
    event: EventDefinition<Schema>,
    handler: (payload: z.output<Schema>, audience: Audience) => void,
  ): () => void;
  /** Every event as it arrived, for the live socket route, which checks each socket's right to see it. */
  subscribeAll(handler: (envelope: EventEnvelope) => void): () => void;
  /** A publisher whose NOTIFY runs on the given connection (the open transaction). */
  publisherOn(execute: SqlExecutor): EventPublisher;
};

declare module 'fastify' {
  interface FastifyInstance {
    events: Events;
  }
}

export const eventsPlugin = fp(async (app: FastifyInstance, options: { database: Database }) => {
  const handlers = new Set<(envelope: EventEnvelope) => void>();

  const unlisten = await options.database.listen(CHANNEL, (text) => {
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(text) as EventEnvelope;
    } catch (error) {
      app.log.warn({ err: error }, 'dropped a malformed event');
      return;
    }
    for (const handler of handlers) {
      try {
        handler(envelope);
      } catch (error) {
        app.log.warn({ err: error, event: envelope.name }, 'an event handler failed');
      }
    }
  });

  const publisherOn = (execute: SqlExecutor): EventPublisher => ({
    async publish(event, payload, audience) {
      await execute('select pg_notify($1, $2)', [CHANNEL, encodeEvent(event, payload, audience)]);
    },
  });

  const subscribeAll = (handler: (envelope: EventEnvelope) => void) => {
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
    };
  };

  app.decorate('events', {
    ...publisherOn(async (text, values) => ({ rows: await options.database.query(text, values) })),
    publisherOn,
    subscribeAll,
    subscribe(event, handler) {
      return subscribeAll((envelope) => {
        if (envelope.name === event.name) handler(event.payload.parse(envelope.payload), envelope.audience);
      });
    },
  } satisfies Events);

  app.addHook('onClose', async () => {
    await unlisten();
  });
});
