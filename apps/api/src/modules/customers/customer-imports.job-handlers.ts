import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_RUNS, importCustomersJob } from './customer-imports.jobs';
import { requeueUnfinishedImports, runImportJob } from './customer-imports.run';

export function registerCustomerImportJobHandlers(app: FastifyInstance) {
  app.jobs.work(importCustomersJob, ({ importId }, ctx) => runImportJob(ctx, importId, IMPORT_MAX_RUNS));
  // Imports a crash or a restart left unfinished resume now, not when their jobs' leases expire.
  app.addHook('onReady', async () => {
    const count = await requeueUnfinishedImports(app.ctx);
    if (count > 0) app.log.info({ count }, 'unfinished customer imports queued again');
  });
}
