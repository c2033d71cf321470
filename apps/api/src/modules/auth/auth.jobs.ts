import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { pruneExpiredAuthRecords } from './auth.service';

export const pruneAuthRecordsJob = defineJob({ name: 'auth.prune-expired-records', payload: z.object({}) });

export function registerAuthJobs(app: FastifyInstance) {
  app.jobs.work(pruneAuthRecordsJob, () => pruneExpiredAuthRecords(app.ctx));
  app.jobs.schedule(pruneAuthRecordsJob, '17 * * * *', {});
}
