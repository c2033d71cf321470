import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountCustomers, customers } from '../src/db/schema/customers';
import { merchants } from '../src/db/schema/identity';
import {
  merchantsOutOfNameOrder,
  NAME_ORDER_MIN_UNORDERED,
  orderMerchantNameSearch,
} from '../src/modules/customers/list/name-order';
import { orderNameSearchJob } from '../src/modules/customers/list/name-order.jobs';
import { selectRows } from '../src/modules/customers/list/customers-list';
import { createMerchant, findOrCreateLocation } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const COLUMNS = 'merchant_id, location_id, last_name, first_name, search_text, phone_digits, account_statuses, tag_ids';

/** Customers (not removed) whose name search row is missing or differs, and rows with no such customer. */
async function outOfStep(): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    t.database.db,
    sql.raw(`select coalesce(c.id, s.id) as id
      from (select id, ${COLUMNS} from customers where removed_at is null) c
      full join customer_name_search s on s.id = c.id
      where c.id is null or s.id is null
        or (${COLUMNS.split(', ').map((column) => `c.${column}`)}) is distinct from
           (${COLUMNS.split(', ').map((column) => `s.${column}`)})`),
  );
  return rows.map((row) => row.id);
}

/** Whether the merchant's rows sit in the table in name order (the order their pages are read in). */
async function physicallyInNameOrder(merchantId: string): Promise<boolean> {
  const [row] = await selectRows<{ ordered: boolean }>(
    t.database.db,
    sql`select array_agg(id order by ctid) = array_agg(id order by last_name, first_name, id) as ordered
        from customer_name_search where merchant_id = ${merchantId}`,
  );
  return row?.ordered ?? false;
}

/** A merchant with `count` customers inserted in no name order (a bulk load's order). */
async function merchantWithCustomers(count: number) {
  const db = t.database.db;
  const [demo] = await db
    .select({ organizationId: merchants.organization_id })
    .from(merchants)
    .where(eq(merchants.id, ids.demoMotors));
  const merchantId = await createMerchant(db, demo!.organizationId);
  const locationId = await findOrCreateLocation(db, merchantId);
  const names = Array.from({ length: count }, (_, index) => `N${String((index * 7919) % count).padStart(5, '0')}`);
  await db.insert(customers).values(
    names.map((name, index) => ({
      merchant_id: merchantId,
      location_id: locationId,
      first_name: `F${index % 3}`,
      last_name: name,
      search_text: `f${index % 3} ${name.toLowerCase()}`,
    })),
  );
  return { merchantId, locationId };
}

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  email = 'admin@demo.test',
) => t.app.inject({ method, url, payload, headers: await as(email) });

