import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayProvider } from '../src/providers/gateway/gateway-provider';
import { createStripeGateway } from '../src/providers/gateway/stripe-gateway';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake';

let fake: StripeFake;
let gateway: GatewayProvider;
beforeAll(async () => {
  fake = await startStripeFake();
  gateway = createStripeGateway({
    secretKey: 'sk_test_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    timeoutMs: 500,
  });
});
afterAll(() => fake.close());

let keys = 0;
const key = () => `stripe-test-${(keys += 1)}`;
const charge = (method: string, amount_cents = 1000, idempotencyKey = key()) =>
  gateway.charge({ method, amount_cents, idempotencyKey, processor_merchant_id: 'acct_1', description: 'Payment' });

describe('Stripe gateway against the local fake', () => {
  it('saves a card with its brand, funding and last 4, and declines an unknown one', async () => {
    expect(await gateway.saveMethod({ token: 'pm_card_visa_debit', idempotencyKey: key() })).toMatchObject({
      status: 'saved',
      method: { reference: 'pm_card_visa_debit', kind: 'card', brand: 'visa', funding: 'debit', last4: '5556' },
    });
    expect(await gateway.saveMethod({ token: 'pm_unknown', idempotencyKey: key() })).toMatchObject({
      status: 'declined',
      code: 'resource_missing',
      retry: 'hard',
    });
  });

  it('approves a card charge and answers a replayed key with the same charge', async () => {
    const first = await charge('pm_card_visa', 2500, 'replayed');
    expect(first).toMatchObject({ status: 'approved', reference: expect.stringMatching(/^pi_/) });
    expect(await charge('pm_card_visa', 2500, 'replayed')).toEqual(first);
    expect(fake.intents.size).toBe(1);
  });

  it('maps declines to the normalised codes and retry classes', async () => {
    expect(await charge('pm_card_chargeDeclinedInsufficientFunds')).toMatchObject({
      status: 'declined',
      code: 'insufficient_funds',
      retry: 'soft',
      reference: expect.stringMatching(/^pi_/),
    });
    expect(await charge('pm_card_chargeDeclined')).toMatchObject({ status: 'declined', retry: 'hard' });
  });

  it('debits a bank account as pending and voids it while pending', async () => {
    const debit = await charge('pm_usBankAccount_success');
    expect(debit.status).toBe('pending');
    if (debit.status !== 'pending') return;
    expect(await gateway.getCharge(debit.reference)).toEqual({ status: 'pending', reference: debit.reference });
    expect(await gateway.void({ charge: debit.reference, idempotencyKey: key() })).toMatchObject({
      status: 'approved',
    });
    expect(await gateway.getCharge(debit.reference)).toEqual({ status: 'voided', reference: debit.reference });
  });

  it('refunds in parts, never more than captured, and finds a refund by its key', async () => {
    const sale = await charge('pm_card_visa', 1000);
    if (sale.status !== 'approved') throw new Error('not approved');
    expect(
      await gateway.refund({ charge: sale.reference, amount_cents: 600, idempotencyKey: 'refund-a' }),
    ).toMatchObject({
      status: 'approved',
    });
    expect(await gateway.refund({ charge: sale.reference, amount_cents: 500, idempotencyKey: key() })).toMatchObject({
      status: 'declined',
      code: 'amount_too_large',
      retry: 'hard',
    });
    expect(await gateway.lookupReversal({ idempotencyKey: 'refund-a' })).toMatchObject({ status: 'approved' });
    expect(await gateway.lookupReversal({ idempotencyKey: 'never-made' })).toBeNull();
  });

  it('a 5xx after charging is indeterminate, settled by a lookup; a retry with the key does not charge twice', async () => {
    const before = fake.intents.size;
    fake.failNext('server_error', 'after');
    expect((await charge('pm_card_visa', 3000, 'five-hundred')).status).toBe('indeterminate');
    const looked = await gateway.lookupCharge({ idempotencyKey: 'five-hundred' });
    expect(looked).toMatchObject({ status: 'approved' });
    expect(await charge('pm_card_visa', 3000, 'five-hundred')).toEqual(looked);
    expect(fake.intents.size).toBe(before + 1);
  });

  it('a timeout is indeterminate, and a call Stripe never received looks up as null', async () => {
    fake.failNext('hang', 'before');
    expect((await charge('pm_card_visa', 3000, 'hung')).status).toBe('indeterminate');
    expect(await gateway.lookupCharge({ idempotencyKey: 'hung' })).toBeNull();
  });

  it('knows a BIN’s brand but not its funding', async () => {
    expect(await gateway.lookupBin('424242')).toEqual({ brand: 'visa', funding: 'unknown' });
    expect(await gateway.lookupBin('999999')).toBeNull();
  });
});
