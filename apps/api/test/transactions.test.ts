import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jobReceipts } from '../src/db/schema/jobs';
import { outboxMessages } from '../src/db/schema/outbox';
import { defineEvent } from '../src/lib/events';
import { defineJob, defineKeyedJob } from '../src/lib/jobs';
import { JOB_RECEIPT_RETENTION_DAYS, pruneJobReceipts } from '../src/plugins/jobs';
import { withTransaction, type ProviderContext } from '../src/lib/service-context';
import { outgoingEmails } from '../src/db/schema/mail';
import { EMAIL_SEND_LEASE_SECONDS, SENT_EMAIL_RETENTION_DAYS } from '../src/modules/mail/mail.jobs';
import { emailIdempotencyKey, sendQueuedEmail } from '../src/modules/mail/mail.job-handlers';
import { createOutboxEmailProvider } from '../src/providers/email/outbox-email-provider';
import { pruneSentEmails, queueEmail } from '../src/modules/mail/mail.service';
import type { EmailMessage, EmailProvider } from '../src/providers/email/email-provider';
import { buildTestApp, type TestApp } from './helpers';

const recordJob = defineJob({ name: 'test.record', payload: z.object({ note: z.string() }) });
/** A database-only keyed job: writes a row for its note, and fails after that write when asked to. */
const keyedNoteJob = defineKeyedJob({
  name: 'test.keyed-note',
  payload: z.object({ note: z.string(), fail: z.boolean() }),
  idempotencyKey: ({ note }) => `test-note:${note}`,
});
const recorded = defineEvent({ name: 'test.recorded', payload: z.object({ note: z.string() }), audience: 'user' });
const marker = defineEvent({ name: 'test.marker', payload: z.object({}), audience: 'user' });
const AUDIENCE = { kind: 'user', userId: 'nobody' } as const;

/** Fails the first send, then records every message it is given. */
function createFlakyEmailProvider() {
  const sent: EmailMessage[] = [];
  let calls = 0;
  const provider: EmailProvider = {
    name: 'outbox',
    async send(message) {
      calls += 1;
      if (calls === 1) throw new Error('provider timed out');
      sent.push(message);
    },
  };
  return { provider, sent };
}

let t: TestApp;
const flaky = createFlakyEmailProvider();
const handled: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    providers: { email: flaky.provider },
    beforeReady: (app) => {
      app.jobs.work(recordJob, async ({ note }) => {
        handled.push(note);
      });
      app.jobs.work(keyedNoteJob, async ({ note, fail }, tx) => {
        // @ts-expect-error -- a keyed job runs in its receipt's transaction: no providers
        expect(tx.providers).toBeUndefined();
        await tx.db.insert(outboxMessages).values({ channel: 'email', recipient: note, body: 'keyed' });
        if (fail) throw new Error('the handler failed after its writes');
      });
    },
  });
});
afterAll(() => t.close());

