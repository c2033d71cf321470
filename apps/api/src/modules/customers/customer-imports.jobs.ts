import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/**
 * Imports an uploaded CSV's pending rows. No idempotency key (whose receipt would hold one transaction open for the
 * whole import): the rows' states make it idempotent, each batch committing on its own, and a retry after a crash
 * or an error resumes with the rows still pending.
 *
 * Its expiry is 4 hours, not pg-boss's 15 minutes: a job still running at its expiry is failed and retried while
 * the first run goes on (harmless, the runs split the rows, but each such retry uses up one of the import's runs,
 * and pg-boss's worker gives up waiting for the handler then). 100,000 rows take a few minutes set-based, but a
 * batch whose set-based write fails goes row by row (~16–60 rows/s under load), so the bound is generous. A worker
 * that dies is not waited for: the app queues unfinished imports again when it starts (`onReady` below).
 */
export const importCustomersJob = defineJob({
  name: 'customers.import',
  payload: z.object({ importId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  batchSize: 1,
  expireInSeconds: 4 * 60 * 60,
});

/** The first run and every retry: after that many failed runs the import ends `failed`. */
export const IMPORT_MAX_RUNS = (importCustomersJob.retryLimit ?? 0) + 1;

export function registerCustomerImportJobs(app: FastifyInstance) {
  app.jobs.work(importCustomersJob, async ({ importId }) => {
    // Imported lazily: the service imports this module for the job's definition.
    // eslint-disable-next-line import-x/no-cycle -- removed by issue 17 item 4
    const { runImportJob } = await import('./customer-imports.service');
    await runImportJob(app.ctx, importId, IMPORT_MAX_RUNS);
  });
  // Imports a crash or a restart left unfinished resume now, not when their jobs' leases expire.
  app.addHook('onReady', async () => {
    const { requeueUnfinishedImports } = await import('./customer-imports.service');
    const count = await requeueUnfinishedImports(app.ctx);
    if (count > 0) app.log.info({ count }, 'unfinished customer imports queued again');
  });
}
