// The customers list row's columns kept on the customers table (see README.md in this folder).

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * Recomputes what the list reads from the customers table alone: `search_text` (names, email, the external ids of
 * every account the customer is on, by `customer_search_text` of migration 0021), the primary account's sort keys,
 * `list_accounts`, and the statuses and tags of its accounts (`account_statuses`, `tag_ids`: the list's filters).
 * Call it, in the same transaction, after any change to these customers or to an account they are on. Other modules
 * changing amounts due, statuses, due dates or autopay call `recomputeAccountDependents` (customers.public.ts). `insertNewCustomers` writes the same for a new customer with one account:
 * keep the two in step. `updateCustomerAccounts` shares its SET list (`searchColumns`).
 */
export async function refreshCustomerSearch(db: Db, customerIds: string[]): Promise<void> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return;
  await db.execute(sql`
    update customers c set ${searchColumns(sql`c`)}
    from customers c2
    ${primaryAccountOf(sql`c2.id`)}
    where c.id = c2.id and c2.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `);
}

/**
 * `refreshCustomerSearch`'s SET list for the customer `c`, its names and email read from `names` (`c` itself, or
 * the new values of an update), its primary account from the lateral `p` (`primaryAccountOf`).
 */
export function searchColumns(names: SQL) {
  return sql`
      search_text = customer_search_text(${names}.first_name, ${names}.last_name, ${names}.email, array(
        select a.external_id
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id
        order by a.created, a.id)),
      primary_external_id = p.external_id,
      primary_amount_due_cents = p.amount_due_cents,
      primary_due_date = p.due_date,
      list_accounts = coalesce((
        select jsonb_agg(jsonb_build_object('id', a.id, 'external_id', a.external_id, 'role', ac.role,
          'status', a.status, 'amount_due_cents', a.amount_due_cents, 'due_date', a.due_date, 'autopay', a.autopay)
          order by ac.role = 'primary' desc, a.created, a.id)
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id), '[]'::jsonb),
      account_statuses = coalesce((select array_agg(distinct a.status order by a.status)
        from account_customers ac join accounts a on a.id = ac.account_id where ac.customer_id = c.id), '{}'),
      tag_ids = coalesce((select array_agg(distinct ata.tag_id order by ata.tag_id)
        from account_customers ac join account_tag_assignments ata on ata.account_id = ac.account_id
        where ac.customer_id = c.id), '{}')`;
}

/** The lateral `p`: the first account the customer `customerId` is primary on. */
export function primaryAccountOf(customerId: SQL) {
  return sql`
    left join lateral (
      select a.external_id, a.amount_due_cents, a.due_date
      from account_customers ac join accounts a on a.id = ac.account_id
      where ac.customer_id = ${customerId} and ac.role = 'primary'
      order by a.created, a.id limit 1
    ) p on true`;
}
