// The missed-messages queue (issue 21 item 10; SPEC §2 `/missed-messages`): a merchant's outbound texts that failed
// or were undelivered and that nobody sent again or dismissed, newest first, with the reason in plain words.

import { isResendableErrorCode, secondaryMessageOf } from '@paydesk/domain/messaging/delivery-errors';
import type { MissedMessage } from '@paydesk/domain/messaging/message-queues.contract';
import type { MessageKind } from '@paydesk/domain/messaging/messaging.contract';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { pageBounds, type PageRequest } from '../../lib/pagination';

/** An outbound text that failed or was undelivered (over `m` messages). */
const FAILED_OUTBOUND = sql`m.direction = 'outbound' and m.status in ('failed', 'undelivered')`;
/** …and is still in the queue: the predicate of `messages_missed_idx`. */
const IN_QUEUE = sql`${FAILED_OUTBOUND} and m.resent_message_id is null and m.dismissed_at is null`;

type MissedRow = {
  id: string;
  created: Date;
  status: 'failed' | 'undelivered';
  kind: MessageKind;
  sender: string;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  external_id: string | null;
  to_number: string | null;
  body: string;
  attachments: number;
  error_code: string | null;
  error_message: string | null;
  secondary_message: string | null;
  resend_of: string | null;
};

const toDto = (row: MissedRow): MissedMessage => ({
  id: row.id,
  created: new Date(row.created).toISOString(),
  status: row.status,
  kind: row.kind,
  sender: row.sender,
  customer:
    row.customer_id === null
      ? null
      : {
          id: row.customer_id,
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
          external_id: row.external_id,
        },
  phone_number: row.to_number,
  body: row.body,
  attachments: row.attachments,
  error_code: row.error_code,
  error_message: row.error_message,
  reason: row.secondary_message ?? secondaryMessageOf(row.error_code),
  resendable: isResendableErrorCode(row.error_code),
  resend_of: row.resend_of,
});

function selectMissed(where: SQL, tail: SQL): SQL {
  return sql`
    select m.id, m.created, m.status, m.kind, m.sender, m.to_number, m.body,
           jsonb_array_length(m.attachments)::int as attachments,
           m.error_code, m.error_message, m.secondary_message,
           c.id as customer_id, c.first_name, c.last_name,
           coalesce(a.external_id, c.primary_external_id) as external_id,
           (select o.id from messages o where o.resent_message_id = m.id limit 1) as resend_of
      from messages m
      left join customers c on c.id = m.customer_id
      left join accounts a on a.id = m.account_id
     where ${where}
     ${tail}`;
}

/** One page of the queue (`messages_missed_idx`). */
export async function listMissedMessages(
  db: Db,
  merchantId: string,
  request: PageRequest,
): Promise<{ count: number; results: MissedMessage[] }> {
  const { limit, offset } = pageBounds(request);
  const [rows, counted] = await Promise.all([
    selectRows<MissedRow>(
      db,
      selectMissed(
        sql`m.merchant_id = ${merchantId} and ${IN_QUEUE}`,
        sql`order by m.created desc, m.id desc limit ${limit} offset ${offset}`,
      ),
    ),
    selectRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from messages m where m.merchant_id = ${merchantId} and ${IN_QUEUE}`,
    ),
  ]);
  return { count: counted[0]?.count ?? 0, results: rows.map(toDto) };
}

/** Whether the text is an outbound failed or undelivered text of the merchant (in the queue or not). */
export async function isMissedMessageOf(db: Db, merchantId: string, messageId: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from messages m where m.id = ${messageId} and m.merchant_id = ${merchantId} and ${FAILED_OUTBOUND}`,
  );
  return rows.length > 0;
}
