// Failed payments as the API lists them (`failedPaymentSchema`), and the one a retry starts from. A failed payment is
// "open" while no retry replaced it; its next automatic retry is computed here, in SQL, so the list and the job that
// runs the retries agree on it.

import type { FailedPayment } from '@paydesk/domain/failed-payments/failed-payments.contract';
import {
  AUTOMATIC_RETRY_AFTER_DAYS,
  declineClassOf,
  MAX_AUTOMATIC_RETRIES,
  SOFT_DECLINE_CODES,
} from '@paydesk/domain/payments/declines';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import type { PaymentOrigin } from '@paydesk/domain/payments/payments';
import { SCHEDULED_PAYMENT_RUN_HOUR } from '@paydesk/domain/scheduled-payments/scheduled-payments.contract';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { pageBounds, type PageRequest } from '../../lib/pagination';

/** Origins whose soft declines are retried without anyone asking: the customer set these payments up ahead. */
export const AUTOMATIC_RETRY_ORIGINS: readonly PaymentOrigin[] = ['scheduled', 'autopay'];

type FailedRow = {
  id: string;
  merchant_id: string;
  created: Date;
  origin: PaymentOrigin;
  amount_cents: number;
  retry_attempt: number;
  failure_message: string | null;
  customer_id: string;
  first_name: string;
  last_name: string;
  account_id: string;
  external_id: string;
  amount_due_cents: number;
  method_id: string;
  nickname: string | null;
  masked_card_number: string | null;
  masked_account_number: string | null;
  flagged_at: Date | null;
  decline_code: string | null;
  decline_message: string | null;
  next_retry_at: Date | null;
};

/** The open failed payments matching `where` (SQL over `p` payments, `a` accounts), with the columns shown. */
function selectOpenFailed(where: SQL, tail: SQL): SQL {
  const softCodes = sql.join(
    [...SOFT_DECLINE_CODES].map((code) => sql`${code}`),
    sql`, `,
  );
  const origins = sql.join(
    AUTOMATIC_RETRY_ORIGINS.map((origin) => sql`${origin}`),
    sql`, `,
  );
  return sql`
    select p.id, p.merchant_id, p.created, p.origin, p.amount_cents, p.retry_attempt, p.failure_message,
           c.id as customer_id, c.first_name, c.last_name,
           a.id as account_id, a.external_id, a.amount_due_cents,
           pm.id as method_id, pm.nickname, pm.masked_card_number, pm.masked_account_number, pm.flagged_at,
           s.decline_code, s.decline_message,
           case when p.origin in (${origins})
                 and s.decline_code in (${softCodes})
                 and p.retry_attempt < ${MAX_AUTOMATIC_RETRIES}
                 and p.automatic_retry_stopped is null
                 and pm.flagged_at is null and pm.removed_at is null
                 and a.amount_due_cents > 0 and a.status not in ('inactive', 'do_not_contact')
                then (((p.created at time zone m.timezone)::date + ${AUTOMATIC_RETRY_AFTER_DAYS}::int)
                       + make_interval(hours => ${SCHEDULED_PAYMENT_RUN_HOUR}::int)) at time zone m.timezone
           end as next_retry_at
      from payments p
      join merchants m on m.id = p.merchant_id
      join accounts a on a.id = p.account_id
      join customers c on c.id = p.customer_id
      join lateral (select ps.payment_method_id, ps.decline_code, ps.decline_message
                      from payment_sources ps
                     where ps.payment_id = p.id
                     order by (ps.state = 'declined') desc, ps.position
                     limit 1) s on true
      join payment_methods pm on pm.id = s.payment_method_id
     where p.status = 'FAILED'
       and not exists (select 1 from payments r where r.retry_of_payment_id = p.id)
       and ${where}
     ${tail}`;
}

