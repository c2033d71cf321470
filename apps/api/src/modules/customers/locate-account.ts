// Locating an account (for /sso?…&account_id=): its merchant and primary customer, if the viewer may see it.

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { selectRows } from './list/customers-list';

export async function locateAccount(
  db: Db,
  viewer: { id: string; is_super_user: boolean },
  accountId: string,
): Promise<{ merchant_id: string; customer_id: string; account_id: string }> {
  if (!isUuid(accountId)) throw notFound();
  const visible = viewer.is_super_user
    ? sql`true`
    : sql`a.merchant_id in (select g.merchant_id from role_grants g where g.user_id = ${viewer.id})`;
  const [row] = await selectRows<{ merchant_id: string; customer_id: string }>(
    db,
    sql`
    select a.merchant_id, ac.customer_id
    from accounts a join account_customers ac on ac.account_id = a.id and ac.role = 'primary'
    where a.id = ${accountId} and ${visible}
  `,
  );
  if (!row) throw notFound();
  return { merchant_id: row.merchant_id, customer_id: row.customer_id, account_id: accountId };
}
