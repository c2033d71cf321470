import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/db/schema/identity';
import { paymentSources, payments } from '../src/db/schema/payments';
import { buildTestApp, type TestApp } from './helpers';
import { createCustomRole, createCustomerFixture, createPaymentFixture, createUser, uniqueName } from './factories';
import { bearer, seedDemo, sessionsFor, signIn, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
  await t.database.db.update(merchants).set({ timezone: 'America/Chicago' }).where(eq(merchants.id, ids.demoMotors));
});
afterAll(() => t.close());

type Page = { count: number; results: { id: string; status: string; payment: { total_amount: number } }[] };

async function search(query: string, email = ADMIN) {
  return t.app.inject({
    method: 'GET',
    url: `/api/merchants/${ids.demoMotors}/report-transactions/?${query}`,
    headers: await as(email),
  });
}

async function paymentAt(created: Date, status: 'PAID' | 'FAILED' = 'PAID') {
  const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
  const id = await createPaymentFixture(t.database.db, ids.demoMotors, fixture);
  await t.database.db.update(payments).set({ created, status }).where(eq(payments.id, id));
  return { id, fixture };
}

describe('GET report-transactions', () => {
  it('answers the page with count, newest first, the row shape filled', async () => {
    const { id } = await paymentAt(new Date('2026-03-10T15:00:00Z'));
    const response = await search('start=03/10/2026&end=03/10/2026');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page.results.map((row) => row.id)).toContain(id);
    const row = page.results.find((r) => r.id === id) as unknown as Record<string, unknown>;
    expect(row).toMatchObject({
      status: 'PAID',
      origin: 'staff',
      amount: 1000,
      convenience_fee: 0,
      payment: { total_amount: 1000 },
      refunded_amount: 0,
      methods: [{ last4: '4242' }],
    });
    expect((row.customer as { first_name: string }).first_name).toBe('Fixture');
  });

  it('reads start and end as calendar days in the merchant time zone, both inclusive', async () => {
    // 2026-04-02 05:30Z is 04/02 00:30 in Chicago (CDT, -5); 2026-04-02 04:30Z is still 04/01 there.
    const first = await paymentAt(new Date('2026-04-02T05:30:00Z'));
    const before = await paymentAt(new Date('2026-04-02T04:30:00Z'));
    const lastMinute = await paymentAt(new Date('2026-04-03T04:59:00Z'));
    const page = (await search('start=2026-04-02&end=04/02/2026')).json<Page>();
    const found = page.results.map((r) => r.id);
    expect(found).toContain(first.id);
    expect(found).toContain(lastMinute.id);
    expect(found).not.toContain(before.id);
  });

  it('filters by repeated status and orders by creation', async () => {
    const failed = await paymentAt(new Date('2026-05-05T15:00:00Z'), 'FAILED');
    const paid = await paymentAt(new Date('2026-05-05T16:00:00Z'));
    const only = (await search('start=05/05/2026&end=05/05/2026&status=FAILED')).json<Page>();
    expect(only.results.map((r) => r.id)).toEqual([failed.id]);
    const both = (
      await search('start=05/05/2026&end=05/05/2026&status=FAILED&status=PAID&ordering=created')
    ).json<Page>();
    expect(both.results.map((r) => r.id)).toEqual([failed.id, paid.id]);
    expect(both.count).toBe(2);
  });

  it('searches by customer name, external id, last 4 and processor reference', async () => {
    const { id, fixture } = await paymentAt(new Date('2026-06-06T15:00:00Z'));
    const [source] = await t.database.db
      .select({ ref: paymentSources.gateway_reference })
      .from(paymentSources)
      .where(eq(paymentSources.payment_id, id));
    const customer = (await search(`like=${encodeURIComponent('x')}&page_size=100`)).statusCode;
    expect(customer).toBe(200);
    const rowsFor = async (like: string) =>
      (await search(`start=06/06/2026&end=06/06/2026&like=${encodeURIComponent(like)}`))
        .json<Page>()
        .results.map((r) => r.id);
    const detail = (await search('start=06/06/2026&end=06/06/2026')).json<{
      results: { id: string; customer: { last_name: string }; account: { external_id: string } }[];
    }>();
    const row = detail.results.find((r) => r.id === id);
    expect(row).toBeDefined();
    expect(await rowsFor(row!.customer.last_name)).toEqual([id]);
    expect(await rowsFor(row!.account.external_id)).toEqual([id]);
    expect(await rowsFor('4242')).toContain(id);
    expect(await rowsFor(source!.ref!)).toEqual([id]);
    expect(await rowsFor(uniqueName('Nobody'))).toEqual([]);
    expect(fixture.accountId).toBe((row!.account as unknown as { id: string }).id);
  });

  it('counts up to 10,000 and then says so, and pages a name search like the plain one', async () => {
    const { id } = await paymentAt(new Date('2026-09-01T15:00:00Z'));
    await t.database.db.execute(sql`
      insert into payments (merchant_id, account_id, customer_id, location_id, origin, status, amount_cents, total_cents,
        idempotency_key, created)
      select merchant_id, account_id, customer_id, location_id, origin, status, amount_cents, total_cents,
        'cap-' || g, created + g * interval '1 second'
      from payments, generate_series(1, 10000) g where id = ${id}`);
    type Capped = Page & { count_capped: boolean };
    const day = 'start=09/01/2026&end=09/01/2026';
    const plain = (await search(`${day}&page=3`)).json<Capped>();
    expect(plain).toMatchObject({ count: 10_000, count_capped: true });
    const named = (await t.database.db.execute(
      sql`select c.last_name from customers c join payments p on p.customer_id = c.id where p.id = ${id}`,
    )) as unknown as { rows: { last_name: string }[] };
    const lastName = named.rows[0]!.last_name;
    const byName = (await search(`${day}&page=3&like=${encodeURIComponent(lastName)}`)).json<Capped>();
    expect(byName).toMatchObject({ count: 10_000, count_capped: true });
    expect(byName.results.map((r) => r.id)).toEqual(plain.results.map((r) => r.id));
    const fewer = (await search('start=09/01/2026&end=09/01/2026&status=FAILED')).json<Capped>();
    expect(fewer).toMatchObject({ count: 0, count_capped: false });
  });

  it('never shows another merchant rows', async () => {
    const other = await createCustomerFixture(t.database.db, ids.customRolesAuto);
    const otherId = await createPaymentFixture(t.database.db, ids.customRolesAuto, other);
    const page = (await search('page_size=100&like=4242')).json<Page>();
    expect(page.results.map((r) => r.id)).not.toContain(otherId);
  });

  it.each([
    ['page_size=60', 'page_size'],
    ['status=NOPE', 'status'],
    ['start=13/45/2026', 'start'],
    ['end=2026-02-30', 'end'],
    ['ordering=name', 'ordering'],
  ])('400 on %s', async (query, field) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${ids.demoMotors}/report-transactions/`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('403 for a custom role without is_merchant_payment_report_allowed, 200 with it', async () => {
    await t.database.db.execute(sql`update merchants set check_custom_roles = true where id = ${ids.demoMotors}`);
    try {
      const statusFor = async (flags: Parameters<typeof createCustomRole>[2]) => {
        const roleId = await createCustomRole(t.database.db, ids.demoMotors, flags);
        const user = await createUser(t.database.db, ids.demoMotors, { role: 'custom', customRoleId: roleId });
        const headers = bearer((await signIn(t.app, user.email)).access);
        const url = `/api/merchants/${ids.demoMotors}/report-transactions/`;
        return (await t.app.inject({ method: 'GET', url, headers })).statusCode;
      };
      expect(await statusFor([])).toBe(403);
      expect(await statusFor(['is_merchant_payment_report_allowed'])).toBe(200);
    } finally {
      await t.database.db.execute(sql`update merchants set check_custom_roles = false where id = ${ids.demoMotors}`);
    }
  });

  describe('POST export_transactions', () => {
    async function exportCsv(body: object) {
      return t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/export_transactions/`,
        headers: await as(ADMIN),
        payload: body,
      });
    }

    it('streams a CSV with a header, merchant-tz dates, dollars and neutralised cells', async () => {
      const { id, fixture } = await paymentAt(new Date('2026-07-08T03:00:00Z'));
      await t.database.db.execute(
        sql`update customers set first_name = '=HYPERLINK(1)' where id = ${fixture.customerId}`,
      );
      const response = await exportCsv({ start: '07/07/2026', end: '07/07/2026' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toContain('Date,Status,Customer');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('07/07/2026,PAID,');
      expect(lines[1]).toContain("'=HYPERLINK(1)");
      expect(lines[1]).toContain('10.00');
      expect(id).toBeTruthy();
    });

    it('exports every match across batches, and one page when asked', async () => {
      const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
      const paymentId = await createPaymentFixture(t.database.db, ids.demoMotors, fixture);
      await t.database.db.execute(sql`update payments set created = '2026-08-01T15:00:00Z' where id = ${paymentId}`);
      await t.database.db.execute(sql`
      insert into payments (merchant_id, account_id, customer_id, location_id, origin, status, amount_cents, total_cents,
        idempotency_key, created)
      select merchant_id, account_id, customer_id, location_id, origin, status, amount_cents, total_cents,
        'bulk-' || g, created + g * interval '1 second'
      from payments, generate_series(1, 2500) g where id = ${paymentId}`);
      const all = await exportCsv({ start: '08/01/2026', end: '08/01/2026' });
      expect(all.body.trim().split('\r\n')).toHaveLength(2502);
      expect(all.headers['x-row-count']).toBe('2501');
      const page = await exportCsv({ start: '08/01/2026', end: '08/01/2026', page_number: 2, page_size: 100 });
      expect(page.body.trim().split('\r\n')).toHaveLength(101);
      expect(page.headers['x-row-count']).toBe('100');
      const past = await exportCsv({ start: '08/01/2026', end: '08/01/2026', page_number: 30, page_size: 100 });
      expect(past.body.trim().split('\r\n')).toHaveLength(1);
      expect(past.headers['x-row-count']).toBe('0');
    });

    it('400 on a bad status, 401 without a session', async () => {
      expect((await exportCsv({ status: ['NOPE'] })).statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/export_transactions/`,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
