import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/outbox';
import { OUTBOX_FAILING_NUMBERS } from '@paydesk/domain/messaging/outbox-numbers';
import { readLimited, type SmsProvider } from './sms-provider';

/**
 * Embedded default: texts are kept in the outbox table (channel `sms`), where people and tests read them, and count
 * as delivered at once. The same idempotency key is the same text: the outbox keeps one. Texts to the sandbox's
 * failing numbers (OUTBOX_FAILING_NUMBERS) are not kept: they fail with that number's Twilio error, at once and
 * without retries, so a missed text can be tried without a phone.
 */
export function createOutboxSmsProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(text, { idempotencyKey }) {
      const failure = OUTBOX_FAILING_NUMBERS[text.to];
      if (failure) return { status: 'failed', code: failure.code, message: failure.message };
      await db
        .insert(outboxMessages)
        .values({
          channel: 'sms',
          recipient: text.to,
          subject: null,
          body: text.body,
          metadata: { from: text.from, media_urls: [...text.mediaUrls] },
          delivered_at: new Date(),
          idempotency_key: idempotencyKey,
        })
        .onConflictDoNothing({ target: outboxMessages.idempotency_key });
      const [row] = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.idempotency_key, idempotencyKey));
      return { status: 'sent', providerMessageId: `OB${row?.id ?? idempotencyKey}`, delivered: true };
    },
    async fetchMedia(url) {
      const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`attachment fetch answered ${response.status}`);
      return {
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        content: await readLimited(response),
      };
    },
  };
}
