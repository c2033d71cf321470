import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/** Runs the automatic retries that are due (every few minutes; a retry's key makes overlapping runs safe). */
export const runAutomaticRetriesJob = defineJob({
  name: 'failed-payments.run-automatic-retries',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
});
