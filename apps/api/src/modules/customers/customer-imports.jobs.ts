import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/**
 * Imports an uploaded CSV's pending rows. Its key makes it run once per import: a run that stops midway (a crash, a
 * restart) leaves the key unrecorded, so the retry runs and resumes with the rows still pending.
 */
export const importCustomersJob = defineJob({
  name: 'customers.import',
  payload: z.object({ importId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  batchSize: 1,
  idempotencyKey: (job) => `customer-import:${job.importId}`,
});

export function registerCustomerImportJobs(app: FastifyInstance) {
  app.jobs.work(importCustomersJob, async ({ importId }) => {
    // Imported lazily: the service imports this module for the job's definition.
    const { runCustomerImport } = await import('./customer-imports.service');
    await runCustomerImport(app.ctx, importId);
  });
}
