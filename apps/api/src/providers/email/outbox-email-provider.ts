import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/outbox';
import type { EmailProvider } from './email-provider';

/** Embedded default: emails are kept in the outbox table, where people (and tests) can read them. */
export function createOutboxEmailProvider(db: Db): EmailProvider {
  return {
    name: 'outbox',
    async send(message, { idempotencyKey }) {
      await db
        .insert(outboxMessages)
        .values({
          channel: 'email',
          recipient: message.to.toLowerCase(),
          subject: message.subject,
          body: message.text,
          metadata: message.html ? { html: message.html } : {},
          delivered_at: new Date(),
          idempotency_key: idempotencyKey,
        })
        .onConflictDoNothing({ target: outboxMessages.idempotency_key });
    },
  };
}
