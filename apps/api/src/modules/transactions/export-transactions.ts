// export_transactions: the matching payments as CSV, read in keyset batches on (created desc, id desc), each payment's
// sources in one lateral read, and yielded a batch at a time, so a million rows are never in memory together
// (Readable.from applies the reply's backpressure).

import { escapeCsvFormula } from '@paydesk/domain/customers/customer-imports.contract';
import type { TransactionExportBody } from '@paydesk/domain/transactions/transactions.contract';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { transactionWhere } from './search-transactions';

// 1,000 rows a batch keeps the server's memory flat (150 MB through a 1M-row export); 2,500 was no faster and let the
// heap grow to 290 MB. Past ~3,500 rows a batch's estimated cost crosses jit_above_cost (+~300 ms of JIT per batch).
const BATCH = 1000;
export const TRANSACTION_CSV_HEADER = [
  'Date',
  'Status',
  'Customer',
  'Payer',
  'Account',
  'Location',
  'Amount',
  'Convenience fee',
  'Total',
  'Refunded',
  'Methods',
  'Processor references',
  'Created by',
];

type ExportRow = {
  id: string;
  created_at: string;
  day: string;
  status: string;
  customer: string;
  payer_name: string;
  external_id: string;
  location_name: string;
  amount: number;
  fee: number;
  total: number;
  refunded: number;
  methods: {
    last4: string;
    nickname: string | null;
    masked_card_number: string | null;
    masked_account_number: string | null;
  }[];
  refs: string;
  created_by_name: string;
};

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const line = (cells: string[]) => `${Papa.unparse([cells.map(escapeCsvFormula)])}\r\n`;

/** How many rows the export will hold (its `X-Row-Count` header, for the web's progress bar). */
export async function countTransactionsForExport(
  db: Db,
  merchant: { id: string; timezone: string },
  body: TransactionExportBody,
): Promise<number> {
  const where = transactionWhere(merchant.id, merchant.timezone, body);
  const result = (await db.execute(sql`select count(*)::int as count from payments p where ${where}`)) as unknown as {
    rows: { count: number }[];
  };
  const count = result.rows[0]?.count ?? 0;
  if (body.page_number === undefined && body.page_size === undefined) return count;
  const size = body.page_size ?? 50;
  return Math.max(0, Math.min(size, count - ((body.page_number ?? 1) - 1) * size));
}

export function streamTransactionsCsv(
  db: Db,
  merchant: { id: string; timezone: string },
  body: TransactionExportBody,
): Readable {
  const where = transactionWhere(merchant.id, merchant.timezone, body);
  const paged = body.page_number !== undefined || body.page_size !== undefined;
  let remaining = paged ? (body.page_size ?? 50) : Infinity;
  let offset = paged ? ((body.page_number ?? 1) - 1) * (body.page_size ?? 50) : 0;
  async function* chunks() {
    yield line(TRANSACTION_CSV_HEADER);
    let after: { created: string; id: string } | null = null;
    while (remaining > 0) {
      const limit = Math.min(BATCH, remaining);
      const keyset: SQL = after
        ? sql`and (p.created, p.id) < (${after.created}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const result: unknown = await db.execute(sql`
        select p.id, p.created::text as created_at,
          to_char(p.created at time zone ${merchant.timezone}, 'MM/DD/YYYY') as day, p.status,
          coalesce(trim(cu.first_name || ' ' || cu.last_name), '') as customer, coalesce(p.payer_name, '') as payer_name,
          coalesce(ac.external_id, '') as external_id, coalesce(l.name, '') as location_name,
          p.amount_cents as amount, p.convenience_fee_cents as fee, p.total_cents as total,
          coalesce((select sum(r.total_cents) from payment_reversals r
            where r.payment_id = p.id and r.kind = 'refund' and r.state = 'approved'), 0)::int as refunded,
          coalesce(src.methods, '[]') as methods, coalesce(src.refs, '') as refs,
          coalesce(trim(u.first_name || ' ' || u.last_name), '') as created_by_name
        from payments p
          left join customers cu on cu.id = p.customer_id
          left join accounts ac on ac.id = p.account_id
          left join merchant_locations l on l.id = p.location_id
          left join users u on u.id = p.created_by
          left join lateral (select json_agg(json_build_object('last4', m.last4, 'nickname', m.nickname,
              'masked_card_number', m.masked_card_number, 'masked_account_number', m.masked_account_number)
              order by s.position) filter (where m.id is not null) as methods,
              string_agg(s.gateway_reference, ' ' order by s.position) as refs
            from payment_sources s left join payment_methods m on m.id = s.payment_method_id where s.payment_id = p.id)
            src on true
        where ${where} ${keyset}
        order by p.created desc, p.id desc
        limit ${limit} offset ${offset}`);
      offset = 0;
      const rows: ExportRow[] = (result as { rows: ExportRow[] }).rows;
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          line([
            row.day,
            row.status,
            row.customer,
            row.payer_name,
            row.external_id,
            row.location_name,
            dollars(row.amount),
            dollars(row.fee),
            dollars(row.total),
            dollars(row.refunded),
            row.methods.map((m) => formatPaymentMethodLabel(m)).join('; '),
            row.refs,
            row.created_by_name,
          ]),
        )
        .join('');
      remaining -= rows.length;
      const last: ExportRow = rows[rows.length - 1]!;
      after = { created: last.created_at, id: last.id };
      if (rows.length < limit) return;
    }
  }
  return Readable.from(chunks());
}
