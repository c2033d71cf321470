import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/** Runs the scheduled payments that are due (every few minutes; each row is claimed, so overlapping runs are safe). */
export const runScheduledPaymentsJob = defineJob({
  name: 'scheduled-payments.run-due',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
});
