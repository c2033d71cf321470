// An account's transactions (issue 18 item 8, SPEC §3 Transaction, §7): its payments with their status, and the
// refunds and voids of them as their own lines (status REFUND or VOIDED), newest first. Refunds and voids that the
// processor declined, or has not answered yet, are not transactions; the payment's own status tells the rest.

import type { AccountTransaction } from '@paydesk/domain/payments/payments.contract';
import type { TransactionRowKind, TransactionRowStatus } from '@paydesk/domain/payments/payments';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageBounds, type PageRequest } from '../../lib/pagination';

type Row = {
  id: string;
  kind: TransactionRowKind;
  status: TransactionRowStatus;
  created: Date | string;
  amount: number;
  payment_id: string;
  payment_total: number;
  payment_amount: number;
  payment_fee: number;
  payment_origin: AccountTransaction['payment']['origin'];
  payment_status: AccountTransaction['payment']['status'];
  methods: { nickname: string | null; masked_card_number: string | null; masked_account_number: string | null }[];
  created_by_name: string | null;
  failure_message: string | null;
  total_count: number;
};

/** One page of the account's transactions; the caller has checked the account is the merchant's customer's. */
export async function listAccountTransactions(
  db: Db,
  accountId: string,
  page: PageRequest,
): Promise<{ count: number; results: AccountTransaction[] }> {
  const { limit, offset } = pageBounds(page);
  const result = (await db.execute(sql`
    with lines as (
      select p.id, 'payment' as kind, p.status, p.created, p.total_cents as amount, p.id as payment_id,
             p.created_by, p.failure_message
        from payments p
       where p.account_id = ${accountId}
      union all
      select r.id, r.kind, case when r.kind = 'void' then 'VOIDED' else 'REFUND' end, r.created, r.total_cents,
             r.payment_id, r.created_by, null
        from payment_reversals r
        join payments p on p.id = r.payment_id
       where p.account_id = ${accountId} and r.state in ('approved', 'pending')
    ), counted as (
      select lines.*, count(*) over () as total_count from lines
       order by created desc, id desc
       limit ${limit} offset ${offset}
    )
    select c.id, c.kind, c.status, c.created, c.amount, c.payment_id, c.failure_message,
           c.total_count::int as total_count,
           p.total_cents as payment_total, p.amount_cents as payment_amount,
           p.convenience_fee_cents as payment_fee, p.origin as payment_origin, p.status as payment_status,
           nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as created_by_name,
           coalesce((
             select json_agg(json_build_object('nickname', m.nickname, 'masked_card_number', m.masked_card_number,
                                               'masked_account_number', m.masked_account_number)
                             order by s.position)
               from payment_sources s join payment_methods m on m.id = s.payment_method_id
              where s.payment_id = c.payment_id
           ), '[]'::json) as methods
      from counted c
      join payments p on p.id = c.payment_id
      left join users u on u.id = c.created_by
     order by c.created desc, c.id desc
  `)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const count = rows[0]?.total_count ?? (offset > 0 ? await countAccountTransactions(db, accountId) : 0);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      created: new Date(row.created).toISOString(),
      amount: Number(row.amount),
      payment: {
        id: row.payment_id,
        total_amount: Number(row.payment_total),
        amount: Number(row.payment_amount),
        convenience_fee: Number(row.payment_fee),
        origin: row.payment_origin,
        status: row.payment_status,
      },
      methods: row.methods.map((method) => formatPaymentMethodLabel(method)),
      created_by_name: row.created_by_name ?? 'System',
      failure_message: row.failure_message,
    })),
  };
}

/** A page past the end has no row to carry the window count. */
async function countAccountTransactions(db: Db, accountId: string): Promise<number> {
  const result = (await db.execute(sql`
    select (select count(*) from payments where account_id = ${accountId})
         + (select count(*) from payment_reversals r join payments p on p.id = r.payment_id
             where p.account_id = ${accountId} and r.state in ('approved', 'pending')) as count
  `)) as unknown as { rows: { count: string | number }[] };
  return Number(result.rows[0]?.count ?? 0);
}
