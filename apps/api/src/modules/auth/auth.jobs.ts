import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

export const pruneAuthRecordsJob = defineJob({ name: 'auth.prune-expired-records', payload: z.object({}) });

/** A password reset asked for: the email is looked up here, so the request does the same work for any email. */
export const passwordResetRequestedJob = defineJob({
  name: 'auth.password-reset-requested',
  payload: z.object({ email: z.string() }),
});
