import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { deposits, interchangeRecords, ledgerEntries, payments, paymentSources } from '../src/db/schema/payments';
import { sandboxGatewayOperations } from '../src/db/schema/sandbox-gateway';
import { settlePayments } from '../src/modules/payments/settle-payments';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, saveMethodFixture, type CustomerFixture } from './factories';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  headers = await sessionsFor(t.app)('admin@demo.test');
});
afterAll(() => t.close());

/** An account owing $500.00 with priced card and ACH merchant accounts and a saved method of `entry`. */
async function accountWith(entry: object, authorization?: object) {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, {
    amountDue: 50_000,
    pricing: { card: { rate_bps: 295, per_transaction_cents: 30 }, ach: { rate_bps: 80, per_transaction_cents: 25 } },
  });
  const methodId = await saveMethodFixture(t.app, headers, ids.demoMotors, fixture.customerId, entry, {
    authorization,
  });
  return { fixture, methodId, cardAccountId: fixture.merchantAccountIds.card };
}

const bank = (accountNumber: string) => ({
  bank: { routing_number: '110000000', account_number: accountNumber, account_holder: 'Pat Doe' },
});
const AUTHORIZATION = { text: 'I authorise the debit.', method: 'phone' };

async function pay(fixture: CustomerFixture, methodId: string, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { customer: fixture.customerId, sources: [{ payment_method: methodId, amount }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const dueOf = async (accountId: string) => {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  const [ledger] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account_id, accountId));
  return { due: row?.amount_due_cents, ledger: ledger?.sum };
};

describe('settlement', () => {
  it('marks settled bank debits PAID and returned ones RETURNED with the amount back on the account', async () => {
    const settles = await accountWith(bank('000123456789'), AUTHORIZATION);
    const returns = await accountWith(bank('000222222227'), AUTHORIZATION);
    const good = await pay(settles.fixture, settles.methodId, 10_000);
    const bad = await pay(returns.fixture, returns.methodId, 7_000);
    expect([good.status, bad.status]).toEqual(['PENDING', 'PENDING']);
    expect(await dueOf(returns.fixture.accountId)).toEqual({ due: 43_000, ledger: 43_000 });

    await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 5 });
    const result = await settlePayments(t.app.ctx);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(result.returned).toBeGreaterThanOrEqual(1);

    const [paid] = await t.database.db.select().from(payments).where(eq(payments.id, good.id));
    expect(paid?.status).toBe('PAID');
    const [returned] = await t.database.db.select().from(payments).where(eq(payments.id, bad.id));
    expect(returned).toMatchObject({ status: 'RETURNED', failure_message: expect.stringMatching(/^Bank return R01/) });
    expect(await dueOf(returns.fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${returns.fixture.customerId}/history/`,
      headers,
    });
    expect(history.body).toContain('payment.returned');
    expect(history.body).toContain('R01');

    // A second run changes nothing: no second return on the ledger.
    await settlePayments(t.app.ctx);
    expect(await dueOf(returns.fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
  });

  it("writes the card account's deposit for the day (gross, fees from its rate, net) and an interchange row", async () => {
    const visa = await accountWith({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    const payment = await pay(visa.fixture, visa.methodId, 20_000);
    await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 2 });
    const first = await settlePayments(t.app.ctx);
    const [deposit] = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.merchant_account_id, visa.cardAccountId));
    // 2.95% of $200.00 is $5.90, plus 30 cents a transaction.
    expect(deposit).toMatchObject({ transaction_count: 1, gross_cents: 20_000, fees_cents: 620, net_cents: 19_380 });
    expect(first.days).toContain(deposit?.deposit_date);
    const [interchange] = await t.database.db
      .select()
      .from(interchangeRecords)
      .where(
        and(
          eq(interchangeRecords.merchant_id, ids.demoMotors),
          sql`${interchangeRecords.payment_source_id} in (select id from payment_sources where payment_id = ${payment.id})`,
        ),
      );
    expect(interchange).toMatchObject({ card_brand: 'visa', card_funding: 'credit', amount_cents: 20_000 });

    await settlePayments(t.app.ctx);
    const again = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.merchant_account_id, visa.cardAccountId));
    expect(again).toHaveLength(1);
    expect(again[0]?.net_cents).toBe(19_380);
  });
  it("counts a sale settled at 11:30 pm in New York in that day's deposit, the merchant's day, not the next UTC day", async () => {
    const visa = await accountWith({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    const payment = await pay(visa.fixture, visa.methodId, 12_000);
    await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 2 });
    // The processor settled it at 11:30 pm Eastern on November 9th (04:30 UTC on the 10th).
    const [source] = await t.database.db
      .select({ reference: paymentSources.gateway_reference })
      .from(paymentSources)
      .where(eq(paymentSources.payment_id, payment.id));
    await t.database.db
      .update(sandboxGatewayOperations)
      .set({ settled_at: new Date('2026-11-10T04:30:00Z') })
      .where(eq(sandboxGatewayOperations.reference, source!.reference!));

    const result = await settlePayments(t.app.ctx);
    expect(result.days).toContain('2026-11-09');
    const rows = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.merchant_account_id, visa.cardAccountId));
    expect(rows).toMatchObject([{ deposit_date: '2026-11-09', transaction_count: 1, gross_cents: 12_000 }]);
    const [interchange] = await t.database.db
      .select()
      .from(interchangeRecords)
      .where(
        sql`${interchangeRecords.payment_source_id} in (select id from payment_sources where payment_id = ${payment.id})`,
      );
    expect(interchange?.deposit_date).toBe('2026-11-09');
  });
});
