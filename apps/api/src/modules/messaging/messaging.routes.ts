import { canFreeTypeChat } from '@paydesk/domain/access/capabilities';
import { messagingEndpoints as endpoints } from '@paydesk/domain/messaging/messaging.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { merchantAccessOf, principalOf } from '../../plugins/auth';
import { getCustomerRow } from '../customers/customers.public';
import { listMessages } from './list-messages';
import { eventIdOf, recordProviderEvent, type ProviderEventKind, type WebhookPayload } from './receive-webhook';
import { sendMessage } from './send-message';
import { FieldErrors } from '../../lib/http-errors';
import { inboxRoutes } from './inbox.routes';
import { messageQueuesRoutes } from './message-queues.routes';
import { messagingSettingsRoutes } from './messaging-settings.routes';
import { verifyTwilioWebhook } from './verify-twilio-webhook';

/** Form fields as Twilio posts them; a name given more than once keeps every value. */
export function parseForm(text: string): WebhookPayload {
  const payload: WebhookPayload = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = payload[name];
    if (existing === undefined) payload[name] = value;
    else payload[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return payload;
}

const nextLink = (request: FastifyRequest, page: number) => {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page + 1));
  return `${url.pathname}${url.search}`;
};

export const messagingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Twilio posts form-encoded fields (only these routes, in this plugin's scope).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseForm(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // The inbox, attachments and the compose picker (inbox.routes.ts); the dashboard's queues.
  await app.register(inboxRoutes);
  await app.register(messageQueuesRoutes);
  await app.register(messagingSettingsRoutes);

  registerEndpoint(app, endpoints.send, async (request) => {
    const access = merchantAccessOf(request);
    const user = principalOf(request).user;
    return sendMessage(ctx, {
      merchant: access.merchant,
      accountId: request.params.accountId,
      user: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
      mayFreeType: canFreeTypeChat({ roles: access.accessRoles, merchant: access.merchant }),
      body: request.body,
    });
  });

  registerEndpoint(app, endpoints.list, async (request) => {
    const customer = await getCustomerRow(ctx.db, request.params.id, request.params.customerId, {
      includeRemoved: true,
    });
    const { more, results } = await listMessages(ctx, request.params.id, customer.id, request.query);
    return { next: more ? nextLink(request, request.query.page) : null, results };
  });

  const webhook = (kind: ProviderEventKind, path: string) => async (request: FastifyRequest) => {
    const payload = (request.body ?? {}) as WebhookPayload;
    await verifyTwilioWebhook(ctx, kind, path, request.headers['x-twilio-signature'], payload);
    const eventId = eventIdOf(kind, payload);
    if (!eventId) throw FieldErrors.of('MessageSid', 'This field is required.');
    await recordProviderEvent(ctx, 'twilio', kind, eventId, payload);
  };
  registerEndpoint(app, endpoints.twilioInbound, webhook('inbound', endpoints.twilioInbound.path));
  registerEndpoint(app, endpoints.twilioStatus, webhook('status', endpoints.twilioStatus.path));
};
