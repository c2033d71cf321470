// report-transactions: one row per payment of the merchant, filtered, ordered and paged with plain indexed queries
// (payments_merchant_created_idx, payments_merchant_status_created_idx), the count capped (decision 0024). Days are
// the merchant's calendar days.

import {
  TRANSACTION_COUNT_CAP,
  type TransactionRow,
  type TransactionSearchQuery,
} from '@paydesk/domain/transactions/transactions.contract';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type TransactionFilters = Pick<TransactionSearchQuery, 'status' | 'start' | 'end' | 'like'>;

const ORDER_BY: Record<TransactionSearchQuery['ordering'], SQL> = {
  created: sql`p.created asc, p.id asc`,
  '-created': sql`p.created desc, p.id desc`,
  total_amount: sql`p.total_cents asc, p.created desc, p.id desc`,
  '-total_amount': sql`p.total_cents desc, p.created desc, p.id desc`,
  status: sql`p.status asc, p.created desc, p.id desc`,
  '-status': sql`p.status desc, p.created desc, p.id desc`,
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status and day conditions of the filters over `payments p`. */
function filterParts(timezone: string, filters: TransactionFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.status?.length) {
    parts.push(
      sql`p.status in (${sql.join(
        filters.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.start) parts.push(sql`p.created >= (${filters.start}::date)::timestamp at time zone ${timezone}`);
  if (filters.end) parts.push(sql`p.created < (${filters.end}::date + 1)::timestamp at time zone ${timezone}`);
  return parts;
}

/** The where clause over `payments p` without the `like` search: merchant, statuses and days. */
function filterWhere(merchantId: string, timezone: string, filters: TransactionFilters): SQL {
  return sql.join([sql`p.merchant_id = ${merchantId}`, ...filterParts(timezone, filters)], sql` and `);
}

/**
 * The `like` search as one where clause over `payments p` per place a term can match, each read through its own
 * index (migrations 0031 and 0040): customer names and external ids by trigram, then their payments by
 * `payments_customer_created_id_idx` / `payments_account_created_idx`; last 4 and references by equality. The
 * customer and account arms leave out `p.merchant_id` (the merchant's customers and accounts only have the merchant's
 * payments), so counting a name's payments is an index-only scan; the page's arms add it back.
 */
function likeArms(merchantId: string, timezone: string, filters: TransactionFilters & { like: string }): SQL[] {
  const { like } = filters;
  const pattern = `%${escapeLike(like)}%`;
  const rest = filterParts(timezone, filters);
  const merchant = sql`p.merchant_id = ${merchantId}`;
  const arms = [
    sql`p.customer_id in (select c.id from customers c
      where c.merchant_id = ${merchantId} and (c.first_name || ' ' || c.last_name) ilike ${pattern})`,
    sql`${merchant} and p.payer_name ilike ${pattern}`,
    sql`p.account_id in (select a.id from accounts a where a.merchant_id = ${merchantId} and a.external_id ilike ${pattern})`,
    sql`${merchant} and p.id in (select s.payment_id from payment_methods m
      join payment_sources s on s.payment_method_id = m.id where m.merchant_id = ${merchantId} and m.last4 = ${like})`,
    sql`${merchant} and p.id in (select s.payment_id from payment_sources s where s.gateway_reference = ${like})`,
  ];
  return arms.map((arm) => sql.join([arm, ...rest], sql` and `));
}

/** The where clause over `payments p` for one merchant (its time zone given for the day bounds). */
export function transactionWhere(merchantId: string, timezone: string, filters: TransactionFilters): SQL {
  const where = filterWhere(merchantId, timezone, filters);
  if (!filters.like) return where;
  const arms = likeArms(merchantId, timezone, { ...filters, like: filters.like }).map(
    (arm) => sql`select p.id from payments p where ${arm}`,
  );
  return sql`${where} and p.id in (${sql.join(arms, sql` union `)})`;
}

type RawRow = Omit<TransactionRow, 'methods'> & {
  methods: {
    last4: string;
    nickname: string | null;
    masked_card_number: string | null;
    masked_account_number: string | null;
  }[];
};

/** The row columns over `payments p` (created as ISO text, money in cents). */
export const transactionColumns = sql`
  p.id, p.status, to_char(p.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, p.origin,
  case when cu.id is null then null
    else json_build_object('id', cu.id, 'first_name', cu.first_name, 'last_name', cu.last_name) end as customer,
  coalesce(p.payer_name, '') as payer_name,
  case when ac.id is null then null else json_build_object('id', ac.id, 'external_id', ac.external_id) end as account,
  coalesce(l.name, '') as location_name,
  p.amount_cents as amount, p.convenience_fee_cents as convenience_fee,
  json_build_object('total_amount', p.total_cents) as payment,
  coalesce((select sum(r.total_cents) from payment_reversals r
    where r.payment_id = p.id and r.kind = 'refund' and r.state = 'approved'), 0)::int as refunded_amount,
  coalesce((select json_agg(json_build_object('last4', m.last4, 'nickname', m.nickname,
      'masked_card_number', m.masked_card_number, 'masked_account_number', m.masked_account_number) order by s.position)
    from payment_sources s join payment_methods m on m.id = s.payment_method_id where s.payment_id = p.id), '[]') as methods,
  coalesce((select json_agg(s.gateway_reference order by s.position) from payment_sources s
    where s.payment_id = p.id and s.gateway_reference is not null), '[]') as processor_references,
  coalesce(trim(u.first_name || ' ' || u.last_name), '') as created_by_name`;

export const transactionJoins = sql`
  left join customers cu on cu.id = p.customer_id
  left join accounts ac on ac.id = p.account_id
  left join merchant_locations l on l.id = p.location_id
  left join users u on u.id = p.created_by`;

export function toTransactionRow(raw: RawRow): TransactionRow {
  return {
    ...raw,
    methods: raw.methods.map((m) => ({ label: formatPaymentMethodLabel(m), last4: m.last4 })),
  };
}

/**
 * The page's ids and the (capped) count. Without `like` both walk the merchant's (created, id) or (status, created)
 * index. With `like`, each arm reads only its own matches (already filtered) and keeps its first offset + page rows
 * in the page's order; the union of those holds the page (a row in the overall first k is in the first k of its arm).
 */
function pageAndCountSql(merchant: { id: string; timezone: string }, query: TransactionSearchQuery) {
  const where = filterWhere(merchant.id, merchant.timezone, query);
  const order = ORDER_BY[query.ordering];
  const offset = (query.page - 1) * query.page_size;
  const limit = sql`limit ${TRANSACTION_COUNT_CAP + 1}`;
  if (!query.like) {
    return {
      page: sql`select p.id from payments p where ${where} order by ${order} limit ${query.page_size} offset ${offset}`,
      count: sql`select count(*)::int as count from (select 1 from payments p where ${where} ${limit}) capped`,
    };
  }
  const arms = likeArms(merchant.id, merchant.timezone, { ...query, like: query.like });
  const firstRows = arms.map(
    // With the merchant named, a common term's arm can walk the merchant's (created, id) index and stop early.
    (arm) => sql`(select p.id, p.created, p.total_cents, p.status from payments p
      where p.merchant_id = ${merchant.id} and ${arm} order by ${order} limit ${offset + query.page_size})`,
  );
  const ids = arms.map((arm) => sql`select p.id from payments p where ${arm}`);
  return {
    page: sql`select p.id from (${sql.join(firstRows, sql` union `)}) p
      order by ${order} limit ${query.page_size} offset ${offset}`,
    count: sql`select count(*)::int as count from (select id from (${sql.join(ids, sql` union `)}) matches ${limit}) capped`,
  };
}

export async function searchTransactions(
  db: Db,
  merchant: { id: string; timezone: string },
  query: TransactionSearchQuery,
): Promise<{ count: number; count_capped: boolean; results: TransactionRow[] }> {
  const { page, count: countSql } = pageAndCountSql(merchant, query);
  const [countResult, pageResult] = await Promise.all([
    db.execute(countSql),
    db.execute(sql`
      with page as (${page})
      select ${transactionColumns} from page join payments p on p.id = page.id ${transactionJoins}
      order by ${ORDER_BY[query.ordering]}`),
  ]);
  const counted = (countResult as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
  const rows = (pageResult as unknown as { rows: RawRow[] }).rows;
  return {
    count: Math.min(counted, TRANSACTION_COUNT_CAP),
    count_capped: counted > TRANSACTION_COUNT_CAP,
    results: rows.map(toTransactionRow),
  };
}