const outboxRows = (recipient: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

const queuedJobs = async (note: string) =>
  Number(
    (
      await t.database.query(`select count(*)::int as n from pgboss.job where name = $1 and data->>'note' = $2`, [
        recordJob.name,
        note,
      ])
    )[0]?.n,
  );

/** Events received, once a marker published afterwards has arrived (NOTIFYs reach a listener in commit order). */
async function eventsAfter(run: () => Promise<unknown>): Promise<string[]> {
  const notes: string[] = [];
  let markerSeen = false;
  const stop = t.app.events.subscribe(recorded, ({ note }) => notes.push(note));
  const stopMarker = t.app.events.subscribe(marker, () => {
    markerSeen = true;
  });
  try {
    await run().catch(() => {});
    await t.app.events.publish(marker, {}, AUDIENCE);
    await vi.waitFor(() => expect(markerSeen).toBe(true), { timeout: 5000 });
    return notes;
  } finally {
    stop();
    stopMarker();
  }
}

async function writeJobAndEvent(note: string, fail: boolean) {
  await withTransaction(t.app.ctx, async (tx) => {
    await tx.db.insert(outboxMessages).values({ channel: 'email', recipient: note, body: 'row' });
    await tx.jobs.send(recordJob, { note });
    await tx.events.publish(recorded, { note }, AUDIENCE);
    if (fail) throw new Error('something after the writes failed');
  });
}

describe('withTransaction', () => {
  it('leaves no row, no job and no event when the function throws', async () => {
    const events = await eventsAfter(() => writeJobAndEvent('rolled-back', true));
    expect(events).toEqual([]);
    expect(await outboxRows('rolled-back')).toEqual([]);
    expect(await queuedJobs('rolled-back')).toBe(0);
    await t.app.jobs.drain();
    expect(handled).not.toContain('rolled-back');
  });

  it('commits the row, the job and the event together', async () => {
    const events = await eventsAfter(() => writeJobAndEvent('committed', false));
    expect(events).toEqual(['committed']);
    expect(await outboxRows('committed')).toHaveLength(1);
    expect(await queuedJobs('committed')).toBe(1);
    await t.app.jobs.drain();
    expect(handled).toContain('committed');
  });

  it('joins the open transaction when nested: an inner failure rolls back the outer writes', async () => {
    await expect(
      withTransaction(t.app.ctx, async (outer) => {
        await outer.db.insert(outboxMessages).values({ channel: 'email', recipient: 'nested', body: 'outer' });
        await withTransaction(outer, async (inner) => {
          expect(inner.transactions).toBeNull();
          await inner.db.insert(outboxMessages).values({ channel: 'email', recipient: 'nested', body: 'inner' });
          // The inner write is visible to the outer context: one transaction, one connection.
          expect(
            await outer.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nested')),
          ).toHaveLength(2);
          throw new Error('inner failure');
        });
      }),
    ).rejects.toThrow('inner failure');
    expect(await outboxRows('nested')).toEqual([]);
  });

  it('runs the whole function again after a serialization failure', async () => {
    let attempts = 0;
    let releaseFirst = () => {};
    const firstMayWrite = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHasRead = () => {};
    const firstRead = new Promise<void>((resolve) => (firstHasRead = resolve));
    // Write skew: each reads what the other writes. PostgreSQL lets one of them commit and fails the other (40001).
    const first = withTransaction(
      t.app.ctx,
      async (tx) => {
        attempts += 1;
        await tx.db.execute(sql`select count(*) from job_receipts where job = 'skew'`);
        if (attempts === 1) {
          firstHasRead();
          await firstMayWrite;
        }
        await tx.db.insert(jobReceipts).values({ key: `skew-first-${attempts}`, job: 'skew' });
      },
      { isolation: 'serializable' },
    );
    await firstRead;
    await withTransaction(
      t.app.ctx,
      async (tx) => {
        await tx.db.execute(sql`select count(*) from job_receipts where job = 'skew'`);
        await tx.db.insert(jobReceipts).values({ key: 'skew-second', job: 'skew' });
      },
      { isolation: 'serializable' },
    );
    releaseFirst();
    await first;
    expect(attempts).toBe(2);
    const keys = await t.database.db.select().from(jobReceipts).where(eq(jobReceipts.job, 'skew'));
    expect(keys.map((row) => row.key).sort()).toEqual(['skew-first-2', 'skew-second']);
  });

  it('gives up after the allowed attempts and lets the error through', async () => {
    let attempts = 0;
    const serializationFailure = Object.assign(new Error('could not serialize access'), {
      code: '40001',
      severity: 'ERROR',
    });
    await expect(
      withTransaction(
        t.app.ctx,
        async () => {
          attempts += 1;
          throw serializationFailure;
        },
        { attempts: 3 },
      ),
    ).rejects.toBe(serializationFailure);
    expect(attempts).toBe(3);
  });
});

describe('providers and transactions', () => {
  /** Stands for any service that calls a provider (a gateway, SMS, email, FreshBooks, a device). */
  const emailProviderName = (ctx: ProviderContext) => ctx.providers.email.name;

  it('hands a transaction a context without providers: a provider call inside one does not compile', async () => {
    expect(emailProviderName(t.app.ctx)).toBe('outbox');
    await withTransaction(t.app.ctx, async (tx) => {
      // @ts-expect-error -- a transaction's context has no providers
      expect(tx.providers).toBeUndefined();
      // @ts-expect-error -- a service that calls a provider does not accept a transaction's context
      expect(() => emailProviderName(tx)).toThrow(TypeError);
    });
  });
});

describe('afterCommit', () => {
  it('runs its callbacks after the transaction commits, once the writes are visible to other connections', async () => {
    const seen: number[] = [];
    await withTransaction(t.app.ctx, async (tx) => {
      await tx.db.insert(outboxMessages).values({ channel: 'email', recipient: 'after-commit', body: 'row' });
      tx.afterCommit(async () => {
        seen.push((await outboxRows('after-commit')).length);
      });
      // Not yet: the transaction is still open.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1]);
  });

  it('never runs them when the transaction rolls back', async () => {
    const ran: string[] = [];
    await expect(
      withTransaction(t.app.ctx, async (tx) => {
        tx.afterCommit(() => {
          ran.push('outer');
        });
        await withTransaction(tx, async (inner) => {
          inner.afterCommit(() => {
            ran.push('inner');
          });
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });

  it('runs them once for a transaction that ran again after a serialization failure', async () => {
    let attempts = 0;
    const ran: number[] = [];
    await withTransaction(t.app.ctx, async (tx) => {
      attempts += 1;
      const attempt = attempts;
      tx.afterCommit(() => {
        ran.push(attempt);
      });
      if (attempt === 1) {
        throw Object.assign(new Error('could not serialize access'), { code: '40001', severity: 'ERROR' });
      }
    });
    expect(attempts).toBe(2);
    expect(ran).toEqual([2]);
  });

  it("runs a nested transaction's callbacks when the outer one commits", async () => {
    const ran: string[] = [];
    await withTransaction(t.app.ctx, async (tx) => {
      await withTransaction(tx, async (inner) => {
        inner.afterCommit(() => {
          ran.push('inner');
        });
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['inner']);
  });

  it('runs at once outside a transaction, and a failing callback does not fail the committed work', async () => {
    const ran: string[] = [];
    t.app.ctx.afterCommit(() => {
      ran.push('now');
    });
    expect(ran).toEqual(['now']);
    const result = await withTransaction(t.app.ctx, async (tx) => {
      tx.afterCommit(() => {
        throw new Error('cache gone');
      });
      tx.afterCommit(() => {
        ran.push('second');
      });
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(ran).toEqual(['now', 'second']);
  });
});

describe('keyed jobs', () => {
  const receiptsOf = (key: string) => t.database.db.select().from(jobReceipts).where(eq(jobReceipts.key, key));

  it('leave no receipt and no writes when the handler throws after its writes, and run again', async () => {
    await t.app.jobs.send(keyedNoteJob, { note: 'keyed-fails', fail: true });
    expect((await t.app.jobs.drain()).failed).toHaveLength(1);
    expect(await outboxRows('keyed-fails')).toEqual([]);
    expect(await receiptsOf('test-note:keyed-fails')).toEqual([]);
  });

  it('commit the receipt with the work, and skip a second run of the same key', async () => {
    await t.app.jobs.send(keyedNoteJob, { note: 'keyed-once', fail: false });
    expect(await t.app.jobs.drain()).toEqual({ completed: 1, failed: [] });
    expect(await outboxRows('keyed-once')).toHaveLength(1);
    expect(await receiptsOf('test-note:keyed-once')).toHaveLength(1);

    await t.app.jobs.send(keyedNoteJob, { note: 'keyed-once', fail: false });
    expect(await t.app.jobs.drain()).toEqual({ completed: 1, failed: [] });
    expect(await outboxRows('keyed-once')).toHaveLength(1);
  });
});

describe('idempotent email jobs', () => {
  const emailRow = async (key: string) =>
    (await t.database.db.select().from(outgoingEmails).where(eq(outgoingEmails.key, key)))[0];

  it('sends an email once when the provider failed the first time and the job ran again', async () => {
    const email = { key: 'test:once', to: 'once@example.com', subject: 'Hello', text: 'Once only.' };
    await queueEmail(t.app.ctx, email);
    expect((await t.app.jobs.drain()).failed).toHaveLength(1);
    expect(flaky.sent).toEqual([]);
    expect(await emailRow('test:once')).toMatchObject({ status: 'queued', attempts: 1 });
    // The retry is due later; make it due now, as time would.
    await t.database.query(`update pgboss.job set start_after = now() where name = 'mail.send-email'`);
    expect(await t.app.jobs.drain()).toEqual({ completed: 1, failed: [] });
    expect(flaky.sent.map((message) => message.to)).toEqual(['once@example.com']);
    // Sent, and its body (which may hold a one-time link) no longer kept.
    expect(await emailRow('test:once')).toMatchObject({ status: 'sent', attempts: 2, body: '' });

    // The same business event queued again queues nothing.
    await queueEmail(t.app.ctx, email);
    expect(await t.app.jobs.drain()).toEqual({ completed: 0, failed: [] });
    expect(flaky.sent.map((message) => message.to)).toEqual(['once@example.com']);
  });

  it('calls the provider again with the same key when a run died between the call and the record', async () => {
    await queueEmail(t.app.ctx, { key: 'test:killed', to: 'killed@example.com', subject: 'Hi', text: 'Once.' });
    const email = await emailRow('test:killed');
    if (!email) throw new Error('no email queued');
    const outbox = createOutboxEmailProvider(t.database.db);
    const calls: string[] = [];
    const withEmail = (send: ProviderContext['providers']['email']['send'], clock = t.app.ctx.clock) => ({
      ...t.app.ctx,
      clock,
      providers: { ...t.app.ctx.providers, email: { name: 'outbox' as const, send } },
    });

    // A run that delivers and then dies: it never records the outcome.
    void sendQueuedEmail(
      withEmail(async (message, options) => {
        calls.push(options.idempotencyKey);
        await outbox.send(message, options);
        await new Promise(() => {});
      }),
      email.id,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const recording: ProviderContext['providers']['email']['send'] = async (message, options) => {
      calls.push(options.idempotencyKey);
      await outbox.send(message, options);
    };

    // While its claim lasts, another run does not call the provider.
    await expect(sendQueuedEmail(withEmail(recording), email.id)).rejects.toThrow(/being sent by another run/);
    expect(calls).toHaveLength(1);

    // Once it has lapsed, the retry calls again, with the same key: the provider keeps one message.
    const later = () => new Date(Date.now() + (EMAIL_SEND_LEASE_SECONDS + 1) * 1000);
    await sendQueuedEmail(withEmail(recording, later), email.id);
    expect(calls).toEqual([emailIdempotencyKey(email.id), emailIdempotencyKey(email.id)]);
    expect(await outboxRows('killed@example.com')).toHaveLength(1);
    expect(await emailRow('test:killed')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('forgets sent emails older than the retention period, and keeps recent and unsent ones', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const email = { recipient: 'prune@example.com', subject: 'Hi', body: '' };
    await t.database.db.insert(outgoingEmails).values([
      { ...email, key: 'test:prune-old', status: 'sent', sent_at: new Date(now.getTime() - 31 * day) },
      { ...email, key: 'test:prune-recent', status: 'sent', sent_at: new Date(now.getTime() - 29 * day) },
      { ...email, key: 'test:prune-queued', created: new Date(now.getTime() - 31 * day) },
    ]);
    expect(SENT_EMAIL_RETENTION_DAYS).toBe(30);

    expect(await pruneSentEmails(t.app.ctx, now)).toBe(1);

    const left = await t.database.db.select({ key: outgoingEmails.key }).from(outgoingEmails);
    expect(left.map((row) => row.key)).toEqual(expect.arrayContaining(['test:prune-recent', 'test:prune-queued']));
    expect(left.map((row) => row.key)).not.toContain('test:prune-old');
  });

  it('forgets receipts older than the retention period, and keeps the recent ones', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    await t.database.db.insert(jobReceipts).values([
      { key: 'test:prune-old', job: 'test', created: new Date(now.getTime() - (JOB_RECEIPT_RETENTION_DAYS + 1) * day) },
      {
        key: 'test:prune-recent',
        job: 'test',
        created: new Date(now.getTime() - (JOB_RECEIPT_RETENTION_DAYS - 1) * day),
      },
    ]);

    expect(await pruneJobReceipts(t.database, now)).toBeGreaterThanOrEqual(1);

    const left = await t.database.db.select({ key: jobReceipts.key }).from(jobReceipts);
    expect(left.map((row) => row.key)).toContain('test:prune-recent');
    expect(left.map((row) => row.key)).not.toContain('test:prune-old');
  });

  it('sends emails queued in a transaction that rolled back never', async () => {
    await withTransaction(t.app.ctx, async (tx) => {
      await queueEmail(tx, { key: 'test:never', to: 'never@example.com', subject: 'Hello', text: 'Never.' });
      throw new Error('rolled back');
    }).catch(() => {});
    await t.app.jobs.drain();
    expect(flaky.sent.map((message) => message.to)).not.toContain('never@example.com');
  });
});

describe('typed events', () => {
  it('refuses a payload that does not match its schema, or is too large for NOTIFY', async () => {
    const note = defineEvent({ name: 'test.note', payload: z.object({ note: z.string() }), audience: 'user' });
    await expect(t.app.events.publish(note, { note: 1 } as never, AUDIENCE)).rejects.toThrow();
    await expect(t.app.events.publish(note, { note: 'x'.repeat(8000) }, AUDIENCE)).rejects.toThrow(/ids, not bodies/);
  });
});
