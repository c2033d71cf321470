// A CSV import's new customers written with their list columns at once (see README.md in this folder).

import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { CustomerHistoryFields } from '../customer-columns';
import type { AccountRow, CustomerRow } from '../customers.read';

export type NewCustomerRows = {
  customer: CustomerHistoryFields &
    Pick<CustomerRow, 'id' | 'merchant_id' | 'text_opt_in' | 'email_opt_in' | 'created' | 'updated'>;
  account: Pick<AccountRow, 'id' | 'external_id' | 'amount_due_cents' | 'due_date' | 'autopay' | 'status'>;
};

/**
 * Inserts new customers, each with its one (primary) account, their search and list columns written at once: what
 * `refreshCustomerSearch` computes for such a customer, by the same SQL expressions (so a second write of every
 * row and its trigram index entries is saved). The customers-import test compares the result with the service's.
 */
export async function insertNewCustomers(db: Db, rows: Array<NewCustomerRows & { tagIds: string[] }>): Promise<void> {
  const records = rows.map(({ customer, account, tagIds }) => ({
    ...customer,
    created: customer.created.toISOString(),
    updated: customer.updated.toISOString(),
    account_id: account.id,
    external_id: account.external_id,
    amount_due_cents: account.amount_due_cents,
    due_date: account.due_date,
    autopay: account.autopay,
    status: account.status,
    // Canonical lowercase uuids sort as PostgreSQL orders uuids, so this is `array_agg(… order by tag_id)`.
    tag_ids: [...tagIds].sort(),
  }));
  await db.execute(sql`
    insert into customers (id, merchant_id, location_id, first_name, last_name, email, sms_phone_number,
      date_of_birth, language, text_opt_in, email_opt_in, address_line1, address_line2, city, state, zip, created, updated,
      search_text, primary_external_id, primary_amount_due_cents, primary_due_date, list_accounts,
      account_statuses, tag_ids)
    select v.id, v.merchant_id, v.location_id, v.first_name, v.last_name, v.email, v.sms_phone_number,
      v.date_of_birth, v.language, v.text_opt_in, v.email_opt_in, v.address_line1, v.address_line2, v.city, v.state,
      v.zip, v.created, v.updated,
      customer_search_text(v.first_name, v.last_name, v.email, array[v.external_id]),
      v.external_id, v.amount_due_cents, v.due_date,
      jsonb_build_array(jsonb_build_object('id', v.account_id, 'external_id', v.external_id, 'role', 'primary',
        'status', v.status, 'amount_due_cents', v.amount_due_cents, 'due_date', v.due_date, 'autopay', v.autopay)),
      array[v.status], v.tag_ids
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(id uuid, merchant_id uuid, location_id uuid,
      first_name text, last_name text, email text, sms_phone_number text, date_of_birth date, language text,
      text_opt_in boolean, email_opt_in boolean, address_line1 text, address_line2 text, city text, state text,
      zip text, created timestamptz, updated timestamptz, account_id uuid,
      external_id text, amount_due_cents integer, due_date date, autopay boolean, status text, tag_ids uuid[])
  `);
}
