import type { z } from 'zod';
import type { SqlExecutor } from '../db/client';

/**
 * A background job: a queue name and the schema of its payload. A `<area>.jobs.ts` file declares its module's jobs
 * and imports no service, so services can queue them; the handlers live in `<area>.job-handlers.ts` and receive
 * `(payload, ctx)`. Two kinds (decision 0009):
 *
 * - `defineJob`: the handler gets the app's context, providers included, and commits its own work. A job that calls
 *   a provider is one of these: it claims its own row (`queued → sending` in one conditional update), calls the
 *   provider outside any transaction with an idempotency key derived from that row, and records the outcome in a
 *   second transaction (see `mail.job-handlers.ts`). Long jobs made idempotent by their rows' states (imports) too.
 * - `defineKeyedJob`: a database-only job run at most once per key. Its handler gets a context bound to the
 *   transaction that records the key in `job_receipts`, so the receipt and the handler's writes commit together or
 *   not at all, and a job whose key is already recorded is skipped. No providers there: it is a transaction.
 */
export type JobDefinition<Schema extends z.ZodType, Keyed extends boolean = boolean> = {
  name: string;
  payload: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * How long a run may take (pg-boss's default: 15 minutes, at most 24 hours). A job still active after that is
   * failed, so retried, even while its first run goes on: give jobs that can legitimately run longer their bound.
   */
  expireInSeconds?: number;
  /** Jobs fetched per round trip; a worker keeps fetching while it finds full batches. */
  batchSize?: number;
  /** Whether the handler runs in the receipt's transaction, at most once per `idempotencyKey`. */
  keyed: Keyed;
  /**
   * The business event a keyed job stands for (`<area>.<event>:<id>`). The job is sent with that singleton
   * key, and recorded in `job_receipts` in the transaction the handler's work commits in.
   */
  idempotencyKey?: (payload: z.output<Schema>) => string;
};

type JobOptions<Schema extends z.ZodType> = Omit<JobDefinition<Schema>, 'keyed' | 'idempotencyKey'>;

/** A job whose handler gets the app's context (with providers) and commits its own work. */
export const defineJob = <Schema extends z.ZodType>(definition: JobOptions<Schema>): JobDefinition<Schema, false> => ({
  ...definition,
  keyed: false,
});

/** A database-only job whose handler runs, at most once per key, in the transaction that records the key. */
export const defineKeyedJob = <Schema extends z.ZodType>(
  definition: JobOptions<Schema> & { idempotencyKey: (payload: z.output<Schema>) => string },
): JobDefinition<Schema, true> => ({ ...definition, keyed: true });

export type SendOptions = { startAfter?: Date };

export type JobSender = {
  /**
   * Queues a job; the payload is checked against the job's schema first. Inside a transaction the job is queued
   * only if it commits.
   */
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Wakes this process's worker of the job now rather than at its next poll (every 2 s): for a job a person is
   * waiting on, such as a customer's text on its way to an open chat. Call it once the job is committed
   * (`afterCommit`): woken earlier, the worker would not see it yet.
   */
  wake(job: JobDefinition<z.ZodType>): void;
};

/** The queue a service context is built on: a sender, and senders bound to a transaction's connection. */
export type JobQueue = JobSender & {
  /** A sender whose jobs are inserted on the given connection (the open transaction). */
  senderOn(execute: SqlExecutor): JobSender;
};
