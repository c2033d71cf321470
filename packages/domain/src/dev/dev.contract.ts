import { z } from 'zod';
import { PUBLIC } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';

export const outboxChannelSchema = z.enum(['email', 'sms']);

export const outboxMessageSchema = z.object({
  recipient: z.string(),
  channel: outboxChannelSchema,
  subject: z.string().nullable(),
  body: z.string(),
  created: z.iso.datetime({ offset: true }),
});

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Not registered in production: the local outbox, so links in messages can be followed when trying Paydesk. */
export const devEndpoints = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/dev/outbox/',
    summary: 'Messages in the local outbox, newest first (not in production)',
    tags: ['development'],
    access: PUBLIC,
    query: z.object({ recipient: z.string().optional(), channel: outboxChannelSchema.optional() }),
    status: 200,
    response: z.object({ results: z.array(outboxMessageSchema) }),
    errors: [400],
  }),
} as const;
