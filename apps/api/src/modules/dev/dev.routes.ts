import { devEndpoints } from '@paydesk/domain/dev/dev.contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { outboxMessages } from '../../db/schema/outbox';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { receiveOutboxReply } from '../messaging/messaging.public';

/**
 * Reading the local outbox: what emails and texts would have gone out. Registered only while the outbox is the email
 * provider, for super users, so people trying Paydesk and the browser journeys can follow links in messages.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, devEndpoints.outbox, async (request) => {
    const { recipient, channel } = request.query;
    const rows = await app.ctx.db
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
    return {
      results: rows.map((row) => ({
        ...row,
        created: row.created.toISOString(),
        delivered_at: row.delivered_at?.toISOString() ?? null,
      })),
    };
  });

  // A customer's reply, through the same inbound path a provider's webhook takes (only while the outbox sends texts).
  if (app.providers.sms.name === 'outbox') {
    registerEndpoint(app, devEndpoints.inbound, async (request) => ({
      event_id: await receiveOutboxReply(app.ctx, request.body),
    }));
  }
};
