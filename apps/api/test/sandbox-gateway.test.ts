import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createSandboxGateway, type SandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import type { TokenizeInput } from '../src/providers/gateway/sandbox-tokenizer';
import { createTestDatabase } from './helpers';

// A Wednesday, so two business days later is Friday and a debit made on Friday settles on Tuesday.
let now = new Date('2026-11-25T15:00:00Z');
let database: Database;
let gateway: SandboxGateway;
let keys = 0;
const key = (label: string) => `${label}-${(keys += 1)}`;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = createSandboxGateway({ db: database.db, clock: () => now });
});
afterAll(async () => {
  await database.close();
});

const card = (number: string, cvc = '123'): TokenizeInput => ({
  card: { number, exp_month: 12, exp_year: 2030, cvc },
});
const bank = (account_number: string): TokenizeInput => ({
  bank: { routing_number: '110000000', account_number, account_holder: 'Ava Archer' },
});

async function saved(input: TokenizeInput): Promise<string> {
  const tokenized = await gateway.tokenize(input);
  if (tokenized.status !== 'tokenized') throw new Error(JSON.stringify(tokenized));
  const outcome = await gateway.saveMethod({ token: tokenized.token, idempotencyKey: key('save') });
  if (outcome.status !== 'saved') throw new Error(JSON.stringify(outcome));
  return outcome.method.reference;
}

const charge = (method: string, amount_cents = 1000, idempotencyKey = key('charge')) =>
  gateway.charge({ method, amount_cents, idempotencyKey, processor_merchant_id: 'mid-1', description: 'Payment' });

describe('sandbox gateway: tokens and saved methods', () => {
  it('tokenises a card keeping only brand, funding, BIN and last 4, and never the number or CVC', async () => {
    const tokenized = await gateway.tokenize(card('4000 0566 5566 5556', '987'));
    expect(tokenized).toMatchObject({
      status: 'tokenized',
      brand: 'visa',
      funding: 'debit',
      bin: '400005',
      last4: '5556',
    });
    const rows = await database.query(`select * from sandbox_gateway_tokens`);
    expect(JSON.stringify(rows)).not.toContain('4000056655665556');
    // The token is random hex and times have milliseconds, so either may hold "987" by chance: look at the rest.
    const texts = rows.flatMap(({ token: _token, ...columns }) =>
      Object.values(columns).filter((value) => typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(value)),
    );
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) expect(text).not.toContain('987');
  });

  it('refuses a number failing Luhn, a short number, a bad expiry, a wrong CVC and a bad routing number', async () => {
    expect(await gateway.tokenize(card('4242424242424241'))).toEqual({
      status: 'invalid',
      problems: [{ field: 'card.number', code: 'card_number.invalid', message: 'Card number is invalid.' }],
    });
    const short = await gateway.tokenize(card('42424242'));
    expect(short.status === 'invalid' && short.problems[0]?.code).toBe('card_number.too_short');
    const expired = await gateway.tokenize({
      card: { number: '4242424242424242', exp_month: 1, exp_year: 2020, cvc: '123' },
    });
    expect(expired.status === 'invalid' && expired.problems[0]?.code).toBe('card_expiry.invalid');
    const amexCvc = await gateway.tokenize(card('378282246310005', '123'));
    expect(amexCvc.status === 'invalid' && amexCvc.problems[0]?.code).toBe('card_cvc.invalid');
    const routing = await gateway.tokenize({
      bank: { routing_number: '110000001', account_number: '000123456789', account_holder: 'Ava' },
    });
    expect(routing.status === 'invalid' && routing.problems[0]?.code).toBe('routing_number.invalid');
  });

  it('spends a token once: saving it again with another key is declined invalid_token', async () => {
    const tokenized = await gateway.tokenize(card('4242424242424242'));
    if (tokenized.status !== 'tokenized') throw new Error('not tokenised');
    const first = await gateway.saveMethod({ token: tokenized.token, idempotencyKey: 'save-once' });
    expect(first).toMatchObject({ status: 'saved', method: { kind: 'card', brand: 'visa', last4: '4242' } });
    expect(await gateway.saveMethod({ token: tokenized.token, idempotencyKey: 'save-once' })).toEqual(first);
    expect(await gateway.saveMethod({ token: tokenized.token, idempotencyKey: 'save-twice' })).toMatchObject({
      status: 'declined',
      code: 'invalid_token',
      retry: 'hard',
    });
  });

  it('answers brand and funding for a BIN, null for none', async () => {
    expect(await gateway.lookupBin('424242')).toEqual({ brand: 'visa', funding: 'credit' });
    expect(await gateway.lookupBin('40000566')).toEqual({ brand: 'visa', funding: 'debit' });
    expect(await gateway.lookupBin('378282')).toEqual({ brand: 'amex', funding: 'credit' });
    expect(await gateway.lookupBin('999999')).toBeNull();
  });
});

