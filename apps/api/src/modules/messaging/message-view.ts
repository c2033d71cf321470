import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import type { Config } from '../../config';
import type { messages } from '../../db/schema/messaging';
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
