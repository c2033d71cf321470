import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { emailMessageSchema } from '../../providers/email/email-provider';

export const emailJobSchema = emailMessageSchema.extend({
  /** The business event the email belongs to (e.g. `password-reset:<token id>`): it is sent once per key. */
  key: z.string().min(1).max(200),
});

export const sendEmailJob = defineJob({
  name: 'mail.send-email',
  payload: emailJobSchema,
  retryLimit: 8,
  batchSize: 50,
  idempotencyKey: (job) => `mail:${job.key}`,
});

export function registerMailJobs(app: FastifyInstance) {
  app.jobs.work(sendEmailJob, ({ key: _key, ...message }) => app.ctx.providers.email.send(message));
}
