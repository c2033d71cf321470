import type { FastifyInstance } from 'fastify';

export type UserEvent = { type: 'session.revoked' };

export const userTopic = (userId: string) => `user.${userId}`;

/** Tells every open client of the user, on any API process. */
export async function notifyUser(app: FastifyInstance, userId: string, event: UserEvent): Promise<void> {
  await app.events.publish(userTopic(userId), event);
}
