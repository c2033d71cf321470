import type { FastifyInstance } from 'fastify';
import { passwordResetRequestedJob, pruneAuthRecordsJob } from './auth.jobs';
import { pruneExpiredAuthRecords, sendPasswordResetLink } from './auth.service';

export function registerAuthJobHandlers(app: FastifyInstance) {
  app.jobs.work(passwordResetRequestedJob, ({ email }, ctx) => sendPasswordResetLink(ctx, email));
  app.jobs.work(pruneAuthRecordsJob, (_payload, ctx) => pruneExpiredAuthRecords(ctx));
  app.jobs.schedule(pruneAuthRecordsJob, '17 * * * *', {});
}
