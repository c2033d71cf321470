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
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export type JobsOptions = { database: Database; pollingIntervalSeconds?: number; runWorkers?: boolean };

/** pg-boss on the application database (PGlite or PostgreSQL) through one SQL adapter. */
export function createBoss(
  database: Database,
  options: { pollingIntervalSeconds?: number; supervise?: boolean; schedule?: boolean } = {},
): PgBoss {
  const { pollingIntervalSeconds = 2, ...rest } = options;
  return new PgBoss({
    ...rest,
    db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await database.query(text, values) }) },
    schema: 'pgboss',
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
    pollingIntervalSeconds,
  } as PgBoss.ConstructorOptions);
}

export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsOptions) => {
  const boss = createBoss(options.database, { pollingIntervalSeconds: options.pollingIntervalSeconds });
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
  } satisfies Jobs);

  app.addHook('onReady', async () => {
    await boss.start();
    if (options.runWorkers === false) return;
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
