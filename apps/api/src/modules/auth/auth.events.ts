import { z } from 'zod';
import { defineEvent } from '../../lib/events';

/** The user's sessions were revoked (they were disabled): their open clients sign out at once. */
export const sessionRevokedEvent = defineEvent({ name: 'session.revoked', payload: z.object({}), audience: 'user' });
