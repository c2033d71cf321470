// ACH returns as the API lists them (`achReturnSchema`), and the one a re-presentment starts from. A return is a
// RETURNED payment on an account; its returned source names the code, the method and the amount. The original debit
// is the first payment of its retry chain (`retry_of_payment_id`), and its day in the merchant's zone starts the
// 180-day re-presentment window.

import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { toCalendarDate } from '@paydesk/domain/dates/calendar';
import type { AchReturn } from '@paydesk/domain/payments/ach-returns.contract';
import {
  ACH_RETURN_ACTION_LABELS,
  achReturnActionOf,
  achReturnMeaning,
  achReturnRuleOf,
  representmentDeadline,
} from '@paydesk/domain/payments/ach-returns';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { pageBounds, type PageRequest } from '../../lib/pagination';

type ReturnRow = {
  id: string;
  merchant_id: string;
  timezone: string;
  retry_attempt: number;
  returned_at: Date;
  return_code: string;
  source_amount_cents: number;
  source_fee_cents: number;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  account_id: string;
  external_id: string;
  method_id: string;
  nickname: string | null;
  masked_card_number: string | null;
  masked_account_number: string | null;
  flagged_at: Date | null;
  original_id: string;
  original_created: Date;
  represented_payment_id: string | null;
};

function selectReturns(where: SQL, tail: SQL): SQL {
  return sql`
    select p.id, p.merchant_id, m.timezone, p.retry_attempt,
           s.returned_at, s.return_code, s.amount_cents as source_amount_cents,
           s.convenience_fee_cents as source_fee_cents,
           c.id as customer_id, c.first_name, c.last_name,
           a.id as account_id, a.external_id,
           pm.id as method_id, pm.nickname, pm.masked_card_number, pm.masked_account_number, pm.flagged_at,
           root.id as original_id, root.created as original_created,
           (select r.id from payments r where r.retry_of_payment_id = p.id) as represented_payment_id
      from payments p
      join merchants m on m.id = p.merchant_id
      join accounts a on a.id = p.account_id
      join customers c on c.id = p.customer_id
      join lateral (select ps.payment_method_id, ps.return_code, ps.returned_at, ps.amount_cents,
                           ps.convenience_fee_cents
                      from payment_sources ps
                     where ps.payment_id = p.id and ps.state = 'returned'
                     order by ps.position
                     limit 1) s on true
      join payment_methods pm on pm.id = s.payment_method_id
      join lateral (with recursive chain(id, parent, created, depth) as (
                      select p.id, p.retry_of_payment_id, p.created, 0
                      union all
                      select q.id, q.retry_of_payment_id, q.created, chain.depth + 1
                        from chain join payments q on q.id = chain.parent
                       where chain.depth < 20)
                    select chain.id, chain.created from chain order by chain.depth desc limit 1) root on true
     where p.status = 'RETURNED' and ${where}
     ${tail}`;
}

export type ReturnOfMerchant = AchReturn & {
  merchantId: string;
  /** The amount and fee of the returned debit, as debited again by a re-presentment. */
  amountCents: number;
  feeCents: number;
  /** The merchant's today and the deadline, for the rules. */
  today: string;
};

function toReturn(row: ReturnRow, now: Date): ReturnOfMerchant {
  const code = row.return_code;
  const deadline = representmentDeadline(toCalendarDate(new Date(row.original_created), row.timezone));
  const today = toCalendarDate(now, row.timezone);
  const action = achReturnActionOf({
    code,
    attempt: row.retry_attempt,
    deadline,
    today,
    represented: row.represented_payment_id !== null,
  });
  return {
    id: row.id,
    original_payment_id: row.original_id,
    returned_at: new Date(row.returned_at).toISOString(),
    code,
    meaning: achReturnMeaning(code),
    attempt: row.retry_attempt,
    represent_deadline: achReturnRuleOf(code) === 'represent' ? deadline : null,
    action,
    action_label: ACH_RETURN_ACTION_LABELS[action],
    represented_payment_id: row.represented_payment_id,
    amount: row.source_amount_cents,
    customer: { id: row.customer_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
    account: { id: row.account_id, external_id: row.external_id },
    payment_method: { id: row.method_id, label: formatPaymentMethodLabel(row), flagged: row.flagged_at !== null },
    merchantId: row.merchant_id,
    amountCents: row.source_amount_cents,
    feeCents: row.source_fee_cents,
    today,
  };
}

function toDto({ merchantId: _m, amountCents: _a, feeCents: _f, today: _t, ...dto }: ReturnOfMerchant): AchReturn {
  return dto;
}

/** A merchant's ACH returns, newest first, optionally of one code. */
export async function listAchReturns(
  db: Db,
  now: Date,
  merchantId: string,
  request: PageRequest & { code?: string | undefined },
): Promise<{ count: number; results: AchReturn[] }> {
  const { limit, offset } = pageBounds(request);
  const ofCode = request.code ? sql`s.return_code = ${request.code}` : sql`true`;
  const [rows, counted] = await Promise.all([
    selectRows<ReturnRow>(
      db,
      selectReturns(
        sql`p.merchant_id = ${merchantId} and ${ofCode}`,
        sql`order by s.returned_at desc, p.id desc limit ${limit} offset ${offset}`,
      ),
    ),
    selectRows<{ count: number }>(
      db,
      sql`
      select count(*)::int as count
        from payments p
        join lateral (select ps.return_code from payment_sources ps
                       where ps.payment_id = p.id and ps.state = 'returned' order by ps.position limit 1) s on true
       where p.merchant_id = ${merchantId} and p.status = 'RETURNED' and p.account_id is not null
         and p.customer_id is not null and ${ofCode}`,
    ),
  ]);
  return { count: counted[0]?.count ?? 0, results: rows.map((row) => toDto(toReturn(row, now))) };
}

/** The merchant's return of this payment, or null (not returned, not on an account, not the merchant's). */
export async function findAchReturn(
  db: Db,
  now: Date,
  merchantId: string,
  paymentId: string,
): Promise<ReturnOfMerchant | null> {
  const rows = await selectRows<ReturnRow>(
    db,
    selectReturns(sql`p.merchant_id = ${merchantId} and p.id = ${paymentId}`, sql``),
  );
  const row = rows[0];
  return row ? toReturn(row, now) : null;
}

/** True when the payment is a RETURNED payment of the merchant (the cheap check before a re-presentment's key). */
export async function isReturnOf(db: Db, merchantId: string, paymentId: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from payments where id = ${paymentId} and merchant_id = ${merchantId} and status = 'RETURNED'`,
  );
  return rows.length > 0;
}
