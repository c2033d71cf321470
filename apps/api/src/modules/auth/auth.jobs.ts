import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
// eslint-disable-next-line import-x/no-cycle -- removed by issue 17 item 4
import { pruneExpiredAuthRecords, sendPasswordResetLink } from './auth.service';

export const pruneAuthRecordsJob = defineJob({ name: 'auth.prune-expired-records', payload: z.object({}) });

/** A password reset asked for: the email is looked up here, so the request does the same work for any email. */
export const passwordResetRequestedJob = defineJob({
  name: 'auth.password-reset-requested',
  payload: z.object({ email: z.string() }),
});

export function registerAuthJobs(app: FastifyInstance) {
  app.jobs.work(passwordResetRequestedJob, ({ email }) => sendPasswordResetLink(app.ctx, email));
  app.jobs.work(pruneAuthRecordsJob, () => pruneExpiredAuthRecords(app.ctx));
  app.jobs.schedule(pruneAuthRecordsJob, '17 * * * *', {});
}
