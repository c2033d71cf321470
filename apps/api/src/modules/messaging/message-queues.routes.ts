import { messageQueueEndpoints as endpoints } from '@paydesk/domain/messaging/message-queues.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { toPage } from '../../lib/pagination';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { dismissMissedMessage } from './dismiss-missed-message';
import { listCustomerReplies } from './list-customer-replies';
import { isMissedMessageOf, listMissedMessages } from './missed-messages';
import { resendMissedMessage } from './resend-missed-message';

/** The dashboard's message queues: customers' unread replies and missed texts (issue 21 item 10). */
export const messageQueuesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Not a missed text of this merchant: 404 before an Idempotency-Key is claimed for it (a refused request writes
  // nothing).
  app.addHook('preValidation', async (request) => {
    const { mid } = request.params as { mid?: string };
    if (mid === undefined) return;
    const merchantId = request.merchantAccess?.merchant.id;
    if (!merchantId || !isUuid(mid) || !(await isMissedMessageOf(ctx.db, merchantId, mid))) throw notFound();
  });

  registerEndpoint(app, endpoints.customerReplies, async (request) => {
    const page = await listCustomerReplies(ctx.db, request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.missedMessages, async (request) => {
    const page = await listMissedMessages(ctx.db, request.params.id, request.query);
    return toPage(request, request.query, page.count, page.results);
  });

  registerEndpoint(app, endpoints.resend, async (request) => {
    const user = principalOf(request).user;
    return resendMissedMessage(ctx, {
      merchantId: merchantAccessOf(request).merchant.id,
      messageId: request.params.mid,
      user: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
    });
  });

  registerEndpoint(app, endpoints.dismiss, async (request) => {
    await dismissMissedMessage(ctx, {
      merchantId: merchantAccessOf(request).merchant.id,
      messageId: request.params.mid,
    });
  });
};
