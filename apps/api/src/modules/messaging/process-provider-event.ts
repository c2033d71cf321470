import { randomUUID } from 'node:crypto';
import {
  MESSAGE_STATUSES,
  mayMoveTo,
  secondaryMessageOf,
  type MessageStatus,
} from '@paydesk/domain/messaging/delivery-errors';
import { classifyReply } from '@paydesk/domain/messaging/keywords';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { publishMessageChange } from './messaging.events';
import { messageMedia, messages, providerEvents, type MessageAttachment } from '../../db/schema/messaging';
import { withTransaction, type ProviderContext } from '../../lib/service-context';
import { flagBadNumber } from './deliver-message';
import { answerKeyword, type MessagingDependencies } from './answer-keyword';
import { mediaKeyOf, mediaUrl } from './media-store';
import { firstValue } from './receive-webhook';
import { retryUndeliveredMessage } from './retry-undelivered-message';
import { credentialsOf, findSendingNumber, settingsOf } from './sending-numbers';
import { appendMessage } from './threads';

/** Twilio's message statuses → ours (those that say nothing new map to null). */
const TWILIO_STATUS: Record<string, MessageStatus | null> = {
  accepted: null,
  scheduled: null,
  queued: null,
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/** How long a status update may wait for its message's send to be recorded before it is dropped. */
const STATUS_WAIT_MS = 60 * 60 * 1000;

/** Processes one stored webhook event, once: an inbound text or a delivery update. */
export async function processProviderEvent(
  ctx: ProviderContext,
  deps: MessagingDependencies,
  eventId: string,
): Promise<void> {
  const [event] = await ctx.db.select().from(providerEvents).where(eq(providerEvents.id, eventId));
  if (!event || event.processed_at) return;
  if (event.kind === 'status') await applyStatus(ctx, event);
  else await receiveText(ctx, deps, event);
}

type EventRow = typeof providerEvents.$inferSelect;

const markProcessed = (id: string, at: Date) =>
  ({ set: { processed_at: at }, where: and(eq(providerEvents.id, id), isNull(providerEvents.processed_at)) }) as const;

async function applyStatus(ctx: ProviderContext, event: EventRow): Promise<void> {
  const payload = event.payload;
  const sid = firstValue(payload, 'MessageSid') ?? firstValue(payload, 'SmsSid') ?? '';
  const next = TWILIO_STATUS[firstValue(payload, 'MessageStatus') ?? firstValue(payload, 'SmsStatus') ?? ''] ?? null;
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.provider_message_id, sid), eq(messages.direction, 'outbound')));
  if (!message && ctx.clock().getTime() - event.created.getTime() < STATUS_WAIT_MS) {
    // The send's outcome is not recorded yet (the callback beat it): the job tries again later.
    throw new Error(`status update for ${sid} arrived before its message was recorded`);
  }
  await withTransaction(ctx, async (tx) => {
    const done = markProcessed(event.id, tx.clock());
    await tx.db.update(providerEvents).set(done.set).where(done.where);
    if (!message || !next) return;
    const predecessors = MESSAGE_STATUSES.filter((status) => mayMoveTo(status, next));
    const code = firstValue(payload, 'ErrorCode') ?? null;
    const failed = next === 'failed' || next === 'undelivered';
    const [moved] = await tx.db
      .update(messages)
      .set({
        status: next,
        updated: tx.clock(),
        ...(failed
          ? {
              error_code: code,
              error_message: firstValue(payload, 'ErrorMessage') ?? `Twilio error ${code ?? 'unknown'}`,
              secondary_message: secondaryMessageOf(code),
            }
          : {}),
      })
      .where(and(eq(messages.id, message.id), inArray(messages.status, predecessors)))
      .returning({ id: messages.id });
    if (moved) await publishMessageChange(tx.events, { ...message, status: next });
    if (moved && failed) await flagBadNumber(tx, message, code);
    // A late 30003/30008 is retried as one at send time is, by a new text (retry-undelivered-message.ts says why).
    if (moved && next === 'undelivered') await retryUndeliveredMessage(tx, message, code);
  });
}

