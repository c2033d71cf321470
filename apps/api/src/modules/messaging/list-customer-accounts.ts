import { stripInboxSearch, type CustomerAccount } from '@paydesk/domain/messaging/inbox.contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCustomers, accounts, customers } from '../../db/schema/customers';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The merchant's customers (not removed) with each account they are on, by name, for the compose picker; `search`
 * matches names, email, external ids and phone digits.
 */
export async function listCustomerAccounts(
  db: Db,
  merchantId: string,
  query: { page: number; page_size: number; search?: string; location?: string | null },
): Promise<{ more: boolean; results: CustomerAccount[] }> {
  const text = query.search?.trim().toLowerCase() ?? '';
  const stripped = stripInboxSearch(text);
  const location = query.location && query.location !== 'all' ? query.location : undefined;
  const search = text
    ? or(
        sql`${customers.search_text} like ${`%${escapeLike(text)}%`}`,
        sql`lower(${accounts.external_id}) like ${`%${escapeLike(text)}%`}`,
        /^\d+$/.test(stripped) ? sql`${customers.phone_digits} like ${`%${stripped}%`}` : undefined,
      )
    : undefined;
  const rows = await db
    .select({
      first_name: customers.first_name,
      last_name: customers.last_name,
      customer_id: customers.id,
      email: customers.email,
      sms_phone_number: customers.sms_phone_number,
      account_id: accounts.id,
      external_id: accounts.external_id,
    })
    .from(accountCustomers)
    .innerJoin(customers, eq(customers.id, accountCustomers.customer_id))
    .innerJoin(accounts, eq(accounts.id, accountCustomers.account_id))
    .where(
      and(
        eq(customers.merchant_id, merchantId),
        isNull(customers.removed_at),
        location ? eq(accounts.location_id, location) : undefined,
        search,
      ),
    )
    .orderBy(asc(customers.last_name), asc(customers.first_name), asc(customers.id), asc(accounts.id))
    .limit(query.page_size + 1)
    .offset((query.page - 1) * query.page_size);
  return {
    more: rows.length > query.page_size,
    results: rows.slice(0, query.page_size).map((row) => ({
      first_name: row.first_name,
      last_name: row.last_name,
      customer: { id: row.customer_id, email: row.email, sms_phone_number: row.sms_phone_number },
      account: { id: row.account_id, external_id: row.external_id },
    })),
  };
}
