import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../src/db/schema/outbox';
import { z } from 'zod';
import { defineEvent } from '../src/lib/events';
import { defineJob } from '../src/lib/jobs';
import { withTransaction } from '../src/lib/service-context';
import { queueEmail } from '../src/modules/mail/mail.service';
import { buildApp } from '../src/app';
import { buildTestApp, testConfig, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('job queue', () => {
  it('delivers a queued email to the outbox through its job handler', async () => {
    await queueEmail(t.app.ctx, {
      key: 'test:pat',
      to: 'Pat@Example.com',
      subject: 'Reset your password',
      text: 'Use the link.',
    });
    expect(await t.app.jobs.drain()).toEqual({ completed: 1, failed: [] });
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'pat@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', subject: 'Reset your password', body: 'Use the link.' });
    expect(await t.app.jobs.drain()).toEqual({ completed: 0, failed: [] });
  });

  it('reports a failing job and leaves it for a retry', async () => {
    const failing = defineJob({ name: 'test.always-fails', payload: z.object({ n: z.number() }) });
    const app = await buildTestApp({
      beforeReady: (built) =>
        built.jobs.work(failing, async () => {
          throw new Error('provider down');
        }),
    });
    try {
      await app.app.jobs.send(failing, { n: 1 });
      const result = await app.app.jobs.drain();
      expect(result).toMatchObject({ completed: 0, failed: [{ name: 'test.always-fails' }] });
      // Retried later, as a worker would: not due now, so a second drain finds nothing.
      expect(await app.app.jobs.drain()).toEqual({ completed: 0, failed: [] });
    } finally {
      await app.close();
    }
  });

  it('lets a worker drain a long email queue at once, not one batch per polling interval', async () => {
    const emails = Array.from({ length: 70 }, (_, n) => ({
      key: `test:bulk-${n}`,
      to: `bulk-${n}@example.com`,
      subject: 'Bulk',
      text: 'One of many.',
    }));
    for (const email of emails) await queueEmail(t.app.ctx, email);
    // A second app on the same database, with workers that poll only every 30 seconds.
    const worker = await buildApp({
      config: testConfig(),
      logger: false,
      webDistDir: '/nonexistent',
      database: t.database,
      runJobWorkers: true,
      jobPollingIntervalSeconds: 30,
    });
    try {
      await worker.ready();
      const delivered = async () =>
        Number((await t.database.query(`select count(*)::int as n from outbox_messages where subject = 'Bulk'`))[0]?.n);
      await vi.waitFor(async () => expect(await delivered()).toBe(70), { timeout: 15_000, interval: 200 });
    } finally {
      await worker.close();
    }
  });

  it('runs a woken job at once, not at the worker’s next poll', async () => {
    const awaited = defineJob({ name: 'test.awaited', payload: z.object({ n: z.number() }) });
    const handled: number[] = [];
    // A worker that polls only every 30 seconds.
    const worker = await buildApp({
      config: testConfig(),
      logger: false,
      webDistDir: '/nonexistent',
      database: t.database,
      runJobWorkers: true,
      jobPollingIntervalSeconds: 30,
    });
    worker.jobs.work(awaited, async ({ n }) => {
      handled.push(n);
    });
    try {
      await worker.ready();
      const sendAndWake = (n: number) =>
        withTransaction(worker.ctx, async (tx) => {
          await tx.jobs.send(awaited, { n });
          tx.afterCommit(() => tx.jobs.wake(awaited));
        });
      // The first is found by the worker's first fetch or the wake; then the worker waits out its 30 s.
      await sendAndWake(1);
      await vi.waitFor(() => expect(handled).toEqual([1]), { timeout: 10_000, interval: 50 });
      await sendAndWake(2);
      await vi.waitFor(() => expect(handled).toEqual([1, 2]), { timeout: 10_000, interval: 50 });
    } finally {
      await worker.close();
    }
  });

  it('refuses a job payload that does not match its schema', async () => {
    await expect(
      queueEmail(t.app.ctx, { key: 'test:bad', to: 'not-an-email', subject: 'x', text: 'y' }),
    ).rejects.toThrow();
  });
});

describe('event bus', () => {
  it('delivers a published event to the subscribers of its topic only', async () => {
    const received: unknown[] = [];
    const other: unknown[] = [];
    const chatMessage = defineEvent({
      name: 'test.chat-message',
      payload: z.object({ customer_id: z.string(), message_id: z.string() }),
      audience: 'merchant',
    });
    const somethingElse = defineEvent({ name: 'test.something-else', payload: z.object({}), audience: 'user' });
    const stop = t.app.events.subscribe(chatMessage, (data) => received.push(data));
    t.app.events.subscribe(somethingElse, (data) => other.push(data));
    await t.app.events.publish(
      chatMessage,
      { customer_id: 'c1', message_id: 'm1' },
      { kind: 'merchant', merchantId: 'a-merchant' },
    );
    await vi.waitFor(() => expect(received).toEqual([{ customer_id: 'c1', message_id: 'm1' }]), { timeout: 5000 });
    expect(other).toEqual([]);
    stop();
  });
});

describe('health when the database is unreachable', () => {
  it('answers 503 with the database unreachable, and 200 again once it is back', async () => {
    const { query } = t.database;
    t.database.query = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      t.database.query = query;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
