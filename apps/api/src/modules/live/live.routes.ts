import type { FastifyPluginAsync } from 'fastify';
import { AUTHENTICATED } from '@paydesk/domain/access/endpoint-access';
import { principalOf } from '../../plugins/auth';
import { userTopic } from './live.service';

/**
 * The signed-in user's live channel: events addressed to them (e.g. `session.revoked` when they are disabled)
 * arrive as JSON frames, from whichever API process published them. Browsers cannot set headers on a WebSocket,
 * so the access token comes as the `token` query parameter.
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