describe('customer name search rows', () => {
  it('mirror every customer not removed through creates, edits, account changes, removals and deletes', async () => {
    expect(await outOfStep()).toEqual([]);
    const base = `/api/merchants/${ids.demoMotors}/customers/`;
    const created = await call('POST', base, {
      first_name: 'Mirror',
      last_name: `Mirror${randomUUID().slice(0, 6)}`,
      email: 'mirror@example.com',
      sms_phone_number: '(646) 555-0142',
      location_id: (await call('GET', `${base}?page_size=50`)).json().results[0].location.id,
      account: { external_id: `M-${randomUUID().slice(0, 8)}`, amount_due_cents: 500, due_date: '2030-01-15' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json();
    expect(await outOfStep()).toEqual([]);

    const renamed = await call('PATCH', `${base}${customer.id}/`, { last_name: 'Mirrored', sms_phone_number: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const account = customer.accounts[0];
    const closed = await call('PATCH', `${base}${customer.id}/accounts/${account.id}/`, {
      status: 'closed',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await selectRows<{ last_name: string; account_statuses: string[]; phone_digits: string }>(
      t.database.db,
      sql`select last_name, account_statuses, phone_digits from customer_name_search where id = ${customer.id}`,
    );
    expect(row).toEqual({ last_name: 'Mirrored', account_statuses: ['closed'], phone_digits: '' });
    expect(await outOfStep()).toEqual([]);

    expect((await call('DELETE', `${base}${customer.id}/`)).statusCode).toBe(204);
    const left = await selectRows(t.database.db, sql`select 1 from customer_name_search where id = ${customer.id}`);
    expect(left).toHaveLength(0);

    const { merchantId } = await merchantWithCustomers(5);
    await t.database.db.execute(sql`delete from merchants where id = ${merchantId}`);
    expect(await outOfStep()).toEqual([]);
  });

  it('keeps a row in order while its names stay, and takes it out when they change', async () => {
    const { merchantId } = await merchantWithCustomers(20);
    await orderMerchantNameSearch(t.app.ctx, merchantId);
    const [first] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.merchant_id} = ${merchantId}`)
      .limit(2);
    const inOrder = async () =>
      (
        await selectRows<{ in_order: boolean }>(
          t.database.db,
          sql`select in_order from customer_name_search where id = ${first?.id}`,
        )
      )[0]?.in_order;
    expect(await inOrder()).toBe(true);
    await t.database.db.execute(sql`update customers set search_text = 'changed' where id = ${first?.id}`);
    expect(await inOrder()).toBe(true);
    await t.database.db.execute(sql`update customers set last_name = 'A0' where id = ${first?.id}`);
    expect(await inOrder()).toBe(false);
  });

  it('puts a merchant with enough rows out of order back in name order, and leaves the others', async () => {
    const count = NAME_ORDER_MIN_UNORDERED + 100;
    const { merchantId } = await merchantWithCustomers(count);
    const small = await merchantWithCustomers(30);
    expect(await physicallyInNameOrder(merchantId)).toBe(false);
    const due = await merchantsOutOfNameOrder(t.app.ctx);
    expect(due).toContain(merchantId);
    expect(due).not.toContain(small.merchantId);
    expect(due).not.toContain(ids.demoMotors);

    await t.app.jobs.send(orderNameSearchJob, {});
    expect((await t.app.jobs.drain()).failed).toEqual([]);

    expect(await physicallyInNameOrder(merchantId)).toBe(true);
    expect(await physicallyInNameOrder(small.merchantId)).toBe(false);
    expect(await merchantsOutOfNameOrder(t.app.ctx)).not.toContain(merchantId);
    expect(await outOfStep()).toEqual([]);
    const search = await call(
      'GET',
      `/api/merchants/${merchantId}/customers/?search=n0001&page_size=50`,
      undefined,
      'super@demo.test',
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().results.map((result: { last_name: string }) => result.last_name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `N0001${index}`),
    );
  });

  it('loses no removal or rename made while the rows are put in order', async () => {
    const count = 1_500;
    const { merchantId } = await merchantWithCustomers(count);
    const targets = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.merchant_id} = ${merchantId}`)
      .orderBy(customers.id)
      .limit(60);
    const writes = targets.map(({ id }, index) =>
      t.database.db.execute(
        index % 2
          ? sql`update customers set removed_at = now() where id = ${id}`
          : sql`update customers set last_name = ${`Z${index}`}, search_text = ${`z${index}`} where id = ${id}`,
      ),
    );
    // Two sweeps at once and the writes, all in parallel.
    await Promise.all([
      orderMerchantNameSearch(t.app.ctx, merchantId),
      orderMerchantNameSearch(t.app.ctx, merchantId),
      ...writes,
    ]);
    expect(await outOfStep()).toEqual([]);
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from customer_name_search where merchant_id = ${merchantId}`,
    );
    expect(row?.n).toBe(count - 30);
  });

  it('serves a search sorted by name from the rows of an account’s co-borrowers too', async () => {
    const db = t.database.db;
    const locationId = await findOrCreateLocation(db, ids.demoMotors);
    const surname = `Cob${randomUUID().slice(0, 6)}`;
    const [primary, coBorrower] = await db
      .insert(customers)
      .values([
        { merchant_id: ids.demoMotors, location_id: locationId, first_name: 'B', last_name: surname },
        { merchant_id: ids.demoMotors, location_id: locationId, first_name: 'A', last_name: surname },
      ])
      .returning({ id: customers.id });
    const [account] = await db
      .insert(accounts)
      .values({
        merchant_id: ids.demoMotors,
        location_id: locationId,
        external_id: `${surname}-X`,
        amount_due_cents: 1,
      })
      .returning({ id: accounts.id });
    await db.insert(accountCustomers).values([
      { account_id: account!.id, customer_id: primary!.id, role: 'primary' },
      { account_id: account!.id, customer_id: coBorrower!.id, role: 'co_borrower' },
    ]);
    const { refreshCustomerSearch } = await import('../src/modules/customers/list/refresh-customer-search');
    await refreshCustomerSearch(db, [primary!.id, coBorrower!.id]);
    expect(await outOfStep()).toEqual([]);
    const found = await call('GET', `/api/merchants/${ids.demoMotors}/customers/?search=${surname}-x`);
    expect(found.json().results.map((result: { first_name: string }) => result.first_name)).toEqual(['A', 'B']);
  });
});
