import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/customers';
import { ledgerEntries, paymentReversals, paymentSources } from '../src/db/schema/payments';
import { reconcileReversal } from '../src/modules/payments/refund-payment';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { sandboxGatewayOperations } from '../src/db/schema/sandbox-gateway';
import { buildTestApp, type TestApp } from './helpers';
import {
  createCustomRole,
  createCustomerFixture,
  createPayingAccountFixture,
  createUser,
  saveMethodFixture,
  type CustomerFixture,
} from './factories';
import { bearer, seedDemo, sessionsFor, signIn, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
const ADMIN = 'admin@demo.test';
const STAFF = 'staff@demo.test';

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

const accountFixture = (amountDue = 50_000, fee = 300) =>
  createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue, fee });

const addMethod = async (fixture: CustomerFixture, entry: object, authorization?: object) =>
  saveMethodFixture(t.app, await as(ADMIN), ids.demoMotors, fixture.customerId, entry, { authorization });
const card = (number: string) => ({ card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
const BANK = { bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'Pat Doe' } };
const AUTHORIZATION = { text: 'I authorise the debit.', method: 'phone' };

async function pay(fixture: CustomerFixture, sources: Array<{ payment_method: string; amount: number }>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${fixture.accountId}/payments/`,
    headers: { ...(await as(ADMIN)), 'idempotency-key': randomUUID() },
    payload: { customer: fixture.customerId, sources },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function refund(
  body: object,
  options: { key?: string; headers?: Record<string, string>; merchantId?: string; path?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${options.merchantId ?? ids.demoMotors}/${options.path ?? 'refund_payment'}/`,
    headers: { ...(options.headers ?? (await as(ADMIN))), 'idempotency-key': options.key ?? randomUUID() },
    payload: body,
  });
}

async function balanceOf(accountId: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  const [ledger] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account_id, accountId));
  return { due: row?.amount_due_cents, ledger: ledger?.sum };
}

