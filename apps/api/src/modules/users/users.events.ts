import { z } from 'zod';
import { defineEvent } from '../../lib/events';

/**
 * A user's identity, roles or sessions changed: every API process drops its cached copy of the user (the auth
 * guard's active-user cache). It goes to the servers only, never to a live socket.
 */
export const userChangedEvent = defineEvent({
  name: 'user.changed',
  payload: z.object({ user_id: z.uuid() }),
  audience: 'servers',
});
