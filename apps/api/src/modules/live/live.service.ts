import { createHash, randomBytes } from 'node:crypto';
import { WS_TICKET_LIFETIME_SECONDS } from '@paydesk/domain/live/live.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { deleteExpiredWsTickets, deleteValidWsTicket, insertWsTicket } from './live.repository';

export type UserEvent = { type: 'session.revoked' };

export const userTopic = (userId: string) => `user.${userId}`;

/** Tells every open client of the user, on any API process. */
export async function notifyUser(app: FastifyInstance, userId: string, event: UserEvent): Promise<void> {
  await app.events.publish(userTopic(userId), event);
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A random 32-byte ticket for the user's live socket; only its hash is stored. */
export async function issueWsTicket(db: Db, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await insertWsTicket(db, userId, hashTicket(ticket), WS_TICKET_LIFETIME_SECONDS);
  return ticket;
}

/** Uses a ticket up: its user the first time, before it expires; null for any other use or an unknown ticket. */
export async function redeemWsTicket(db: Db, ticket: string): Promise<string | null> {
  return deleteValidWsTicket(db, hashTicket(ticket));
}

export async function pruneExpiredWsTickets(db: Db, expiredBefore: Date): Promise<void> {
  await deleteExpiredWsTickets(db, expiredBefore);
}
