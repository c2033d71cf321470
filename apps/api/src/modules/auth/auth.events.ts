import { z } from 'zod';
import { defineEvent } from '../../lib/events';

/** The user's sessions were revoked (they were disabled): their open clients sign out at once. */
export const sessionRevokedEvent = defineEvent({ name: 'session.revoked', payload: z.object({}), audience: 'user' });

/**
 * One sign-in (refresh family) ended, by logout: every API process closes that sign-in's live sockets (telling them
 * `session.revoked`). For the servers only; the user's other sign-ins go on.
 */
export const signInEndedEvent = defineEvent({
  name: 'sign_in.ended',
  payload: z.object({ user_id: z.string(), family_id: z.string() }),
  audience: 'servers',
});
