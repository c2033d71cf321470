import { createHash, randomBytes } from 'node:crypto';
import { meetsRequirement } from '@paydesk/domain/access/requirements';
import { WS_TICKET_LIFETIME_SECONDS } from '@paydesk/domain/live/live.contract';
import type { Db } from '../../db/client';
import type { EventEnvelope } from '../../lib/events';
import { findMerchantAccess, type UserRow } from '../users/users.public';
import { deleteExpiredWsTickets, deleteValidWsTicket, insertWsTicket } from './live.repository';

/** Whether the user may receive the event: it is addressed to them, or to a merchant where they meet its rule. */
export async function maySeeEvent(db: Db, user: UserRow, envelope: EventEnvelope): Promise<boolean> {
  const { audience } = envelope;
  if (audience.kind === 'servers') return false;
  if (audience.kind === 'user') return audience.userId === user.id;
  const access = await findMerchantAccess(db, user, audience.merchantId);
  if (!access) return false;
  return (
    !envelope.requirement ||
    meetsRequirement(envelope.requirement, { roles: access.accessRoles, merchant: access.merchant })
  );
}

/** The JSON frame a socket receives: the event's name as `type`, beside its payload's fields. */
export function toLiveFrame(envelope: EventEnvelope): string {
  return JSON.stringify({ type: envelope.name, ...(envelope.payload as object) });
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A user and one of their sign-ins (refresh families). */
export type SignIn = { userId: string; familyId: string };

/** A random 32-byte ticket for a live socket of the sign-in; only its hash is stored. */
export async function issueWsTicket(db: Db, signIn: SignIn): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await insertWsTicket(db, signIn, hashTicket(ticket), WS_TICKET_LIFETIME_SECONDS);
  return ticket;
}

/**
 * Uses a ticket up: its sign-in the first time, before it expires; null for any other use or an unknown ticket.
 * Whether the sign-in still stands is the caller's check.
 */
export async function redeemWsTicket(db: Db, ticket: string): Promise<SignIn | null> {
  return deleteValidWsTicket(db, hashTicket(ticket));
}

export async function pruneExpiredWsTickets(db: Db, expiredBefore: Date): Promise<void> {
  await deleteExpiredWsTickets(db, expiredBefore);
}