describe('sandbox gateway: card charges', () => {
  it.each([
    ['4242424242424242', 'approved', undefined, undefined],
    ['378282246310005', 'approved', undefined, undefined],
    ['4000056655665556', 'approved', undefined, undefined],
    ['4000000000000002', 'declined', 'card_declined', 'hard'],
    ['4000000000009995', 'declined', 'insufficient_funds', 'soft'],
    ['4000000000000069', 'declined', 'expired_card', 'hard'],
    ['4000000000000127', 'declined', 'incorrect_cvc', 'hard'],
    ['4000000000000119', 'declined', 'processing_error', 'soft'],
    ['4000000000009987', 'declined', 'lost_card', 'hard'],
    ['4000000000009979', 'declined', 'stolen_card', 'hard'],
  ])('%s answers %s %s', async (number, status, code, retry) => {
    const method = await saved(card(number, number.startsWith('3') ? '1234' : '123'));
    const outcome = await charge(method);
    expect(outcome.status).toBe(status);
    if (outcome.status === 'declined') expect(outcome).toMatchObject({ code, retry });
  });

  it('answers a replayed key with the first outcome and refuses the key for another amount', async () => {
    const method = await saved(card('4242424242424242'));
    const first = await charge(method, 2500, 'same-key');
    expect(await charge(method, 2500, 'same-key')).toEqual(first);
    await expect(charge(method, 2600, 'same-key')).rejects.toThrow(/another request/);
    const count = await database.query(
      `select count(*)::int as n from sandbox_gateway_operations where idempotency_key = 'same-key'`,
    );
    expect(count[0]).toEqual({ n: 1 });
  });

  it('voids a card sale the same day, not after the daily settlement', async () => {
    const method = await saved(card('4242424242424242'));
    const sameDay = await charge(method);
    if (sameDay.status !== 'approved') throw new Error('not approved');
    expect(await gateway.void({ charge: sameDay.reference, idempotencyKey: key('void') })).toMatchObject({
      status: 'approved',
    });
    expect(await gateway.getCharge(sameDay.reference)).toEqual({ status: 'voided', reference: sameDay.reference });

    const settled = await charge(method);
    if (settled.status !== 'approved') throw new Error('not approved');
    now = new Date('2026-11-26T15:00:00Z');
    try {
      expect(await gateway.getCharge(settled.reference)).toMatchObject({ status: 'settled' });
      expect(await gateway.void({ charge: settled.reference, idempotencyKey: key('void') })).toMatchObject({
        status: 'declined',
        code: 'not_voidable',
      });
    } finally {
      now = new Date('2026-11-25T15:00:00Z');
    }
  });
});

describe('sandbox gateway: refunds', () => {
  it('refunds in parts up to what was captured, then declines amount_too_large', async () => {
    const method = await saved(card('4242424242424242'));
    const sale = await charge(method, 1000);
    if (sale.status !== 'approved') throw new Error('not approved');
    expect(
      await gateway.refund({ charge: sale.reference, amount_cents: 400, idempotencyKey: key('re') }),
    ).toMatchObject({
      status: 'approved',
    });
    expect(
      await gateway.refund({ charge: sale.reference, amount_cents: 700, idempotencyKey: key('re') }),
    ).toMatchObject({
      status: 'declined',
      code: 'amount_too_large',
    });
    expect(
      await gateway.refund({ charge: sale.reference, amount_cents: 600, idempotencyKey: key('re') }),
    ).toMatchObject({
      status: 'approved',
    });
    expect(await gateway.refund({ charge: sale.reference, amount_cents: 1, idempotencyKey: key('re') })).toMatchObject({
      status: 'declined',
      code: 'already_refunded',
    });
  });

  it('lets exactly one of 20 concurrent full refunds through', async () => {
    const method = await saved(card('4242424242424242'));
    const sale = await charge(method, 5000);
    if (sale.status !== 'approved') throw new Error('not approved');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        gateway.refund({ charge: sale.reference, amount_cents: 5000, idempotencyKey: key('race') }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'approved')).toHaveLength(1);
    const refunded = await database.query(
      `select refunded_cents from sandbox_gateway_operations where reference = $1`,
      [sale.reference],
    );
    expect(refunded[0]).toEqual({ refunded_cents: 5000 });
  });
});

