import type { FastifyInstance } from 'fastify';
import { runDueScheduledPayments } from './run-scheduled-payments';
import { runScheduledPaymentsJob } from './scheduled-payments.jobs';

export function registerScheduledPaymentJobHandlers(app: FastifyInstance) {
  app.jobs.work(runScheduledPaymentsJob, async (_payload, ctx) => {
    await runDueScheduledPayments(ctx);
  });
  app.jobs.schedule(runScheduledPaymentsJob, '*/5 * * * *', {});
}
