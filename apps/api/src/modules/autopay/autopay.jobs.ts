import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/** Runs the autopays that are due (every few minutes; each enrolment is claimed, so overlapping runs are safe). */
export const runAutopayJob = defineJob({
  name: 'autopay.run-due',
  payload: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
});
