import type { FastifyInstance } from 'fastify';
import { runAutopayJob } from './autopay.jobs';
import { runDueAutopays } from './run-autopay';

export function registerAutopayJobHandlers(app: FastifyInstance) {
  app.jobs.work(runAutopayJob, async (_payload, ctx) => {
    await runDueAutopays(ctx);
  });
  app.jobs.schedule(runAutopayJob, '*/5 * * * *', {});
}
