import type { FastifyInstance } from 'fastify';
import { remindUnconfirmedPromiseJob, settleDuePromisesJob, settlePromiseJob } from './promises.jobs';
import { remindUnconfirmedPromise } from './remind-unconfirmed-promise';
import { settleDuePromises, settlePromise } from './settle-promises';

export function registerPromiseJobHandlers(app: FastifyInstance) {
  app.jobs.work(settlePromiseJob, ({ promiseId }, ctx) => settlePromise(ctx, promiseId));
  app.jobs.work(remindUnconfirmedPromiseJob, ({ promiseId }, ctx) => remindUnconfirmedPromise(ctx, promiseId));
  app.jobs.work(settleDuePromisesJob, async (_payload, ctx) => {
    await settleDuePromises(ctx);
  });
  app.jobs.schedule(settleDuePromisesJob, '*/5 * * * *', {});
}
