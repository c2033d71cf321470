import { AUTHENTICATED } from '@paydesk/domain/access/endpoint-access';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../plugins/auth';
import { createChatSockets } from './chat-sockets';

/**
 * A customer's conversation, live (SPEC §7 `/ws/chat/{customerId}/`): each frame carries a message of it (new, or
 * a status change) in the shape the conversation's list answers, from whichever API process wrote it. The upgrade
 * carries a single-use ticket from `POST /api/ws-ticket/` as `?token=`, never the access token. A customer the user
 * may not see (unknown, another merchant's) opens the socket and closes it at once with `CHAT_NOT_FOUND_CLOSE_CODE`,
 * sending nothing.
 */
export const chatSocketRoutes: FastifyPluginAsync = async (app) => {
  const chatSockets = createChatSockets(app.database.db, app.ctx, app.events, app.log);
  app.addHook('onClose', async () => chatSockets.close());

  app.get<{ Params: { customerId: string } }>(
    '/ws/chat/:customerId/',
    { websocket: true, config: { access: AUTHENTICATED } },
    (socket, request) => {
      const principal = principalOf(request);
      const familyId = principal.claims ? principal.claims.fam : principal.familyId;
      chatSockets.open(socket, { user: principal.user, familyId }, request.params.customerId).catch((error) => {
        request.log.warn({ err: error }, 'could not open a chat socket');
        socket.close(1011, 'unavailable');
      });
    },
  );
};
