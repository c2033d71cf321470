import { z } from 'zod';
import { SUPER_USER } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';

export const outboxChannelSchema = z.enum(['email', 'sms']);

export const outboxMessageSchema = z.object({
  recipient: z.string(),
  channel: outboxChannelSchema,
  subject: z.string().nullable(),
  body: z.string(),
  /** For texts: the sending number, the status, attachments. */
  metadata: z.record(z.string(), z.unknown()),
  created: z.iso.datetime({ offset: true }),
  /** When the local provider took it: at once, so a text's status reads Delivered (null: still queued). */
  delivered_at: z.iso.datetime({ offset: true }).nullable(),
});

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxReplyInput = { from: string; to?: string; body: string };

/**
 * The local outbox, registered only while it is the email provider (no SMTP_URL): super users read what the local
 * providers captured, so links in messages can be followed when trying Paydesk.
 */
export const devEndpoints = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/dev/outbox/',
    summary: 'Messages in the local outbox, newest first (super users; only while it is the email provider)',
    tags: ['development'],
    access: SUPER_USER,
    query: z.object({ recipient: z.string().optional(), channel: outboxChannelSchema.optional() }),
    status: 200,
    response: z.object({ results: z.array(outboxMessageSchema) }),
    errors: [400, 401, 403],
  }),
  inbound: defineEndpoint({
    method: 'POST',
    path: '/dev/outbox/inbound/',
    summary:
      "Post a customer's text reply as if from the SMS provider (super users; only while the outbox sends texts)",
    tags: ['development'],
    access: SUPER_USER,
    body: z
      .object({
        from: z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'Must be an E.164 phone number' }),
        to: z
          .string()
          .regex(/^\+[1-9]\d{6,14}$/, { error: 'Must be an E.164 phone number' })
          .optional(),
        body: z.string().max(1600),
      })
      .strict(),
    status: 201,
    response: z.object({ event_id: z.string() }),
    errors: [400, 401, 403],
  }),
} as const;
