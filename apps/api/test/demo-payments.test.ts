import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPayments } from '../src/modules/payments/payments.public';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo payments', () => {
  it('gives Demo Motors months of payments, declines and down payments, every account still matching its ledger', async () => {
    await seedDemoPayments(t.app.ctx);

    const byKind = await rows<{ origin: string; status: string; count: number }>(sql`
      select origin, status, count(*)::int as count from payments where merchant_id = ${ids.demoMotors} group by 1, 2`);
    const count = (origin: string, status: string) =>
      byKind.find((row) => row.origin === origin && row.status === status)?.count ?? 0;
    expect(count('staff', 'PAID')).toBeGreaterThan(10);
    expect(count('staff', 'FAILED')).toBeGreaterThan(0);
    expect(count('misc', 'PAID')).toBe(2);
    expect(count('staff', 'PARTIALLY_REFUNDED')).toBeGreaterThan(0);
    expect(count('staff', 'RETURNED')).toBe(1);
    // Settled: no bank debit of the demo waits as PENDING, and the days have deposits.
    expect(count('staff', 'PENDING')).toBe(0);
    const [depositDays] = await rows<{ count: number }>(sql`
      select count(*)::int as count from deposits where merchant_id = ${ids.demoMotors}`);
    expect(depositDays?.count).toBeGreaterThan(0);
    const [span] = await rows<{ days: number }>(sql`
      select extract(day from max(created) - min(created))::int as days from payments where merchant_id = ${ids.demoMotors}`);
    expect(span?.days).toBeGreaterThan(60);

    const methods = await rows<{ gateway: string; known: boolean }>(sql`
      select m.gateway, exists (select 1 from sandbox_gateway_methods g where g.reference = m.gateway_reference) as known
        from payment_methods m where m.merchant_id = ${ids.demoMotors} and m.saved`);
    expect(methods.length).toBeGreaterThan(10);
    expect(methods.every((method) => method.gateway === 'sandbox' && method.known)).toBe(true);

    const [drift] = await rows<{ count: number }>(sql`
      select count(*)::int as count from accounts a
       where a.amount_due_cents <> (select coalesce(sum(l.amount_cents), 0) from ledger_entries l where l.account_id = a.id)`);
    expect(drift?.count).toBe(0);
  });

  it('adds nothing when run again', async () => {
    const countPayments = async () =>
      (await rows<{ count: number }>(sql`select count(*)::int as count from payments`))[0];
    const before = await countPayments();
    await seedDemoPayments(t.app.ctx);
    expect(await countPayments()).toEqual(before);
  });
});
