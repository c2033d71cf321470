import type { FastifyInstance } from 'fastify';
import type { EmailMessage } from '../../providers/email/email-provider';
import { sendEmailJob } from './mail.jobs';

/** Emails leave through the job queue, so a slow or failing provider never fails the request that sent them. */
export async function queueEmail(app: FastifyInstance, message: EmailMessage): Promise<void> {
  await app.jobs.send(sendEmailJob, message);
}
