import { AUTHENTICATED } from '@paydesk/domain/access/endpoint-access';
import { liveEndpoints } from '@paydesk/domain/live/live.contract';
import { SESSION_REVOKED_CLOSE_CODE } from '@paydesk/domain/live/live-frames';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-routes';
import { principalOf, tokenPrincipalOf } from '../../plugins/auth';
import { sessionRevokedEvent, signInEndedEvent } from '../auth/auth.public';
import { issueWsTicket, maySeeEvent, toLiveFrame } from './live.service';

/** Under /api: the ticket a browser trades for the socket, since it cannot set headers on a WebSocket. */
export const liveTicketRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, liveEndpoints.ticket, async (request) => {
    const { user, claims } = tokenPrincipalOf(request);
    return { ticket: await issueWsTicket(app.ctx.db, { userId: user.id, familyId: claims.fam }) };
  });
};

/**
 * The signed-in user's live channel: every event their principal may see (addressed to them, e.g.
 * `session.revoked` when they are disabled, or to a merchant where they meet the event's rule) arrives as a JSON
 * frame, from whichever API process published it. The upgrade carries a single-use ticket from
 * `POST /api/ws-ticket/` as `?ticket=`, never the access token (URLs end up in logs and proxies).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws/events/', { websocket: true, config: { access: AUTHENTICATED } }, (socket, request) => {
    const principal = principalOf(request);
    const { user } = principal;
    const familyId = principal.claims ? principal.claims.fam : principal.familyId;
    const endSession = () => {
      socket.send(JSON.stringify({ type: sessionRevokedEvent.name }));
      // The session is over: nothing more may reach this socket.
      socket.close(SESSION_REVOKED_CLOSE_CODE, 'session revoked');
    };
    // One check at a time per socket, so that its frames keep the order the events arrived in.
    let delivered = Promise.resolve();
    const unsubscribe = app.events.subscribeAll((envelope) => {
      delivered = delivered.then(async () => {
        try {
          if (socket.readyState !== socket.OPEN) return;
          if (envelope.name === signInEndedEvent.name) {
            if (signInEndedEvent.payload.parse(envelope.payload).family_id === familyId) endSession();
          } else if (await maySeeEvent(app.ctx.db, user, envelope)) {
            if (envelope.name === sessionRevokedEvent.name) endSession();
            else socket.send(toLiveFrame(envelope));
          }
        } catch (error) {
          request.log.warn({ err: error, event: envelope.name }, 'could not deliver a live event');
        }
      });
    });
    socket.on('close', unsubscribe);
  });
};
