import type { FastifyInstance } from 'fastify';
import { defineJob } from '../../lib/jobs';
import { emailMessageSchema } from '../../providers/email/email-provider';

export const sendEmailJob = defineJob({ name: 'mail.send-email', payload: emailMessageSchema, retryLimit: 8 });

export function registerMailJobs(app: FastifyInstance) {
  app.jobs.work(sendEmailJob, (message) => app.providers.email.send(message));
}
