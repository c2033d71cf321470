import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database, SqlExecutor } from '../db/client';
import { jobReceipts } from '../db/schema/jobs';
import { defineJob, type JobDefinition, type JobQueue, type JobSender } from '../lib/jobs';
import { withTransaction, type ProviderContext, type TransactionContext } from '../lib/service-context';

/**
 * What a job's handler gets with its payload: a keyed job's handler the context of the transaction that records
 * its receipt (no providers); any other the app's context.
 */
export type JobContext<Keyed extends boolean> = Keyed extends true ? TransactionContext : ProviderContext;

export type JobHandler<Schema extends z.ZodType, Keyed extends boolean = boolean> = (
  payload: z.output<Schema>,
  ctx: JobContext<Keyed>,
) => Promise<void>;

export type Jobs = JobQueue & {
  /** Runs the job on a cron schedule (UTC), once across all API processes. */
  schedule<Schema extends z.ZodType>(job: JobDefinition<Schema>, cron: string, payload: z.input<Schema>): void;
  /** Registers the handler; its queue is created and workers start when the app is ready. */
  work<Schema extends z.ZodType, Keyed extends boolean>(
    job: JobDefinition<Schema, Keyed>,
    handler: JobHandler<Schema, Keyed>,
  ): void;
  /**
   * Runs every due job of every queue with a handler, including jobs those handlers queue, until none is left.
   * For tests (which build the app without workers): deterministic, no polling. A failing job is marked failed
   * (and retried later, as a worker would) and reported in the result.
   */
  drain(): Promise<DrainResult>;
};

export type DrainResult = { completed: number; failed: Array<{ name: string; id: string; error: unknown }> };

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export type JobsOptions = { database: Database; pollingIntervalSeconds?: number; runWorkers?: boolean };

const DEFAULT_BATCH_SIZE = 20;

/**
 * How long a job's receipt (its idempotency key) is kept. A retry comes within minutes (5 retries with backoff from
 * 30 s) and the keys name one-off business events, so a month is far past any second run of the same key.
 */
export const JOB_RECEIPT_RETENTION_DAYS = 30;

export const pruneJobReceiptsJob = defineJob({ name: 'jobs.prune-receipts', payload: z.object({}) });

/** Deletes the receipts older than JOB_RECEIPT_RETENTION_DAYS before `now`; returns how many went. */
export async function pruneJobReceipts(database: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - JOB_RECEIPT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await database.query(
    'with gone as (delete from job_receipts where created < $1 returning 1) select count(*)::int as n from gone',
    [cutoff],
  );
  return Number(row?.n ?? 0);
}

/** pg-boss on the application database, with its own small pool. */
export function createBoss(database: Database, options: { supervise?: boolean; schedule?: boolean } = {}): PgBoss {
  return new PgBoss({
    ...options,
    connectionString: database.url,
    max: 4,
    schema: 'pgboss',
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  });
}

type Registered = {
  job: JobDefinition<z.ZodType>;
  handler: (payload: unknown, ctx: TransactionContext | ProviderContext) => Promise<void>;
};