describe('refund_payment', () => {
  it('refunds in parts to the original method, the fee last, and puts the amount back on the account', async () => {
    const fixture = await accountFixture(50_000, 300);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 10_000 }]);
    expect(payment).toMatchObject({ total_amount: 10_300, convenience_fee: 300 });
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 40_000, ledger: 40_000 });

    const first = await refund({
      payment: payment.id,
      total: 4_000,
      sources: [{ payment_method: method, amount: 4_000 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 4_000,
      refundable_amount: 6_300,
      reversals: [{ kind: 'refund', state: 'approved', total: 4_000 }],
    });
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 44_000, ledger: 44_000 });

    const rest = await refund({
      payment: payment.id,
      total: 6_300,
      sources: [{ payment_method: method, amount: 6_300 }],
    });
    expect(rest.json()).toMatchObject({ status: 'REFUNDED', refunded_amount: 10_300, refundable_amount: 0 });
    // The fee came back to the card, not onto what the customer owes.
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });

    const more = await refund({ payment: payment.id, total: 100, sources: [{ payment_method: method, amount: 100 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('refund.not_refundable');

    const history = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
      headers: await as(STAFF),
    });
    expect(history.body).toContain('payment.refunded');
  });

  it('refuses more than is left, a method that did not pay, a wrong total, and an unpaid payment', async () => {
    const fixture = await accountFixture(50_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const other = await addMethod(fixture, card('5555555555554444'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 5_000 }]);
    const over = await refund({
      payment: payment.id,
      total: 5_001,
      sources: [{ payment_method: method, amount: 5_001 }],
    });
    expect(over.json().code).toBe('refund.exceeds_captured');
    const wrongMethod = await refund({
      payment: payment.id,
      total: 100,
      sources: [{ payment_method: other, amount: 100 }],
    });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json()).toHaveProperty(['sources.0.payment_method']);
    const wrongTotal = await refund({
      payment: payment.id,
      total: 200,
      sources: [{ payment_method: method, amount: 100 }],
    });
    expect(wrongTotal.json()).toEqual({ total: ["The total must be the sum of the sources' amounts."] });
    const declined = await addMethod(fixture, card('4000000000000002'));
    const failed = await pay(fixture, [{ payment_method: declined, amount: 1_000 }]);
    expect(failed.status).toBe('FAILED');
    const unpaid = await refund({
      payment: failed.id,
      total: 1_000,
      sources: [{ payment_method: declined, amount: 1_000 }],
    });
    expect(unpaid.json().code).toBe('refund.not_refundable');
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 45_000, ledger: 45_000 });
  });

  it('under 50 concurrent full refunds gives back the money exactly once', async () => {
    const fixture = await accountFixture(50_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 8_000 }]);
    const body = { payment: payment.id, total: 8_000, sources: [{ payment_method: method, amount: 8_000 }] };
    const headers = await as(ADMIN);
    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(body, { headers })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const reversals = await t.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.payment_id, payment.id));
    expect(reversals).toHaveLength(1);
    const [processor] = await t.database.db
      .select({ cents: sql<number>`coalesce(sum(${sandboxGatewayOperations.amount_cents}), 0)`.mapWith(Number) })
      .from(sandboxGatewayOperations)
      .where(
        and(
          eq(sandboxGatewayOperations.kind, 'refund'),
          sql`${sandboxGatewayOperations.idempotency_key} in (select s.id::text from payment_reversal_sources s where s.reversal_id = ${reversals[0]?.id})`,
        ),
      );
    expect(processor?.cents).toBe(8_000);
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
  });

  it('answers the same Idempotency-Key with the same payment and refunds once', async () => {
    const fixture = await accountFixture(50_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 3_000 }]);
    const key = randomUUID();
    const body = { payment: payment.id, total: 1_000, sources: [{ payment_method: method, amount: 1_000 }] };
    const first = await refund(body, { key });
    const second = await refund(body, { key });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 48_000, ledger: 48_000 });
  });

  it('voids a bank debit that has not settled, whole only', async () => {
    const fixture = await accountFixture(50_000, 0);
    const bank = await addMethod(fixture, BANK, AUTHORIZATION);
    const payment = await pay(fixture, [{ payment_method: bank, amount: 6_000 }]);
    expect(payment.status).toBe('PENDING');
    const partial = await refund({
      payment: payment.id,
      total: 1_000,
      sources: [{ payment_method: bank, amount: 1_000 }],
    });
    expect(partial.json().code).toBe('refund.void_whole_source');
    const whole = await refund({
      payment: payment.id,
      total: 6_000,
      sources: [{ payment_method: bank, amount: 6_000 }],
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ status: 'VOIDED', reversals: [{ kind: 'void', state: 'approved' }] });
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
    const transactions = await t.app.inject({
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/accounts/${fixture.accountId}/transactions/`,
      headers: await as(STAFF),
    });
    expect(transactions.json().results.map((row: { status: string }) => row.status)).toEqual(['VOIDED', 'VOIDED']);
  });

  it('puts nothing back when the processor declines the refund, and says why', async () => {
    const fixture = await accountFixture(50_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 2_000 }]);
    const gateway = t.app.ctx.providers.gateway;
    const original = gateway.refund;
    Object.assign(gateway, {
      refund: async () => ({
        status: 'declined',
        code: 'refund_failed',
        message: 'The card account is closed.',
        retry: 'hard',
      }),
    });
    try {
      const answer = await refund({
        payment: payment.id,
        total: 2_000,
        sources: [{ payment_method: method, amount: 2_000 }],
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'PAID',
        refundable_amount: 2_000,
        reversals: [{ state: 'declined', failure_message: expect.stringContaining('The card account is closed.') }],
      });
    } finally {
      Object.assign(gateway, { refund: original });
    }
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 48_000, ledger: 48_000 });
  });

  it("is 404 for another merchant's payment, 403 without is_payment_refund_allowed, 401 without a session", async () => {
    const fixture = await accountFixture(50_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 2_000 }]);
    const body = { payment: payment.id, total: 500, sources: [{ payment_method: method, amount: 500 }] };
    expect((await refund(body, { merchantId: ids.customRolesAuto })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/merchants/${ids.demoMotors}/refund_payment/`, payload: body }))
        .statusCode,
    ).toBe(401);
    const roleId = await createCustomRole(t.database.db, ids.demoMotors, []);
    await t.database.db.execute(sql`update merchants set check_custom_roles = true where id = ${ids.demoMotors}`);
    try {
      const user = await createUser(t.database.db, ids.demoMotors, { role: 'custom', customRoleId: roleId });
      const headers = bearer((await signIn(t.app, user.email)).access);
      expect((await refund(body, { headers })).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update merchants set check_custom_roles = false where id = ${ids.demoMotors}`);
    }
  });
});

describe('refund_transaction', () => {
  it('refunds everything left on a payment made from two methods', async () => {
    const fixture = await accountFixture(50_000, 300);
    const visa = await addMethod(fixture, card('4242424242424242'));
    const mastercard = await addMethod(fixture, card('5555555555554444'));
    const payment = await pay(fixture, [
      { payment_method: visa, amount: 3_000 },
      { payment_method: mastercard, amount: 2_000 },
    ]);
    await refund({ payment: payment.id, total: 1_000, sources: [{ payment_method: visa, amount: 1_000 }] });
    const answer = await refund({ transaction: payment.id }, { path: 'refund_transaction' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'REFUNDED', refunded_amount: 5_300, refundable_amount: 0 });
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
    const again = await refund({ transaction: payment.id }, { path: 'refund_transaction' });
    expect(again.json().code).toBe('refund.not_refundable');
  });
});

describe('move_payment', () => {
  const move = async (body: object, options: { headers?: Record<string, string>; merchantId?: string } = {}) =>
    refund(body, { ...options, path: 'move_payment' });

  it("moves what a payment paid off to another account, with both accounts' ledgers and histories", async () => {
    const from = await accountFixture(50_000, 300);
    const to = await accountFixture(30_000, 0);
    const method = await addMethod(from, card('4242424242424242'));
    const payment = await pay(from, [{ payment_method: method, amount: 10_000 }]);
    await refund({ payment: payment.id, total: 2_000, sources: [{ payment_method: method, amount: 2_000 }] });
    expect(await balanceOf(from.accountId)).toEqual({ due: 42_000, ledger: 42_000 });

    const answer = await move({ payment: payment.id, account: to.accountId, reason: 'Paid on the wrong car' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ account: to.accountId, customer: to.customerId });
    expect(await balanceOf(from.accountId)).toEqual({ due: 50_000, ledger: 50_000 });
    expect(await balanceOf(to.accountId)).toEqual({ due: 22_000, ledger: 22_000 });
    for (const [fixture, kind] of [
      [from, 'payment.moved_out'],
      [to, 'payment.moved_in'],
    ] as const) {
      const history = await t.app.inject({
        url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/history/`,
        headers: await as(STAFF),
      });
      expect(history.body).toContain(kind);
      expect(history.body).toContain('Paid on the wrong car');
    }
    // A refund after the move goes back onto the account that holds the payment now.
    await refund({ payment: payment.id, total: 1_000, sources: [{ payment_method: method, amount: 1_000 }] });
    expect(await balanceOf(to.accountId)).toEqual({ due: 23_000, ledger: 23_000 });
  });

  it('refuses its own account, an account owing less, a missing reason, another merchant, and a role without refunds', async () => {
    const from = await accountFixture(50_000, 0);
    const small = await accountFixture(1_000, 0);
    const method = await addMethod(from, card('4242424242424242'));
    const payment = await pay(from, [{ payment_method: method, amount: 5_000 }]);
    expect((await move({ payment: payment.id, account: from.accountId, reason: 'x' })).json()).toEqual({
      account: ['Choose another account than its own.'],
    });
    expect((await move({ payment: payment.id, account: small.accountId, reason: 'x' })).json().code).toBe(
      'payment.exceeds_amount_due',
    );
    expect((await move({ payment: payment.id, account: small.accountId, reason: '' })).statusCode).toBe(400);
    expect(
      (await move({ payment: payment.id, account: small.accountId, reason: 'x' }, { merchantId: ids.customRolesAuto }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await createCustomerFixture(t.database.db, ids.customRolesAuto);
    expect((await move({ payment: payment.id, account: elsewhere.accountId, reason: 'x' })).statusCode).toBe(404);
    expect(await balanceOf(from.accountId)).toEqual({ due: 45_000, ledger: 45_000 });
  });
});

describe('an unanswered refund', () => {
  const reversalsOf = (paymentId: string) =>
    t.database.db.select().from(paymentReversals).where(eq(paymentReversals.payment_id, paymentId));

  it('is settled by the reconcile job: sent again with the same key only when the processor never had it', async () => {
    const fixture = await accountFixture(30_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 10_000 }]);
    const gateway = asSandboxGateway(t.app.providers.gateway);

    gateway.simulateTimeoutOnNextCall('before');
    const unanswered = await refund({
      payment: payment.id,
      total: 4_000,
      sources: [{ payment_method: method, amount: 4_000 }],
    });
    expect(unanswered.json().reversals).toMatchObject([{ state: 'indeterminate', total: 4_000 }]);
    // Nothing comes back on the account until the processor says it refunded, but it counts against what is left.
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 20_000, ledger: 20_000 });
    const over = await refund({
      payment: payment.id,
      total: 6_001,
      sources: [{ payment_method: method, amount: 6_001 }],
    });
    expect(over.json().code).toBe('refund.exceeds_captured');

    const [reversal] = await reversalsOf(payment.id);
    await Promise.all([reconcileReversal(t.app.ctx, reversal!.id), reconcileReversal(t.app.ctx, reversal!.id)]);
    await reconcileReversal(t.app.ctx, reversal!.id);
    expect((await reversalsOf(payment.id))[0]?.state).toBe('approved');
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 24_000, ledger: 24_000 });
    const [source] = await t.database.db.select().from(paymentSources).where(eq(paymentSources.payment_id, payment.id));
    const refundsAtProcessor = await t.database.db
      .select()
      .from(sandboxGatewayOperations)
      .where(
        and(
          eq(sandboxGatewayOperations.kind, 'refund'),
          eq(sandboxGatewayOperations.charge_reference, source!.gateway_reference!),
        ),
      );
    expect(refundsAtProcessor.map((operation) => operation.amount_cents)).toEqual([4_000]);
  });

  it('keeps what the processor did when only its answer was lost, and is left alone once recorded', async () => {
    const fixture = await accountFixture(30_000, 0);
    const method = await addMethod(fixture, card('4242424242424242'));
    const payment = await pay(fixture, [{ payment_method: method, amount: 10_000 }]);
    const gateway = asSandboxGateway(t.app.providers.gateway);

    gateway.simulateTimeoutOnNextCall('after');
    const answered = await refund({
      payment: payment.id,
      total: 10_000,
      sources: [{ payment_method: method, amount: 10_000 }],
    });
    // The lookup right away finds the refund the processor made.
    expect(answered.json()).toMatchObject({ status: 'REFUNDED', reversals: [{ state: 'approved' }] });
    const [reversal] = await reversalsOf(payment.id);
    await reconcileReversal(t.app.ctx, reversal!.id);
    expect(await balanceOf(fixture.accountId)).toEqual({ due: 30_000, ledger: 30_000 });
  });
});
