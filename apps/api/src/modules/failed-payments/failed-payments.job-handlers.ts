import type { FastifyInstance } from 'fastify';
import { runAutomaticRetriesJob } from './failed-payments.jobs';
import { runAutomaticRetries } from './run-automatic-retries';

export function registerFailedPaymentJobHandlers(app: FastifyInstance) {
  app.jobs.work(runAutomaticRetriesJob, async (_payload, ctx) => {
    await runAutomaticRetries(ctx);
  });
  app.jobs.schedule(runAutomaticRetriesJob, '*/5 * * * *', {});
}
