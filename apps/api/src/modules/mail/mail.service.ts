import type { z } from 'zod';
import type { ServiceContext } from '../../lib/service-context';
import { sendEmailJob, type emailJobSchema } from './mail.jobs';

/**
 * Emails leave through the job queue, so a slow or failing provider never fails the request that sent them. In a
 * transaction, the email is queued only if it commits; its key makes sure it is sent once.
 */
export async function queueEmail(ctx: ServiceContext, email: z.input<typeof emailJobSchema>): Promise<void> {
  await ctx.jobs.send(sendEmailJob, email);
}
