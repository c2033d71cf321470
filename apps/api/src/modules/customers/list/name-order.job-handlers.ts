import type { FastifyInstance } from 'fastify';
import { orderNameSearch, queueNameOrderIfNeeded } from './name-order';
import { orderNameSearchJob } from './name-order.jobs';

export function registerCustomerNameOrderJobHandlers(app: FastifyInstance) {
  app.jobs.work(orderNameSearchJob, async (_payload, ctx) => {
    const merchants = await orderNameSearch(ctx, app.database);
    if (merchants.length > 0) app.log.info({ merchants: merchants.length }, 'customer name search put in order');
  });
  app.jobs.schedule(orderNameSearchJob, '*/5 * * * *', {});
  // Rows written while the app was down (a bulk load, a restore) are put in order now, not at the next sweep.
  app.addHook('onReady', async () => {
    await queueNameOrderIfNeeded(app.ctx);
  });
}
