import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import type { messages } from '../../db/schema/messaging';

export type MessageRow = typeof messages.$inferSelect;

export function toMessageDto(row: MessageRow): Message {
  return {
    id: row.id,
    customer_id: row.customer_id,
    sender: row.sender,
    direction: row.direction,
    body: row.body,
    language: row.language,
    translations: row.translations,
    created: row.created.toISOString(),
    attachments: row.attachments,
    status: row.status,
    error_code: row.error_code,
    error_message: row.error_message,
    secondary_message: row.secondary_message,
    flagged_opt_out: row.flagged_opt_out,
  };
}
