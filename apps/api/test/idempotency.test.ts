import { randomUUID } from 'node:crypto';
import { merchantAccess } from '@paydesk/domain/access/endpoint-access';
import { defineEndpoint } from '@paydesk/domain/api/endpoint';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/lib/endpoint-routes';
import { HttpError } from '../src/lib/http-errors';
import { merchantAccessOf } from '../src/plugins/auth';
import { pruneIdempotencyKeys } from '../src/plugins/idempotency';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, sessionsFor, type DemoIds } from './identity';

// No product endpoint is idempotent yet (payments will be): this one exists only in this file's app.
const chargeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/merchants/:id/idempotency-test/',
  summary: 'Records a test charge',
  tags: ['test'],
  access: merchantAccess(),
  params: z.object({ id: z.uuid() }),
  body: z.object({ amount: z.number().int().positive(), note: z.string().optional() }),
  status: 201,
  response: z.object({ id: z.string(), amount: z.number(), execution: z.number() }),
  errors: [400, 401, 404, 409],
  idempotent: true,
});

let t: TestApp;
let ids: DemoIds;
let as: ReturnType<typeof sessionsFor>;
/** Every run of the handler, in order. */
const executions: Array<{ merchantId: string; amount: number }> = [];
/** What the next run does before answering. */
let nextRun: { fail?: boolean; refuse?: boolean; wait?: Promise<void> } = {};

beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: async (app) => {
      await app.register(
        async (api) =>
          registerEndpoint(api, chargeEndpoint, async (request) => {
            const run = nextRun;
            nextRun = {};
            executions.push({ merchantId: merchantAccessOf(request).merchant.id, amount: request.body.amount });
            const execution = executions.length;
            await run.wait;
            if (run.fail) throw new Error('the gateway timed out');
            if (run.refuse) throw new HttpError('permission_denied');
            return { id: randomUUID(), amount: request.body.amount, execution };
          }),
        { prefix: '/api' },
      );
    },
  });
  ids = await seedDemo(t.database.db);
  as = sessionsFor(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  nextRun = {};
});

const url = (merchantId = ids.demoMotors) => `/api/merchants/${merchantId}/idempotency-test/`;

async function charge(key: string | undefined, payload: object, options: { email?: string; merchantId?: string } = {}) {
  const headers: Record<string, string> = { ...(await as(options.email ?? 'admin@demo.test')) };
  if (key !== undefined) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: url(options.merchantId), payload, headers });
}

const newKey = () => `key-${randomUUID()}`;

