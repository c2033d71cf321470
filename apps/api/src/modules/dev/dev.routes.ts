import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema/outbox';
import { PUBLIC } from '../../plugins/access';

const outboxMessageSchema = z.object({
  recipient: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  body: z.string(),
  created: z.iso.datetime({ offset: true }),
});

/**
 * Reading the local outbox (embedded mode): what emails and texts would have gone out. Registered only outside
 * production, so people trying Paydesk locally and the browser journeys can follow links in messages.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox/',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['development'],
        summary: 'Messages in the local outbox, newest first (not in production)',
        querystring: z.object({ recipient: z.string().optional(), channel: z.enum(['email', 'sms']).optional() }),
        response: { 200: z.object({ results: z.array(outboxMessageSchema) }) },
      },
    },
    async (request) => {
      const { recipient, channel } = request.query;
      const rows = await app.database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            recipient ? eq(outboxMessages.recipient, recipient.toLowerCase()) : undefined,
            channel ? eq(outboxMessages.channel, channel) : undefined,
          ),
        )
        .orderBy(desc(outboxMessages.created))
        .limit(100);
      return { results: rows.map((row) => ({ ...row, created: row.created.toISOString() })) };
    },
  );
};
