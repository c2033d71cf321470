import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/messaging';
import { viewableAttachment } from './media-links';

export type MessageRow = typeof messages.$inferSelect;

/** What answering a message needs beyond its row: the key its attachments' links are signed with, and the time. */
export type MessageViewContext = { config: Pick<Config, 'JWT_SECRET'>; clock: () => Date };

/** A message as the API answers it; its stored attachments as links a signed-in browser can open (media-links.ts). */
export function toMessageDto(row: MessageRow, view: MessageViewContext): Message {
  const now = view.clock();
  return {
    id: row.id,
    customer_id: row.customer_id,
    sender: row.sender,
    direction: row.direction,
    body: row.body,
    language: row.language,
    translations: row.translations,
    created: row.created.toISOString(),
    attachments: row.attachments.map((attachment) => viewableAttachment(view.config, attachment, now)),
    status: row.status,
    error_code: row.error_code,
    error_message: row.error_message,
    secondary_message: row.secondary_message,
    flagged_opt_out: row.flagged_opt_out,
  };
}

/** One message of the merchant as the conversation lists it, or null when there is none. */
export async function findMessageView(
  db: Db,
  view: MessageViewContext,
  merchantId: string,
  messageId: string,
): Promise<Message | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.merchant_id, merchantId)));
  return row ? toMessageDto(row, view) : null;
}
