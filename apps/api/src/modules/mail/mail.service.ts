import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { outgoingEmails } from '../../db/schema/mail';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { emailMessageSchema } from '../../providers/email/email-provider';
import { SENT_EMAIL_RETENTION_DAYS, sendEmailJob } from './mail.jobs';

export const queuedEmailSchema = emailMessageSchema.extend({
  /** The business event the email belongs to (e.g. `password-reset:<token id>`): it is sent once per key. */
  key: z.string().min(1).max(200),
});

/**
 * Emails leave through the job queue, so a slow or failing provider never fails the request that sent them. The
 * email is a row written with its job, in the caller's transaction: both commit with the caller's work or neither.
 * A key already queued queues nothing: it is sent once.
 */
export async function queueEmail(ctx: ServiceContext, email: z.input<typeof queuedEmailSchema>): Promise<void> {
  const { key, to, subject, text, html } = queuedEmailSchema.parse(email);
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(outgoingEmails)
      .values({ key, recipient: to, subject, body: text, html })
      .onConflictDoNothing({ target: outgoingEmails.key })
      .returning({ id: outgoingEmails.id });
    if (row) await tx.jobs.send(sendEmailJob, { emailId: row.id });
  });
}

/** Deletes the rows of emails sent more than SENT_EMAIL_RETENTION_DAYS before `now`; returns how many went. */
export async function pruneSentEmails(ctx: ServiceContext, now = ctx.clock()): Promise<number> {
  const cutoff = new Date(now.getTime() - SENT_EMAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await ctx.db
    .delete(outgoingEmails)
    .where(and(eq(outgoingEmails.status, 'sent'), lt(outgoingEmails.sent_at, cutoff)))
    .returning({ id: outgoingEmails.id });
  return gone.length;
}