export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsOptions) => {
  const { database } = options;
  const runWorkers = options.runWorkers !== false;
  // Without workers (tests), nothing needs pg-boss's maintenance or cron timers either.
  const boss = createBoss(database, runWorkers ? {} : { supervise: false, schedule: false });
  const registered: Registered[] = [];
  const schedules: Array<{ job: JobDefinition<z.ZodType>; cron: string; payload: object }> = [];
  const createdQueues = new Set<string>();
  // This process's pg-boss worker of each queue, to wake it (`jobs.wake`).
  const workerIds = new Map<string, string>();
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

  async function ensureQueue(job: JobDefinition<z.ZodType>) {
    if (createdQueues.has(job.name)) return;
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
    createdQueues.add(job.name);
  }

  function senderOn(execute: SqlExecutor | null): JobSender {
    return {
      async send(job, payload, sendOptions) {
        const data = job.payload.parse(payload);
        const singletonKey = job.keyed ? job.idempotencyKey?.(data) : undefined;
        if (execute) {
          // Creating a queue locks pg-boss's job table from another connection: doing that while this
          // transaction holds it would wait forever, so queues are created when the app starts.
          if (!createdQueues.has(job.name)) {
            throw new Error(`job ${job.name} has no handler in this app: register it with app.jobs.work`);
          }
        } else {
          await ensureQueue(job);
        }
        return boss.send(job.name, data as object, {
          ...sendOptions,
          ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
          ...(singletonKey ? { singletonKey } : {}),
          ...(execute ? { db: { executeSql: execute } } : {}),
        });
      },
      wake(job) {
        const workerId = workerIds.get(job.name);
        if (workerId) boss.notifyWorker(workerId);
      },
    };
  }

  /** Runs one job's handler; a keyed job's at most once per key, in its receipt's transaction (see lib/jobs.ts). */
  async function runHandler({ job, handler }: Registered, data: unknown): Promise<void> {
    const payload = job.payload.parse(data);
    if (!job.keyed) return handler(payload, app.ctx);
    const key = job.idempotencyKey?.(payload);
    if (!key) throw new Error(`keyed job ${job.name} gave no idempotency key`);
    await withTransaction(app.ctx, async (tx) => {
      // A concurrent run of the same key waits here on the primary key until this one commits or rolls back.
      const recorded = await tx.db
        .insert(jobReceipts)
        .values({ key, job: job.name })
        .onConflictDoNothing()
        .returning({ key: jobReceipts.key });
      if (recorded.length === 0) {
        app.log.info({ job: job.name, key }, 'job already done for this key; skipped');
        return;
      }
      await handler(payload, tx);
    });
  }

  /** Runs fetched jobs one by one, completing or failing each on its own. */
  async function runItems(entry: Registered, items: Array<PgBoss.Job<unknown>>, result?: DrainResult) {
    for (const item of items) {
      try {
        await runHandler(entry, item.data);
        await boss.complete(entry.job.name, item.id);
        if (result) result.completed += 1;
      } catch (error) {
        app.log.warn({ err: error, job: entry.job.name, id: item.id }, 'job failed; it will be retried');
        await boss.fail(entry.job.name, item.id, { message: String(error) });
        result?.failed.push({ name: entry.job.name, id: item.id, error });
      }
    }
  }

  app.decorate('jobs', {
    ...senderOn(null),
    senderOn,
    schedule(job, cron, payload) {
      schedules.push({ job, cron, payload: job.payload.parse(payload) as object });
    },
    work(job, handler) {
      registered.push({ job, handler: handler as Registered['handler'] });
    },
    async drain() {
      const result: DrainResult = { completed: 0, failed: [] };
      for (let found = true; found;) {
        found = false;
        for (const entry of registered) {
          await ensureQueue(entry.job);
          const items = await boss.fetch<unknown>(entry.job.name, { batchSize: 100 });
          if (items.length > 0) found = true;
          await runItems(entry, items, result);
        }
      }
      return result;
    },
  } satisfies Jobs);

  app.jobs.work(pruneJobReceiptsJob, async () => {
    await pruneJobReceipts(database, new Date());
  });
  app.jobs.schedule(pruneJobReceiptsJob, '43 3 * * *', {});

  app.addHook('onReady', async () => {
    await boss.start();
    for (const { job } of registered) await ensureQueue(job);
    if (!runWorkers) return;
    for (const entry of registered) {
      const batchSize = entry.job.batchSize ?? DEFAULT_BATCH_SIZE;
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
      // pg-boss fetches one batch per polling interval; a full batch means more are waiting, so keep fetching
      // until the queue is empty (40 password resets must not hold invitations back for a minute).
      const workerId = await boss.work(entry.job.name, { pollingIntervalSeconds, batchSize }, async (batch) => {
        for (let items = batch; items.length > 0;) {
          await runItems(entry, items);
          if (items.length < batchSize) break;
          items = await boss.fetch<unknown>(entry.job.name, { batchSize });
        }
        // pg-boss then completes the batch's ids, which only touches jobs still active: none.
      });
      workerIds.set(entry.job.name, workerId);
    }
    for (const { job, cron, payload } of schedules) {
      await ensureQueue(job);
      await boss.schedule(job.name, cron, payload, { tz: 'UTC' });
    }
  });

  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 5000 });
  });
});