/** An MMS attachment already in the media store, its row still to write. */
type StoredAttachment = { id: string; key: string; contentType: string };

async function receiveText(ctx: ProviderContext, deps: MessagingDependencies, event: EventRow): Promise<void> {
  const payload = event.payload;
  const from = firstValue(payload, 'From') ?? '';
  const to = firstValue(payload, 'To') ?? '';
  const sid = firstValue(payload, 'MessageSid') ?? firstValue(payload, 'SmsSid') ?? event.event_id;
  const body = firstValue(payload, 'Body') ?? '';
  const number = await findSendingNumber(ctx.db, to);
  if (!number) {
    ctx.log.warn({ to }, 'an inbound text to a number no merchant has; dropped');
    const done = markProcessed(event.id, ctx.clock());
    await ctx.db.update(providerEvents).set(done.set).where(done.where);
    return;
  }
  const merchantId = number.merchant_id;
  const [customer] = await ctx.db
    .select()
    .from(customers)
    .where(
      and(eq(customers.merchant_id, merchantId), eq(customers.sms_phone_number, from), isNull(customers.removed_at)),
    );

  // Attachments are fetched and put in the media store outside any transaction (provider calls); their rows are
  // written with the message. A fetch or a store that fails fails the job, which tries again: no message is kept
  // without its attachments.
  const media: StoredAttachment[] = [];
  const count = Number(firstValue(payload, 'NumMedia') ?? 0);
  const credentials = credentialsOf(await settingsOf(ctx.db, merchantId), ctx.cipher);
  for (let index = 0; index < Math.min(count, 10); index += 1) {
    const url = firstValue(payload, `MediaUrl${index}`);
    if (!url) continue;
    const fetched = await ctx.providers.sms.fetchMedia(url, credentials);
    const contentType = firstValue(payload, `MediaContentType${index}`) ?? fetched.contentType;
    const id = randomUUID();
    const key = mediaKeyOf(merchantId, id);
    await ctx.providers.media.put(key, fetched.content, contentType).catch((error: unknown) => {
      throw new Error(`an MMS attachment could not be kept in the ${ctx.providers.media.name} media store`, {
        cause: error,
      });
    });
    media.push({ id, key, contentType });
  }

  const meaning = classifyReply(body);
  const provider = event.provider;
  const inbound = await withTransaction(ctx, async (tx) => {
    const done = markProcessed(event.id, tx.clock());
    const [claimed] = await tx.db
      .update(providerEvents)
      .set(done.set)
      .where(done.where)
      .returning({ id: providerEvents.id });
    if (!claimed) return null;
    const row = await appendMessage(tx, merchantId, from, {
      customer_id: customer?.id ?? null,
      direction: 'inbound',
      kind: 'manual',
      sender: customer ? `${customer.first_name} ${customer.last_name}`.trim() : from,
      body,
      from_number: from,
      to_number: to,
      status: 'received',
      provider,
      provider_message_id: sid,
      flagged_opt_out: meaning.kind === 'possible_opt_out',
    });
    if (media.length > 0) {
      const stored = await tx.db
        .insert(messageMedia)
        .values(
          media.map((item) => ({
            id: item.id,
            merchant_id: merchantId,
            message_id: row.id,
            content_type: item.contentType,
            storage_key: item.key,
          })),
        )
        .returning({ id: messageMedia.id, content_type: messageMedia.content_type });
      const attachments: MessageAttachment[] = stored.map((item) => ({
        url: mediaUrl(merchantId, item.id),
        type: item.content_type,
      }));
      await tx.db.update(messages).set({ attachments }).where(eq(messages.id, row.id));
    }
    await answerKeyword(tx, deps, { merchantId, customer: customer ?? null, from, meaning, words: body });
    return row;
  });
  if (inbound) ctx.log.debug({ messageId: inbound.id }, 'inbound text recorded');
}
