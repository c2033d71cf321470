import { ERROR_CATALOGUE } from '@paydesk/domain/errors/catalogue';
import { isBadNumberErrorCode, secondaryMessageOf } from '@paydesk/domain/messaging/delivery-errors';
import { nextSendTime } from '@paydesk/domain/messaging/quiet-hours';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { merchants } from '../../db/schema/identity';
import { badNumbers, messages } from '../../db/schema/messaging';
import { appUrlOf } from '../../lib/app-url';
import { withTransaction, type ProviderContext, type ServiceContext } from '../../lib/service-context';
import { providerMediaUrl } from './media-links';
import { publishMessageChange } from './messaging.events';
import { MESSAGE_MAX_ATTEMPTS, MESSAGE_SEND_LEASE_SECONDS, sendMessageJob } from './messaging.jobs';
import { refusalToText } from './may-text';
import { credentialsOf, sendingNumberFor, settingsOf } from './sending-numbers';
import { windowOf } from './send-message';
import { STATUS_WEBHOOK_PATH } from './webhook-paths';

/** The provider's idempotency key for a text: the same for every run that sends that row. */
export const messageIdempotencyKey = (messageId: string) => `message:${messageId}`;

/** Backoff before try `attempt + 1`: 30 s, 1, 2, 4, 8 minutes… at most an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/**
 * Sends one queued text: claims the row (`queued → sending`, or a `sending` row whose claim lapsed) in one
 * conditional update, checks again that the customer may be texted and (automated and bulk texts) that it is
 * inside the customer's window, calls the provider outside any transaction with the row's key, and records the
 * outcome: sent (or delivered), a later try with backoff, or failed with the provider's code and plain words.
 */
export async function deliverMessage(ctx: ProviderContext, messageId: string): Promise<void> {
  const now = ctx.clock();
  const claimedUntil = new Date(now.getTime() + MESSAGE_SEND_LEASE_SECONDS * 1000);
  const [message] = await ctx.db
    .update(messages)
    .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, claimed_until: claimedUntil, updated: now })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.direction, 'outbound'),
        or(eq(messages.status, 'queued'), and(eq(messages.status, 'sending'), lt(messages.claimed_until, now))),
      ),
    )
    .returning();
  if (!message) return; // sent, failed, or being sent by another run
  await publishMessageChange(ctx.events, message);
  const release = async (changes: Partial<Record<keyof typeof messages.$inferInsert, unknown>>) => {
    const [released] = await ctx.db
      .update(messages)
      .set({ claimed_until: null, updated: ctx.clock(), ...(changes as Partial<typeof messages.$inferInsert>) })
      .where(and(eq(messages.id, message.id), eq(messages.status, 'sending'), eq(messages.claimed_until, claimedUntil)))
      .returning();
    if (released) await publishMessageChange(ctx.events, released);
  };

  const [merchant] = await ctx.db
    .select({ timezone: merchants.timezone })
    .from(merchants)
    .where(eq(merchants.id, message.merchant_id));
  const customer = message.customer_id
    ? ((
        await ctx.db
          .select({ location_id: customers.location_id, state: customers.state })
          .from(customers)
          .where(eq(customers.id, message.customer_id))
      )[0] ?? null)
    : null;

  // Consent and contact status, again: they may have changed since the request (system answers to keywords excepted).
  if (message.kind !== 'system' && message.customer_id) {
    const refusal = await refusalToText(ctx.db, message.customer_id, message.account_id);
    if (refusal) {
      await release({
        status: 'failed',
        error_code: refusal,
        error_message: ERROR_CATALOGUE[refusal],
        secondary_message: ERROR_CATALOGUE[refusal],
      });
      return;
    }
  }
  const settings = await settingsOf(ctx.db, message.merchant_id);
  if ((message.kind === 'automated' || message.kind === 'bulk') && message.to_number) {
    const at = nextSendTime(
      now,
      {
        addressState: customer?.state,
        phone: message.to_number,
        merchantTimeZone: merchant?.timezone ?? 'America/New_York',
      },
      windowOf(settings),
    );
    if (at.getTime() > now.getTime()) {
      await release({ status: 'queued', send_after: at, attempts: sql`${messages.attempts} - 1` });
      await ctx.jobs.send(sendMessageJob, { messageId: message.id }, { startAfter: at });
      return;
    }
  }
  const from = await sendingNumberFor(ctx.db, message.merchant_id, customer?.location_id ?? null);
  if (!from || !message.to_number) {
    await release({
      status: 'failed',
      error_code: 'no_sending_number',
      error_message: 'The merchant has no number to send texts from.',
      secondary_message: 'The merchant has no number to send texts from.',
    });
    return;
  }

  const outcome = await ctx.providers.sms.send(
    {
      from: from.phone_number,
      to: message.to_number,
      body: message.body,
      // Twilio fetches attachments over the internet: expiring signed links from PUBLIC_URL. The outbox keeps paths.
      mediaUrls: message.attachments.map((attachment) =>
        ctx.providers.sms.name === 'twilio' ? providerMediaUrl(ctx.config, attachment.url, now) : attachment.url,
      ),
      statusCallback: ctx.config.PUBLIC_URL ? `${appUrlOf(ctx.config)}/api${STATUS_WEBHOOK_PATH}` : undefined,
    },
    { idempotencyKey: messageIdempotencyKey(message.id), credentials: credentialsOf(settings, ctx.cipher) },
  );

  if (outcome.status === 'sent') {
    await release({
      status: outcome.delivered ? 'delivered' : 'sent',
      provider: ctx.providers.sms.name,
      provider_message_id: outcome.providerMessageId,
      from_number: from.phone_number,
      sent_at: ctx.clock(),
    });
    return;
  }
  if (outcome.status === 'retry' && message.attempts < MESSAGE_MAX_ATTEMPTS) {
    const at = new Date(ctx.clock().getTime() + retryDelaySeconds(message.attempts) * 1000);
    await release({ status: 'queued', error_code: outcome.code, error_message: outcome.message, send_after: at });
    await ctx.jobs.send(sendMessageJob, { messageId: message.id }, { startAfter: at });
    return;
  }
  await withTransaction(ctx, async (tx) => {
    const [failedRow] = await tx.db
      .update(messages)
      .set({
        status: 'failed',
        claimed_until: null,
        updated: tx.clock(),
        from_number: from.phone_number,
        error_code: outcome.code,
        error_message: outcome.message,
        secondary_message: secondaryMessageOf(outcome.code),
      })
      .where(and(eq(messages.id, message.id), eq(messages.status, 'sending'), eq(messages.claimed_until, claimedUntil)))
      .returning();
    if (failedRow) await publishMessageChange(tx.events, failedRow);
    await flagBadNumber(tx, message, outcome.code);
  });
}

/** After 30005, 30006, 21211 or 21614: the customer's number is flagged as unable to take texts. */
export async function flagBadNumber(
  ctx: ServiceContext,
  message: { merchant_id: string; customer_id: string | null; to_number: string | null },
  code: string | null,
): Promise<void> {
  if (!isBadNumberErrorCode(code) || !message.customer_id || !message.to_number || !code) return;
  await ctx.db
    .insert(badNumbers)
    .values({
      merchant_id: message.merchant_id,
      customer_id: message.customer_id,
      phone_number: message.to_number,
      error_code: code,
      created: ctx.clock(),
    })
    .onConflictDoNothing();
}
