import { liveEndpoints } from '@paydesk/domain/live/live.contract';
import { api } from '../../../lib/api-client';

/** POST /ws-ticket/: a single-use ticket for the live socket; not user activity, so it never extends the session. */
export async function requestWsTicket(): Promise<string> {
  const { ticket } = await api.call(liveEndpoints.ticket, undefined, { bypassRefresh: true });
  return ticket;
}
