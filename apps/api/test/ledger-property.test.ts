// Property: whatever sequence of payments, partial and whole refunds, voids and replays staff make on a few accounts,
// every account's amount due equals the sum of its ledger entries and never goes below zero, and no payment gives
// back more than it took (issue 18 Tests). Failures print fast-check's seed and path.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Setup = { fixture: CustomerFixture; card: string; bank: string };

async function setUpAccount(amountDue: number, fee: number): Promise<Setup> {
  const fixture = await createPayingAccountFixture(t.database.db, ids.demoMotors, { amountDue, fee });
  const save = (entry: object, authorization?: object) =>
    saveMethodFixture(t.app, headers, ids.demoMotors, fixture.customerId, entry, { authorization });
  return {
    fixture,
    card: await save({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } }),
    bank: await save(
      { bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'P' } },
      { text: 'I authorise the debit.', method: 'phone' },
    ),
  };
}

type Step =
  | { kind: 'pay'; account: number; amount: number; byBank: boolean; split: boolean }
  | { kind: 'refund'; payment: number; fraction: number }
  | { kind: 'refundAll'; payment: number }
  | { kind: 'replay' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    account: fc.nat(2),
    amount: fc.integer({ min: 50, max: 30_000 }),
    byBank: fc.boolean(),
    split: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    payment: fc.nat(20),
    fraction: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('refundAll' as const), payment: fc.nat(20) }),
  fc.constant({ kind: 'replay' as const }),
);

describe('the ledger under random money movements', () => {
  it('keeps every amount due equal to its ledger, never negative, and never gives back more than was taken', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        const setups = await Promise.all([setUpAccount(40_000, 300), setUpAccount(15_000, 0), setUpAccount(500, 250)]);
        const paid: Array<{ id: string; setup: Setup }> = [];
        let last: { url: string; key: string; body: object } | null = null;
        const send = async (url: string, body: object, key = randomUUID()) => {
          last = { url, key, body };
          return t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, payload: body });
        };
        for (const step of steps) {
          if (step.kind === 'pay') {
            const setup = setups[step.account] as Setup;
            const method = step.byBank ? setup.bank : setup.card;
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
            if (answer.statusCode === 201) paid.push({ id: answer.json().id, setup });
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
          } else if (last) {
            const { url, key, body } = last;
            const again = await send(url, body, key);
            expect(again.statusCode).toBeLessThan(500);
          }
        }

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
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed: Number(process.env.PROPERTY_SEED ?? 20261125) },
    );
  }, 120_000);
});
