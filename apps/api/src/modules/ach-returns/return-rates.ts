// The merchant's ACH return rates over the last 60 days (issue 19 item 5): returns that came back in the window over
// the bank debits sent in it, by Nacha's categories, each against its threshold.

import type { AchReturnRates } from '@paydesk/domain/payments/ach-returns.contract';
import {
  RETURN_RATE_KINDS,
  RETURN_RATE_RULES,
  RETURN_RATE_WINDOW_DAYS,
  returnRate,
} from '@paydesk/domain/payments/ach-returns';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function findReturnRates(db: Db, now: Date, merchantId: string): Promise<AchReturnRates> {
  const since = new Date(now.getTime() - RETURN_RATE_WINDOW_DAYS * DAY_MS);
  const [debits, returns] = await Promise.all([
    selectRows<{ count: number }>(
      db,
      sql`
      select count(*)::int as count
        from payments p
        join payment_sources s on s.payment_id = p.id
        join payment_methods m on m.id = s.payment_method_id
       where p.merchant_id = ${merchantId} and p.created >= ${since} and p.created <= ${now}
         and m.payment_type = 'bank' and s.state in ('approved', 'pending', 'settled', 'returned')`,
    ),
    selectRows<{ code: string; count: number }>(
      db,
      sql`
      select s.return_code as code, count(*)::int as count
        from payments p
        join payment_sources s on s.payment_id = p.id
       where p.merchant_id = ${merchantId} and p.status = 'RETURNED' and s.state = 'returned'
         and s.returned_at >= ${since} and s.returned_at <= ${now}
       group by s.return_code`,
    ),
  ]);
  const debitCount = debits[0]?.count ?? 0;
  return {
    window_days: RETURN_RATE_WINDOW_DAYS,
    since: since.toISOString(),
    debits: debitCount,
    rates: RETURN_RATE_KINDS.map((kind) => {
      const { codes, threshold } = RETURN_RATE_RULES[kind];
      const counted = returns
        .filter((row) => codes === null || codes.includes(row.code))
        .reduce((sum, row) => sum + row.count, 0);
      const rate = returnRate(counted, debitCount);
      return { kind, returns: counted, rate, threshold, over_threshold: rate > threshold };
    }),
  };
}
