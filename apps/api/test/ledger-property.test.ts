// Property: whatever sequence of payments, partial and whole refunds, voids, ACH settlements and returns,
// re-presentments of returns, moves between accounts and replays staff make on a few accounts, every account's amount
// due equals the sum of its ledger entries and never goes below zero, no payment gives back more than it took, a moved
// payment counts on one account only, and no return is re-presented more than twice (issues 18 and 19 Tests).
// Failures print fast-check's seed and path.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayments } from '../src/modules/payments/settle-payments';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { buildTestApp, type TestApp } from './helpers';
import { createPayingAccountFixture, sandboxTokenFixture, type CustomerFixture } from './factories';
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

/** A card, a bank account that settles, and one that comes back R01 (insufficient funds: re-presentable). */
type Setup = { fixture: CustomerFixture; card: string; bank: string; returning: string };
const BANK_AUTHORIZATION = { text: 'I authorise the debit.', method: 'phone' };

let setUps = 0;

async function setUpAccount(amountDue: number, fee: number): Promise<Setup> {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue, fee });
  // Each set-up tokenises from its own address: the sandbox tokeniser allows 100 tokens an address, and the runs
  // together need more.
  setUps += 1;
  const remoteAddress = `198.51.${Math.floor(setUps / 250)}.${setUps % 250}`;
  const save = async (entry: object, authorization?: object) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/customers/${fixture.customerId}/payment_methods/`,
      headers,
      payload: {
        token: await sandboxTokenFixture(t.app, entry, { remoteAddress }),
        nickname: 'Fixture',
        authorization,
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().id as string;
  };
  return {
    fixture,
    card: await save({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } }),
    bank: await save(
      { bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'P' } },
      BANK_AUTHORIZATION,
    ),
    returning: await save(
      { bank: { routing_number: '110000000', account_number: '000222222227', account_holder: 'P' } },
      BANK_AUTHORIZATION,
    ),
  };
}

type Step =
  | { kind: 'pay'; account: number; amount: number; method: 'card' | 'bank' | 'returning'; split: boolean }
  | { kind: 'refund'; payment: number; fraction: number }
  | { kind: 'refundAll'; payment: number }
  | { kind: 'settle' }
  | { kind: 'represent'; payment: number }
  | { kind: 'move'; payment: number; offset: number }
  | { kind: 'replay' };

// Payments weigh most: the other steps need something taken to act on.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      account: fc.nat(2),
      amount: fc.integer({ min: 50, max: 30_000 }),
      method: fc.constantFrom('card' as const, 'bank' as const, 'returning' as const),
      split: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      payment: fc.nat(20),
      fraction: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refundAll' as const), payment: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'settle' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('represent' as const), payment: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      payment: fc.nat(20),
      offset: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'replay' as const }) },
);

describe('the ledger under random money movements', () => {
  it('keeps every amount due equal to its ledger, never negative, never gives back more than was taken, counts a moved payment once', async () => {
    // How often the runs got as far as a return, a re-presentment and a move (the sequences must reach them).
    const reached = { returned: 0, represented: 0, moved: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
        const setups = await Promise.all([setUpAccount(40_000, 300), setUpAccount(30_000, 0), setUpAccount(500, 250)]);
        // `returning`: paid from the bank account that comes back (what a re-presentment is asked for).
        const paid: Array<{ id: string; setup: Setup; returning: boolean }> = [];
        let last: { url: string; key: string; body: object } | null = null;
        const send = async (url: string, body: object, key = randomUUID()) => {
          last = { url, key, body };
          return t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, payload: body });
        };
        for (const step of steps) {
          if (step.kind === 'pay') {
            const setup = setups[step.account] as Setup;
            const method = setup[step.method];
            const sources = step.split
              ? [
                  { payment_method: setup.card, amount: Math.ceil(step.amount / 2) },
                  { payment_method: method, amount: Math.floor(step.amount / 2) },
                ]
              : [{ payment_method: method, amount: step.amount }];
            const answer = await send(
              `/api/merchants/${ids.demoMotors}/accounts/${setup.fixture.accountId}/payments/`,
              {
                customer: setup.fixture.customerId,
                sources,
              },
            );
            expect([201, 400, 409]).toContain(answer.statusCode);
            if (answer.statusCode === 201)
              paid.push({ id: answer.json().id, setup, returning: step.method === 'returning' });
          } else if (step.kind === 'refund' || step.kind === 'refundAll') {
            const target = paid[step.payment % Math.max(paid.length, 1)];
            if (!target) continue;
            const payment = (
              await t.app.inject({ url: `/api/merchants/${ids.demoMotors}/payments/${target.id}/`, headers })
            ).json();
            const answer =
              step.kind === 'refundAll'
                ? await send(`/api/merchants/${ids.demoMotors}/refund_transaction/`, { transaction: target.id })
                : await (async () => {
                    const source = payment.sources.find((item: { refundable: number }) => item.refundable > 0);
                    if (!source) return null;
                    const amount = Math.max(1, Math.round(source.refundable * step.fraction));
                    return send(`/api/merchants/${ids.demoMotors}/refund_payment/`, {
                      payment: target.id,
                      total: amount,
                      sources: [{ payment_method: source.payment_method, amount }],
                    });
                  })();
            if (answer) expect([200, 409]).toContain(answer.statusCode);
          } else if (step.kind === 'settle') {
            // The sandbox settles or returns every pending debit (days ahead), and Paydesk records it.
            await asSandboxGateway(t.app.providers.gateway).runSettlement({ days: 5 });
            reached.returned += (await settlePayments(t.app.ctx)).returned;
          } else if (step.kind === 'represent') {
            const debits = paid.filter((payment) => payment.returning);
            const target = debits[step.payment % Math.max(debits.length, 1)];
            if (!target) continue;
            const answer = await send(`/api/merchants/${ids.demoMotors}/ach_returns/${target.id}/represent/`, {});
            // Refused unless it is a return that may be re-presented (404 for a payment that did not come back).
            expect([201, 404, 409]).toContain(answer.statusCode);
            if (answer.statusCode === 201) {
              paid.push({ id: answer.json().id, setup: target.setup, returning: true });
              reached.represented += 1;
            }
          } else if (step.kind === 'move') {
            const target = paid[step.payment % Math.max(paid.length, 1)];
            if (!target) continue;
            // To one of the other two accounts (where the payment is now, `offset` along).
            const to = setups[(setups.indexOf(target.setup) + step.offset) % setups.length] as Setup;
            const answer = await send(`/api/merchants/${ids.demoMotors}/move_payment/`, {
              payment: target.id,
              account: to.fixture.accountId,
              reason: 'Paid on the wrong account',
            });
            expect([200, 400, 409]).toContain(answer.statusCode);
            if (answer.statusCode === 200) {
              target.setup = to;
              reached.moved += 1;
            }
          } else if (last) {
            const { url, key, body } = last;
            const again = await send(url, body, key);
            expect(again.statusCode).toBeLessThan(500);
          }
        }

        const accountList = sql.join(
          setups.map((setup) => sql`${setup.fixture.accountId}`),
          sql`, `,
        );
        const drift = (await t.database.db.execute(sql`
          select a.id, a.amount_due_cents, coalesce(sum(l.amount_cents), 0)::int as ledger
            from accounts a left join ledger_entries l on l.account_id = a.id
           where a.id in (${sql.join(
             setups.map((setup) => sql`${setup.fixture.accountId}`),
             sql`, `,
           )})
           group by a.id
          having a.amount_due_cents <> coalesce(sum(l.amount_cents), 0) or a.amount_due_cents < 0`)) as unknown as {
          rows: unknown[];
        };
        expect(drift.rows).toEqual([]);
        const overRefunded = (await t.database.db.execute(sql`
          select s.id from payment_sources s
            join payment_reversal_sources r on r.payment_source_id = s.id and r.state <> 'declined'
           where s.payment_id in (select id from payments where account_id in (${sql.join(
             setups.map((setup) => sql`${setup.fixture.accountId}`),
             sql`, `,
           )}))
           group by s.id having sum(r.amount_cents) > max(s.total_cents)`)) as unknown as { rows: unknown[] };
        expect(overRefunded.rows).toEqual([]);
        // A moved payment counts on its current account only: on any other, its entries net to nothing.
        const countedTwice = (await t.database.db.execute(sql`
          select l.payment_id, l.account_id from ledger_entries l join payments p on p.id = l.payment_id
           where p.id in (select id from payments where account_id in (${accountList}))
             and l.account_id <> p.account_id
           group by l.payment_id, l.account_id having sum(l.amount_cents) <> 0`)) as unknown as { rows: unknown[] };
        expect(countedTwice.rows).toEqual([]);
        // A return is re-presented at most twice (issue 19 item 5; the unique `retry_of` index keeps one per payment).
        const representedTooOften = (await t.database.db.execute(sql`
          select p.id from payments p join payments returned on returned.id = p.retry_of_payment_id
           where p.account_id in (${accountList}) and returned.status = 'RETURNED' and p.retry_attempt > 2`)) as unknown as {
          rows: unknown[];
        };
        expect(representedTooOften.rows).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed: Number(process.env.PROPERTY_SEED ?? 20261125) },
    );
    // The default seed's sequences reach each of them (another seed may not: then only the invariants are checked).
    if (process.env.PROPERTY_SEED === undefined) {
      expect(reached.returned).toBeGreaterThan(0);
      expect(reached.represented).toBeGreaterThan(0);
      expect(reached.moved).toBeGreaterThan(0);
    }
  }, 120_000);
});