describe('Idempotency-Key', () => {
  it('replays the first answer to a repeat with the same key and body, without running the handler again', async () => {
    const key = newKey();
    const first = await charge(key, { amount: 1250, note: 'May' });
    expect(first.statusCode).toBe(201);
    const before = executions.length;
    // The same body with its keys in another order is the same request.
    const repeat = await charge(key, { note: 'May', amount: 1250 });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(executions.length).toBe(before);
  });

  it('refuses the same key with a different body: 409 idempotency_key.reused', async () => {
    const key = newKey();
    expect((await charge(key, { amount: 100 })).statusCode).toBe(201);
    const before = executions.length;
    const other = await charge(key, { amount: 200 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'idempotency_key.reused',
      detail: 'This Idempotency-Key was already used for a different request.',
    });
    // Another user of the same merchant cannot read (or repeat) someone else's request by its key.
    const staff = await charge(key, { amount: 100 }, { email: 'staff@demo.test' });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().code).toBe('idempotency_key.reused');
    expect(executions.length).toBe(before);
  });

  it('answers 409 idempotency_key.in_use to a repeat while the first still runs, and stores nothing for it', async () => {
    const key = newKey();
    let finish = () => {};
    nextRun = { wait: new Promise<void>((resolve) => (finish = resolve)) };
    const first = charge(key, { amount: 300 });
    await expect.poll(() => executions.at(-1)?.amount).toBe(300);
    const during = await charge(key, { amount: 300 });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({
      code: 'idempotency_key.in_use',
      detail: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
    });
    finish();
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    const after = await charge(key, { amount: 300 });
    expect(after.statusCode).toBe(201);
    expect(after.json()).toEqual(answered.json());
  });

  it('runs 50 parallel requests with one key once; the others are refused as in use or replay its answer', async () => {
    const key = newKey();
    const before = executions.length;
    let finish = () => {};
    nextRun = { wait: new Promise<void>((resolve) => (finish = resolve)) };
    const headers = { ...(await as('admin@demo.test')), 'idempotency-key': key };
    const requests = Array.from({ length: 50 }, () =>
      t.app.inject({ method: 'POST', url: url(), payload: { amount: 5000 }, headers }),
    );
    await expect.poll(() => executions.length).toBe(before + 1);
    setTimeout(finish, 50);
    const answers = await Promise.all(requests);
    expect(executions.length).toBe(before + 1);
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length + refused.length).toBe(50);
    expect(new Set(created.map((answer) => answer.body)).size).toBe(1);
    for (const answer of refused) expect(answer.json().code).toBe('idempotency_key.in_use');
  });

  it("keeps another merchant's same key apart", async () => {
    const key = newKey();
    const before = executions.length;
    const demo = await charge(key, { amount: 700 });
    const other = await charge(key, { amount: 700 }, { merchantId: ids.customRolesAuto });
    expect([demo.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(other.json().id).not.toBe(demo.json().id);
    expect(executions.slice(before).map((run) => run.merchantId)).toEqual([ids.demoMotors, ids.customRolesAuto]);
  });

  it('does not store a failed handler (5xx): a retry with the same key runs it', async () => {
    const key = newKey();
    const before = executions.length;
    nextRun = { fail: true };
    const failed = await charge(key, { amount: 900 });
    expect(failed.statusCode).toBe(500);
    const retried = await charge(key, { amount: 900 });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(executions.length).toBe(before + 2);
  });

  it('replays a refusal the handler answered (4xx), as it would the success', async () => {
    const key = newKey();
    nextRun = { refuse: true };
    const refused = await charge(key, { amount: 950 });
    expect(refused.statusCode).toBe(403);
    const before = executions.length;
    const repeat = await charge(key, { amount: 950 });
    expect(repeat.statusCode).toBe(403);
    expect(repeat.json()).toEqual(refused.json());
    expect(executions.length).toBe(before);
  });

  it('does not store a request its validation refused: the corrected body may use the key', async () => {
    const key = newKey();
    const before = executions.length;
    const invalid = await charge(key, { amount: -5 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toHaveProperty('amount');
    expect(executions.length).toBe(before);
    const corrected = await charge(key, { amount: 5 });
    expect(corrected.statusCode).toBe(201);
    expect(executions.length).toBe(before + 1);
  });

  it('requires a key of at most 255 characters', async () => {
    const before = executions.length;
    const missing = await charge(undefined, { amount: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'idempotency_key.missing',
      detail: 'This request needs an Idempotency-Key header.',
    });
    expect((await charge('   ', { amount: 10 })).json().code).toBe('idempotency_key.missing');
    const long = await charge('k'.repeat(256), { amount: 10 });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      code: 'idempotency_key.too_long',
      detail: 'The Idempotency-Key header must be at most 255 characters.',
    });
    expect(executions.length).toBe(before);
    expect((await charge('k'.repeat(255), { amount: 10 })).statusCode).toBe(201);
  });

  it('checks access first: 401 signed out, 404 for a merchant that is not the user’s', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: url(),
      payload: { amount: 10 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await charge(newKey(), { amount: 10 }, { email: 'legacy@demo.test' })).statusCode).toBe(404);
  });

  it('forgets a key after 24 hours: the same key runs again, and the hourly prune deletes it', async () => {
    const key = newKey();
    const first = await charge(key, { amount: 400 });
    const before = executions.length;
    await t.database.query(`update idempotency_keys set created = now() - interval '25 hours' where key = $1`, [key]);
    const later = await charge(key, { amount: 400 });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(executions.length).toBe(before + 1);
    // An expired key names a new request, whatever its body.
    await t.database.query(`update idempotency_keys set created = now() - interval '25 hours' where key = $1`, [key]);
    expect((await charge(key, { amount: 402 })).statusCode).toBe(201);
    expect(executions.length).toBe(before + 2);

    const stale = newKey();
    await charge(stale, { amount: 401 });
    await t.database.query(`update idempotency_keys set created = now() - interval '25 hours' where key = $1`, [stale]);
    expect(await pruneIdempotencyKeys(t.database, new Date())).toBeGreaterThanOrEqual(1);
    const left = await t.database.query('select key from idempotency_keys where key = any($1)', [[key, stale]]);
    expect(left.map((row) => row.key)).toEqual([key]);
  });

  it('documents the header in OpenAPI', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = document.paths['/api/merchants/{id}/idempotency-test/'].post.parameters as Array<{
      in: string;
      name: string;
      required?: boolean;
    }>;
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
  });
});
