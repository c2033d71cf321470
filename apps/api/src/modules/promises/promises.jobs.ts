import { z } from 'zod';
import { defineJob, defineKeyedJob } from '../../lib/jobs';

/** Settles one promise at its time (queued with it, `startAfter` its time; once per promise). */
export const settlePromiseJob = defineKeyedJob({
  name: 'promises.settle',
  payload: z.object({ promiseId: z.uuid() }),
  idempotencyKey: ({ promiseId }) => `promises.settle:${promiseId}`,
  retryLimit: 5,
  retryDelaySeconds: 60,
});

/** Settles any open promise whose time has passed and whose own job was lost (every few minutes; safe to overlap). */
export const settleDuePromisesJob = defineJob({
  name: 'promises.settle-due',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
});

/** Reminds the customer of a promise still unconfirmed a day before its time (queued with it; once per promise). */
export const remindUnconfirmedPromiseJob = defineKeyedJob({
  name: 'promises.remind-unconfirmed',
  payload: z.object({ promiseId: z.uuid() }),
  idempotencyKey: ({ promiseId }) => `promises.remind-unconfirmed:${promiseId}`,
  retryLimit: 5,
  retryDelaySeconds: 60,
});
