import type { CatalogueCode } from '@paydesk/domain/errors/catalogue';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';

/**
 * Why this customer may not be texted now, or null: opted out of texts (or never opted in) →
 * `customer.unsubscribed`; the account (when the text is about one), or every account of the customer, in
 * do-not-contact → `account.do_not_contact`. Asked when a send is requested and again when its job sends.
 */
export async function refusalToText(
  db: Db,
  customerId: string,
  accountId: string | null,
): Promise<CatalogueCode | null> {
  const [customer] = await db
    .select({ text_opt_in: customers.text_opt_in, removed_at: customers.removed_at })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer || customer.removed_at || !customer.text_opt_in) return 'customer.unsubscribed';
  const statuses = await db
    .select({ status: accounts.status })
    .from(accounts)
    .innerJoin(accountCustomers, eq(accountCustomers.account_id, accounts.id))
    .where(
      and(
        eq(accountCustomers.customer_id, customerId),
        accountId ? eq(accounts.id, accountId) : inArray(accounts.status, ['do_not_contact']),
      ),
    );
  if (statuses.some((row) => row.status === 'do_not_contact')) return 'account.do_not_contact';
  return null;
}
