import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db, IsolationLevel, Transaction } from '../db/client';
import type { EventPublisher, Events } from '../plugins/events';
import type { Providers } from '../providers/providers';
import type { FieldCipher } from './field-encryption';
import type { JobQueue, JobSender } from './jobs';
import { isRetryableTransactionError } from './database-errors';

/** How `withTransaction` opens a transaction and binds the context's db, jobs and events to it. */
export type TransactionOpener = {
  begin: Database['transaction'];
  bind(tx: Transaction): Pick<ServiceContext, 'db' | 'jobs' | 'events'>;
};

/**
 * What a service works with. Built once per app (`app.ctx`, a `ProviderContext`) and handed to services by route
 * handlers and job handlers; services never see Fastify. Inside `withTransaction`, `db`, `jobs` and `events` belong
 * to the open transaction. It has no providers: see `ProviderContext`.
 */
export type ServiceContext = {
  db: Db;
  jobs: JobSender;
  events: EventPublisher;
  clock: () => Date;
  config: Config;
  /** Seals secrets kept at rest (SSNs, integration credentials). */
  cipher: FieldCipher;
  log: FastifyBaseLogger;
  /** Drops the user from this process's active-user cache (see `publishUserChanged`, which tells every process). */
  forgetUser: (userId: string) => void;
  /**
   * Runs `fn` once the work so far is committed: at once outside a transaction; inside `withTransaction`, after its
   * commit (never after a rollback, once however many times the transaction ran). For effects outside the database
   * that must follow a write, such as dropping this process's cached copies of what it changed. A callback that
   * throws is logged; the committed work stands.
   */
  afterCommit: (fn: AfterCommit) => void;
  /** Null inside a transaction: a nested `withTransaction` joins the open one. */
  readonly transactions: TransactionOpener | null;
};

export type AfterCommit = () => void | Promise<void>;

/**
 * The service context with the adapters to the outside world (gateway, SMS, email, FreshBooks, devices): `app.ctx`
 * and what route handlers and provider jobs get, never what a transaction hands its function. Only a service that
 * calls a provider takes it.
 */
export type ProviderContext = ServiceContext & { providers: Providers };

/**
 * What a transaction hands its function: a service context, without providers. A transaction may run several times
 * (serialization failures) and holds its locks while it runs, so no network call to the outside world belongs in
 * it, and none compiles there (`tx.providers` does not exist; a service taking a `ProviderContext` does not accept
 * `tx`). Provider work records its intent in one short transaction (a row and a job), calls the provider outside
 * it, and records the outcome in a second one.
 */
export type TransactionContext = ServiceContext;

export type ServiceContextParts = Pick<ProviderContext, 'providers' | 'config' | 'cipher' | 'log' | 'forgetUser'> & {
  database: Database;
  jobs: JobQueue;
  events: Events;
  clock?: () => Date;
};

export function createServiceContext({ database, jobs, events, clock, ...rest }: ServiceContextParts): ProviderContext {
  return {
    ...rest,
    afterCommit: (fn) => void runAfterCommit([fn], rest.log),
    clock: clock ?? (() => new Date()),
    db: database.db,
    jobs,
    events,
    transactions: {
      begin: (fn, options) => database.transaction(fn, options),
      bind: (tx) => ({ db: tx.db, jobs: jobs.senderOn(tx.execute), events: events.publisherOn(tx.execute) }),
    },
  };
}

export type TransactionOptions = {
  isolation?: IsolationLevel;
  /** How many times the whole function may run when PostgreSQL reports a serialization failure or deadlock. */
  attempts?: number;
};

const DEFAULT_ATTEMPTS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runAfterCommit(callbacks: readonly AfterCommit[], log: FastifyBaseLogger): Promise<void> {
  for (const fn of callbacks) {
    try {
      await fn();
    } catch (error) {
      log.error({ err: error }, 'an after-commit callback failed; the transaction stands');
    }
  }
}

/**
 * Runs `fn` in one transaction: its writes, the jobs it sends and the events it publishes commit together or not
 * at all (jobs are rows in the same database; NOTIFY is delivered on commit), and the callbacks given to
 * `tx.afterCommit` run after the commit. A serialization failure or deadlock
 * reruns the whole function, a few times at most, so `fn` must have no effect outside the database. Inside a
 * transaction, `withTransaction` joins the open one.
 */
export async function withTransaction<T>(
  ctx: ServiceContext,
  fn: (tx: TransactionContext) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  // Not only hidden by the type: a context that had providers loses them here.
  const { providers: _providers, ...outside } = ctx as ServiceContext & { providers?: unknown };
  const opener = outside.transactions;
  if (!opener) return fn(outside);
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    // Each attempt collects its own: those of an attempt that rolled back are dropped with it.
    const callbacks: AfterCommit[] = [];
    const afterCommit = (callback: AfterCommit) => void callbacks.push(callback);
    try {
      const result = await opener.begin(
        (tx) => fn({ ...outside, ...opener.bind(tx), afterCommit, transactions: null }),
        {
          isolation: options.isolation,
        },
      );
      await runAfterCommit(callbacks, outside.log);
      return result;
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      outside.log.info({ err: error, attempt }, 'transaction conflicted; running it again');
      // A little jitter, so that two conflicting requests do not meet again at once.
      await pause(Math.random() * 20 * attempt);
    }
  }
}
