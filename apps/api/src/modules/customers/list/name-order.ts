// Keeps `customer_name_search` physically in name order (decision 0018). Its rows are written in name order when
// the table is made (migration 0020) and when a merchant's are put in order again here; an update stays on its page
// (fillfactor 85), so the order lasts until rows are added: new customers go wherever there is room. A sweep (every
// few minutes, when the app starts and after an import) puts back in order each merchant with enough rows written
// since (`in_order` false), by deleting and inserting them in name order a chunk at a time, so each chunk's rows fill
// pages together. Searches read the same rows before and after: only where they sit changes.

import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { withTransaction, type ServiceContext } from '../../../lib/service-context';
import { orderNameSearchJob } from './name-order.jobs';
import { selectRows } from './customers-list';

/** Rows rewritten per transaction: each chunk locks its customers against changes for ~0.1 s. */
export const NAME_ORDER_CHUNK = 5_000;
/**
 * A merchant is put in order again when this many of its rows are out of order, and they are at least
 * NAME_ORDER_MIN_SHARE of them: below that a search's matches among them cost little (50 random pages at most).
 */
export const NAME_ORDER_MIN_UNORDERED = 500;
export const NAME_ORDER_MIN_SHARE = 0.05;

/** The merchants whose rows out of name order are many enough to put back in order. */
export async function merchantsOutOfNameOrder(ctx: ServiceContext): Promise<string[]> {
  const rows = await selectRows<{ merchant_id: string }>(
    ctx.db,
    sql`select u.merchant_id from (
          select merchant_id, count(*) as unordered from customer_name_search where not in_order group by merchant_id
        ) u
        where u.unordered >= ${NAME_ORDER_MIN_UNORDERED}
          and u.unordered >= ${NAME_ORDER_MIN_SHARE}::float8 * (
            select count(*) from customer_name_search s where s.merchant_id = u.merchant_id)
        order by u.merchant_id`,
  );
  return rows.map((row) => row.merchant_id);
}

type NameKey = { last_name: string; first_name: string; id: string };

/**
 * Rewrites the next chunk of the merchant's rows after `after` (in name order) as new rows in name order; returns
 * the chunk's last key, or null when none is left. The chunk's customers are locked first (FOR SHARE), so no
 * transaction is changing them meanwhile: their trigger's write or delete of a row being moved would otherwise
 * miss the moved row (a delete of a row deleted meanwhile does nothing, and the re-inserted row would stay).
 */
async function orderChunk(ctx: ServiceContext, merchantId: string, after: NameKey | null): Promise<NameKey | null> {
  return withTransaction(ctx, async (tx) => {
    const cursor = after
      ? sql`and (s.last_name, s.first_name, s.id) > (${after.last_name}, ${after.first_name}, ${after.id}::uuid)`
      : sql``;
    const chunk = await selectRows<NameKey>(
      tx.db,
      sql`select s.last_name, s.first_name, s.id from customer_name_search s
          where s.merchant_id = ${merchantId} ${cursor}
          order by s.last_name, s.first_name, s.id limit ${NAME_ORDER_CHUNK}`,
    );
    const last = chunk.at(-1);
    if (!last) return null;
    const ids = chunk.map((row) => row.id);
    await tx.db.execute(sql`select 1 from customers where id = any(${sql.param(ids)}::uuid[]) order by id for share`);
    await tx.db.execute(sql`
      with moved as (delete from customer_name_search s where s.id = any(${sql.param(ids)}::uuid[]) returning s.*)
      insert into customer_name_search (id, merchant_id, location_id, last_name, first_name, search_text,
        phone_digits, account_statuses, tag_ids, in_order)
      select id, merchant_id, location_id, last_name, first_name, search_text, phone_digits, account_statuses,
        tag_ids, true
      from moved order by last_name, first_name, id`);
    return last;
  });
}

/** Puts one merchant's rows in name order, a chunk at a time. */
export async function orderMerchantNameSearch(ctx: ServiceContext, merchantId: string): Promise<void> {
  let after = await orderChunk(ctx, merchantId, null);
  while (after) after = await orderChunk(ctx, merchantId, after);
}

/**
 * The sweep: puts in order every merchant that needs it, then vacuums the table, so the moved rows' old versions
 * (which the trigram indexes still point at) stop costing searches a visit each and their pages are free again.
 */
export async function orderNameSearch(ctx: ServiceContext, database: Pick<Database, 'query'>): Promise<string[]> {
  const merchants = await merchantsOutOfNameOrder(ctx);
  for (const merchantId of merchants) await orderMerchantNameSearch(ctx, merchantId);
  if (merchants.length > 0) await database.query('vacuum (analyze) customer_name_search');
  return merchants;
}

/** Queues the sweep when some merchant needs it (after an import, when the app starts). */
export async function queueNameOrderIfNeeded(ctx: ServiceContext): Promise<boolean> {
  if ((await merchantsOutOfNameOrder(ctx)).length === 0) return false;
  await ctx.jobs.send(orderNameSearchJob, {});
  return true;
}
