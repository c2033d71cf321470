// The customer-replies queue (issue 21 item 10; SPEC §2 `/customer-replies`): a merchant's conversations with
// customers' unread replies, the one waiting longest first, each with its latest unread replies.

import { UNREAD_PREVIEW_COUNT, type CustomerReply } from '@paydesk/domain/messaging/message-queues.contract';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { pageBounds, type PageRequest } from '../../lib/pagination';

type ReplyRow = {
  customer_id: string;
  first_name: string;
  last_name: string;
  external_id: string | null;
  phone_number: string | null;
  unread_messages: number;
  first_unread_created: Date;
  needs_review: boolean;
  messages: Array<{ id: string; body: string; created: string; attachments: number }> | null;
};

const toDto = (row: ReplyRow): CustomerReply => ({
  customer_id: row.customer_id,
  first_name: row.first_name,
  last_name: row.last_name,
  external_id: row.external_id,
  phone_number: row.phone_number,
  unread_messages: row.unread_messages,
  first_unread_created: new Date(row.first_unread_created).toISOString(),
  needs_review: row.needs_review,
  messages: (row.messages ?? []).map((message) => ({
    ...message,
    created: new Date(message.created).toISOString(),
  })),
});

/**
 * One page of the queue (`inbox_threads_unread_idx`); the unread replies are those of the conversation since its
 * oldest unread one (`messages_thread_idx`).
 */
export async function listCustomerReplies(
  db: Db,
  merchantId: string,
  request: PageRequest,
): Promise<{ count: number; results: CustomerReply[] }> {
  const { limit, offset } = pageBounds(request);
  const [rows, counted] = await Promise.all([
    selectRows<ReplyRow>(
      db,
      sql`
      select c.id as customer_id, c.first_name, c.last_name, c.primary_external_id as external_id,
             coalesce(c.sms_phone_number, t.phone_number) as phone_number,
             t.unread_messages, t.first_unread_created, t.needs_review,
             (select json_agg(json_build_object('id', m.id, 'body', m.body, 'created', m.created,
                                                'attachments', jsonb_array_length(m.attachments))
                              order by m.created desc, m.id desc)
                from (select * from messages m
                       where m.thread_id = t.id and m.direction = 'inbound' and m.created >= t.first_unread_created
                       order by m.created desc, m.id desc
                       limit ${UNREAD_PREVIEW_COUNT}) m) as messages
        from inbox_threads t
        join customers c on c.id = t.customer_id
       where t.merchant_id = ${merchantId}
         and t.first_unread_created is not null and t.customer_id is not null
         and c.removed_at is null
       order by t.first_unread_created, t.id
       limit ${limit} offset ${offset}`,
    ),
    selectRows<{ count: number }>(
      db,
      sql`
      select count(*)::int as count
        from inbox_threads t
        join customers c on c.id = t.customer_id
       where t.merchant_id = ${merchantId}
         and t.first_unread_created is not null and t.customer_id is not null
         and c.removed_at is null`,
    ),
  ]);
  return { count: counted[0]?.count ?? 0, results: rows.map(toDto) };
}
