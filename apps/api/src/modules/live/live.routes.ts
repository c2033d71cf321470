import { AUTHENTICATED } from '@paydesk/domain/access/endpoint-access';
import { liveEndpoints } from '@paydesk/domain/live/live.contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { principalOf } from '../../plugins/auth';
import { issueWsTicket, userTopic } from './live.service';

/** Under /api: the ticket a browser trades for the socket, since it cannot set headers on a WebSocket. */
export const liveTicketRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, liveEndpoints.ticket, async (request) => ({
    ticket: await issueWsTicket(app.database.db, principalOf(request).user.id),
  }));
};

/**
 * The signed-in user's live channel: events addressed to them (e.g. `session.revoked` when they are disabled)
 * arrive as JSON frames, from whichever API process published them. The upgrade carries a single-use ticket from
 * `POST /api/ws-ticket/` as `?ticket=`, never the access token (URLs end up in logs and proxies).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws/events/', { websocket: true, config: { access: AUTHENTICATED } }, (socket, request) => {
    const { user } = principalOf(request);
    const unsubscribe = app.events.subscribe(userTopic(user.id), (event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    socket.on('close', unsubscribe);
  });
};
