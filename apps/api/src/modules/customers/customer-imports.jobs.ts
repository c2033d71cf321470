import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/**
 * Imports an uploaded CSV's pending rows. No idempotency key (whose receipt would hold one transaction open for the
 * whole import): the rows' states make it idempotent, each batch committing on its own, and a retry after a crash
 * or an error resumes with the rows still pending.
 */
export const importCustomersJob = defineJob({
  name: 'customers.import',
  payload: z.object({ importId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  batchSize: 1,
});

/** The first run and every retry: after that many failed runs the import ends `failed`. */
export const IMPORT_MAX_RUNS = (importCustomersJob.retryLimit ?? 0) + 1;

export function registerCustomerImportJobs(app: FastifyInstance) {
  app.jobs.work(importCustomersJob, async ({ importId }) => {
    // Imported lazily: the service imports this module for the job's definition.
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