function toDto(row: FailedRow): FailedPayment {
  return {
    id: row.id,
    created: new Date(row.created).toISOString(),
    origin: row.origin,
    customer: { id: row.customer_id, first_name: row.first_name, last_name: row.last_name },
    account: { id: row.account_id, external_id: row.external_id, amount_due: row.amount_due_cents },
    amount: row.amount_cents,
    payment_method: { id: row.method_id, label: formatPaymentMethodLabel(row), flagged: row.flagged_at !== null },
    decline_code: row.decline_code,
    reason: row.decline_message ?? row.failure_message ?? 'The payment failed.',
    decline_class: declineClassOf(row.decline_code),
    attempt: row.retry_attempt,
    next_retry_at: row.next_retry_at ? new Date(row.next_retry_at).toISOString() : null,
  };
}

/** A merchant's open failed payments, newest first. */
export async function listFailedPayments(
  db: Db,
  merchantId: string,
  request: PageRequest,
): Promise<{ count: number; results: FailedPayment[] }> {
  const { limit, offset } = pageBounds(request);
  const [rows, counted] = await Promise.all([
    selectRows<FailedRow>(
      db,
      selectOpenFailed(
        sql`p.merchant_id = ${merchantId}`,
        sql`order by p.created desc, p.id desc limit ${limit} offset ${offset}`,
      ),
    ),
    selectRows<{ count: number }>(
      db,
      sql`
      select count(*)::int as count from payments p
       where p.merchant_id = ${merchantId} and p.status = 'FAILED' and p.account_id is not null
         and not exists (select 1 from payments r where r.retry_of_payment_id = p.id)`,
    ),
  ]);
  return { count: counted[0]?.count ?? 0, results: rows.map(toDto) };
}

export type OpenFailedPayment = FailedPayment & { merchantId: string };

/** The merchant's open failed payment, or null (not failed, already retried, not the merchant's). */
export async function findOpenFailedPayment(
  db: Db,
  merchantId: string,
  paymentId: string,
): Promise<OpenFailedPayment | null> {
  const rows = await selectRows<FailedRow>(
    db,
    selectOpenFailed(sql`p.merchant_id = ${merchantId} and p.id = ${paymentId}`, sql``),
  );
  const row = rows[0];
  return row ? { ...toDto(row), merchantId: row.merchant_id } : null;
}

/** Whether the payment is a failed payment of the merchant (retried or not). */
export async function isFailedPaymentOf(db: Db, merchantId: string, paymentId: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from payments where id = ${paymentId} and merchant_id = ${merchantId} and status = 'FAILED'`,
  );
  return rows.length > 0;
}

/**
 * The open failed payments whose automatic retry is due, oldest first. Only the payments that may be retried
 * automatically are read (`payments_automatic_retry_idx`: FAILED, of a retried origin, not stopped), and of those
 * the ones old enough: a retry is due AUTOMATIC_RETRY_AFTER_DAYS after the day the payment failed (on the merchant's
 * clock), so never before AUTOMATIC_RETRY_AFTER_DAYS - 1 days after it failed, whatever the time zone.
 */
export function dueAutomaticRetriesQuery(now: Date, limit: number): SQL {
  const origins = sql.join(
    AUTOMATIC_RETRY_ORIGINS.map((origin) => sql`${origin}`),
    sql`, `,
  );
  const failedBy = new Date(now.getTime() - (AUTOMATIC_RETRY_AFTER_DAYS - 1) * 24 * 60 * 60 * 1000);
  const mayBeRetried = sql`p.origin in (${origins}) and p.automatic_retry_stopped is null
    and p.retry_attempt < ${MAX_AUTOMATIC_RETRIES} and p.created <= ${failedBy}`;
  return sql`
    select * from (${selectOpenFailed(mayBeRetried, sql``)}) due
     where due.next_retry_at <= ${now}
     order by due.next_retry_at, due.id
     limit ${limit}`;
}

/** Open failed payments whose automatic retry is due, oldest first. */
export async function findDueAutomaticRetries(db: Db, now: Date, limit: number): Promise<OpenFailedPayment[]> {
  const rows = await selectRows<FailedRow>(db, dueAutomaticRetriesQuery(now, limit));
  return rows.map((row) => ({ ...toDto(row), merchantId: row.merchant_id }));
}
