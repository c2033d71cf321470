import type { Message } from '@paydesk/domain/messaging/messaging.contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/messaging';

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

/** One message of the merchant as the conversation lists it, or null when there is none. */
export async function findMessageView(db: Db, merchantId: string, messageId: string): Promise<Message | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.merchant_id, merchantId)));
  return row ? toMessageDto(row) : null;
}
