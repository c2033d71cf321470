import type { z } from 'zod';

/** A background job: a queue name and the schema of its payload. Handlers live beside the module that owns it. */
export type JobDefinition<Schema extends z.ZodType> = {
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
  /**
   * The business event a job stands for (e.g. `password-reset:<token id>`). With it the job is sent with that
   * singleton key, and its handler runs at most once per key: the key is recorded in `job_receipts` in the same
   * transaction the handler's work commits in, and a job whose key is already recorded is skipped. Give one to
   * every job that talks to a provider, so a retry after a crash or a lost completion cannot send twice.
   */
  idempotencyKey?: (payload: z.output<Schema>) => string;
};

export const defineJob = <Schema extends z.ZodType>(definition: JobDefinition<Schema>) => definition;

export type JobHandler<Schema extends z.ZodType> = (payload: z.output<Schema>) => Promise<void>;
