import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { SANDBOX_TOKENIZE_FREE_PER_ADDRESS } from '../src/modules/payments/sandbox-gateway.routes';
import { asSandboxGateway } from '../src/providers/gateway/sandbox-gateway';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { seedDemo, sessionsFor } from './identity';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let t: TestApp;
let as: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  const config = testConfig({ LOG_LEVEL: 'debug' });
  t = await buildTestApp({ config, logger: { ...(loggerOptions(config) as object), stream: logStream } });
  await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());

let address = 0;
/** Each test its own client address, so the throttle of one does not reach another. */
const tokenize = (payload: unknown, remoteAddress = `10.0.0.${(address += 1)}`) =>
  t.app.inject({ method: 'POST', url: '/sandbox/gateway/tokens/', payload: payload as object, remoteAddress });
const card = (number: string, cvc = '123') => ({ card: { number, exp_month: 12, exp_year: 2030, cvc } });

describe('POST /sandbox/gateway/tokens/', () => {
  it('tokenises a card without a session and answers only token, brand, funding, BIN and last 4', async () => {
    const response = await tokenize(card('4000 0566 5566 5556'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      token: expect.stringMatching(/^stok_/),
      brand: 'visa',
      funding: 'debit',
      bin: '400005',
      last4: '5556',
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const saved = await t.app.providers.gateway.saveMethod({ token: response.json().token, idempotencyKey: 'route-1' });
    expect(saved).toMatchObject({ status: 'saved', method: { kind: 'card', funding: 'debit', last4: '5556' } });
  });

  it('tokenises a bank account', async () => {
    const response = await tokenize({
      bank: { routing_number: '110000000', account_number: '000123456789', account_holder: 'Ava Archer' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ brand: null, funding: null, bin: null, last4: '6789' });
  });

  it('answers the SPEC codes for short, long and unknown card numbers', async () => {
    expect((await tokenize(card('4242 4242 4242'))).json()).toEqual({
      code: 'card_number.too_short',
      detail: 'card_number must be at least 15 characters.',
    });
    expect((await tokenize(card('4242 4242 4242 4242 42'))).json()).toMatchObject({ code: 'card_number.too_long' });
    const unknown = await tokenize(card('9999 9999 9999 9995'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'card_type.invalid', detail: 'Invalid card type.' });
  });

  it('answers field errors for Luhn, expiry, CVC, routing number and a malformed body', async () => {
    const luhn = await tokenize(card('4242 4242 4242 4241'));
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json()).toEqual({ 'card.number': ['Card number is invalid.'] });
    const expiry = await tokenize({ card: { number: '4242424242424242', exp_month: 1, exp_year: 2020, cvc: '123' } });
    expect(expiry.json()).toEqual({ 'card.exp_month': ['Expiration date is invalid.'] });
    expect((await tokenize(card('378282246310005', '123'))).json()).toEqual({
      'card.cvc': ['Security code is invalid.'],
    });
    const routing = await tokenize({
      bank: { routing_number: '110000001', account_number: '000123456789', account_holder: 'Ava' },
    });
    expect(routing.json()).toEqual({ 'bank.routing_number': ['Routing number is not valid'] });
    const malformed = await tokenize({ card: { number: 4242424242424242 } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('non_field_errors');
  });

  it('throttles an address past its free tokenisations (429)', async () => {
    const remote = '10.9.9.9';
    for (let index = 0; index < SANDBOX_TOKENIZE_FREE_PER_ADDRESS; index += 1) {
      expect((await tokenize(card('4242424242424241'), remote)).statusCode).toBe(400);
    }
    const throttled = await tokenize(card('4242424242424242'), remote);
    expect(throttled.statusCode).toBe(429);
    expect((await tokenize(card('4242424242424242'))).statusCode).toBe(201);
  });

  it('never writes a card number or CVC to the log', async () => {
    logLines.length = 0;
    await tokenize(card('4000 0000 0000 9995', '739'));
    await tokenize(card('4000000000009995', '739'));
    await tokenize({ card: { number: '4000000000009995', exp_month: 1, exp_year: 2020, cvc: '739' } });
    const log = logLines.join('');
    expect(log).toContain('/sandbox/gateway/tokens/');
    for (const secret of ['4000000000009995', '4000 0000 0000 9995', '"739"', 'cvc']) expect(log).not.toContain(secret);
  });
});

describe('POST /sandbox/gateway/settlement/', () => {
  it('settles due ACH debits for a super user, moving time forward', async () => {
    const gateway = asSandboxGateway(t.app.providers.gateway);
    const token = await gateway.tokenize({
      bank: { routing_number: '110000000', account_number: '000111111113', account_holder: 'Ben Baker' },
    });
    if (token.status !== 'tokenized') throw new Error('not tokenised');
    const saved = await gateway.saveMethod({ token: token.token, idempotencyKey: 'settle-save' });
    if (saved.status !== 'saved') throw new Error('not saved');
    const debit = await gateway.charge({
      method: saved.method.reference,
      amount_cents: 5000,
      processor_merchant_id: 'mid',
      description: 'Payment',
      idempotencyKey: 'settle-debit',
    });
    if (debit.status !== 'pending') throw new Error('not pending');
    const response = await t.app.inject({
      method: 'POST',
      url: '/sandbox/gateway/settlement/',
      payload: { days: 10 },
      headers: await as('super@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ settled: 0, returned: 1 });
    expect(await gateway.getCharge(debit.reference)).toMatchObject({ status: 'returned', return_code: 'R02' });
  });

  it('refuses staff (403), callers without a session (401) and a bad day count (400)', async () => {
    const url = '/sandbox/gateway/settlement/';
    expect((await t.app.inject({ method: 'POST', url, headers: await as('admin@demo.test') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      payload: { days: -1 },
      headers: await as('super@demo.test'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
