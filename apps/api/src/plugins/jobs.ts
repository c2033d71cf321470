import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { JobDefinition, JobHandler } from '../lib/jobs';

export type Jobs = {
  /** Queues a job; the payload is checked against the job's schema first. */
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options?: { singletonKey?: string; startAfter?: Date },
  ): Promise<string | null>;
  /** Runs the job on a cron schedule (UTC), once across all API processes. */
  schedule<Schema extends z.ZodType>(job: JobDefinition<Schema>, cron: string, payload: z.input<Schema>): void;
  /** Registers the handler; workers start when the app is ready. */
  work<Schema extends z.ZodType>(job: JobDefinition<Schema>, handler: JobHandler<Schema>): void;
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

export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsOptions) => {
  const runWorkers = options.runWorkers !== false;
  // Without workers (tests), nothing needs pg-boss's maintenance or cron timers either.
  const boss = createBoss(options.database, runWorkers ? {} : { supervise: false, schedule: false });
  const registered: Array<{ job: JobDefinition<z.ZodType>; handler: JobHandler<z.ZodType> }> = [];
  const schedules: Array<{ job: JobDefinition<z.ZodType>; cron: string; payload: object }> = [];
  const createdQueues = new Set<string>();
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

  app.decorate('jobs', {
    async send(job, payload, sendOptions) {
      const data = job.payload.parse(payload) as object;
      await ensureQueue(job);
      return boss.send(job.name, data, { ...sendOptions });
    },
    schedule(job, cron, payload) {
      schedules.push({ job, cron, payload: job.payload.parse(payload) as object });
    },
    work(job, handler) {
      registered.push({ job, handler: handler as JobHandler<z.ZodType> });
    },
    async drain() {
      const result: DrainResult = { completed: 0, failed: [] };
      for (let found = true; found;) {
        found = false;
        for (const { job, handler } of registered) {
          await ensureQueue(job);
          for (const item of await boss.fetch<unknown>(job.name, { batchSize: 100 })) {
            found = true;
            try {
              await handler(job.payload.parse(item.data));
              await boss.complete(job.name, item.id);
              result.completed += 1;
            } catch (error) {
              await boss.fail(job.name, item.id, { message: String(error) });
              result.failed.push({ name: job.name, id: item.id, error });
            }
          }
        }
      }
      return result;
    },
  } satisfies Jobs);

  app.addHook('onReady', async () => {
    await boss.start();
    if (!runWorkers) return;
    for (const { job, handler } of registered) {
      await ensureQueue(job);
      await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async (batch) => {
        for (const item of batch) await handler(job.payload.parse(item.data));
      });
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