describe('sandbox gateway: ACH debits', () => {
  it.each([
    ['000123456789', { status: 'settled' }],
    ['000111111113', { status: 'returned', return_code: 'R02', return_reason: 'Account closed' }],
    ['000111111116', { status: 'returned', return_code: 'R03' }],
    ['000222222227', { status: 'returned', return_code: 'R01', return_reason: 'Insufficient funds' }],
    ['000333333335', { status: 'returned', return_code: 'R10' }],
  ])('%s is pending, then after two business days %o', async (account, after) => {
    const method = await saved(bank(account));
    const debit = await charge(method);
    expect(debit.status).toBe('pending');
    if (debit.status !== 'pending') return;
    now = new Date('2026-11-26T15:00:00Z');
    try {
      expect(await gateway.getCharge(debit.reference)).toMatchObject({ status: 'pending' });
      now = new Date('2026-11-27T15:00:00Z');
      expect(await gateway.getCharge(debit.reference)).toMatchObject(after);
    } finally {
      now = new Date('2026-11-25T15:00:00Z');
    }
  });

  it('keeps 000000000009 pending, voidable, and refuses to refund a pending debit', async () => {
    const method = await saved(bank('000000000009'));
    const debit = await charge(method);
    if (debit.status !== 'pending') throw new Error('not pending');
    await gateway.runSettlement({ days: 30 });
    expect(await gateway.getCharge(debit.reference)).toEqual({ status: 'pending', reference: debit.reference });
    expect(
      await gateway.refund({ charge: debit.reference, amount_cents: 100, idempotencyKey: key('re') }),
    ).toMatchObject({
      status: 'declined',
      code: 'charge_pending',
    });
    expect(await gateway.void({ charge: debit.reference, idempotencyKey: key('void') })).toMatchObject({
      status: 'approved',
    });
    expect(await gateway.getCharge(debit.reference)).toMatchObject({ status: 'voided' });
  });

  it('settles due debits when settlement runs, moving time forward by days', async () => {
    const method = await saved(bank('000123456789'));
    const debit = await charge(method);
    if (debit.status !== 'pending') throw new Error('not pending');
    const result = await gateway.runSettlement({ days: 2 });
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await gateway.void({ charge: debit.reference, idempotencyKey: key('void') })).toMatchObject({
      status: 'declined',
      code: 'not_voidable',
    });
    const refund = await gateway.refund({ charge: debit.reference, amount_cents: 1000, idempotencyKey: 'ach-credit' });
    expect(refund.status).toBe('pending');
    expect(await gateway.lookupReversal({ idempotencyKey: 'ach-credit' })).toMatchObject({ status: 'pending' });
    await gateway.runSettlement({ days: 3 });
    expect(await gateway.lookupReversal({ idempotencyKey: 'ach-credit' })).toMatchObject({ status: 'approved' });
  });
});

describe('sandbox gateway: indeterminate calls', () => {
  it('a timeout after charging is settled by a lookup, and a retry with the key does not charge twice', async () => {
    const method = await saved(card('4242424242424242'));
    gateway.simulateTimeoutOnNextCall('after');
    expect(await charge(method, 3000, 'timed-out')).toEqual({ status: 'indeterminate', message: expect.any(String) });
    const looked = await gateway.lookupCharge({ idempotencyKey: 'timed-out' });
    expect(looked).toMatchObject({ status: 'approved' });
    const retried = await charge(method, 3000, 'timed-out');
    expect(retried).toEqual(looked);
    const count = await database.query(
      `select count(*)::int as n from sandbox_gateway_operations where idempotency_key = 'timed-out'`,
    );
    expect(count[0]).toEqual({ n: 1 });
  });

  it('a timeout before the processor received the call looks up as never received', async () => {
    const method = await saved(card('4242424242424242'));
    gateway.simulateTimeoutOnNextCall('before');
    expect((await charge(method, 3000, 'never-sent')).status).toBe('indeterminate');
    expect(await gateway.lookupCharge({ idempotencyKey: 'never-sent' })).toBeNull();
    expect(await gateway.lookupReversal({ idempotencyKey: 'never-sent' })).toBeNull();
  });
});
