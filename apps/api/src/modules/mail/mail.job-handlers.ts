import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outgoingEmails } from '../../db/schema/mail';
import type { ProviderContext } from '../../lib/service-context';
import { EMAIL_SEND_LEASE_SECONDS, pruneSentEmailsJob, sendEmailJob } from './mail.jobs';
import { pruneSentEmails } from './mail.service';

/** The provider's idempotency key for an email: the same for every run that sends that row. */
export const emailIdempotencyKey = (emailId: string) => `email:${emailId}`;

/**
 * Sends one queued email: claims the row (`queued → sending`, or a `sending` row whose claim lapsed because its run
 * died) in one conditional update, calls the provider outside any transaction with a key derived from the row, then
 * records `sent`. A run killed between the call and the record leaves the row `sending`; the retry calls again with
 * the same key, which the provider treats as the same message. A failed call puts the row back to `queued` and
 * fails the job, which pg-boss retries.
 */
export async function sendQueuedEmail(ctx: ProviderContext, emailId: string): Promise<void> {
  const now = ctx.clock();
  const claimedUntil = new Date(now.getTime() + EMAIL_SEND_LEASE_SECONDS * 1000);
  const [email] = await ctx.db
    .update(outgoingEmails)
    .set({
      status: 'sending',
      attempts: sql`${outgoingEmails.attempts} + 1`,
      claimed_until: claimedUntil,
    })
    .where(
      and(
        eq(outgoingEmails.id, emailId),
        or(
          eq(outgoingEmails.status, 'queued'),
          and(eq(outgoingEmails.status, 'sending'), lt(outgoingEmails.claimed_until, now)),
        ),
      ),
    )
    .returning();
  if (!email) {
    const [current] = await ctx.db
      .select({ status: outgoingEmails.status })
      .from(outgoingEmails)
      .where(eq(outgoingEmails.id, emailId));
    if (!current || current.status === 'sent') return;
    throw new Error(`email ${emailId} is being sent by another run`);
  }
  try {
    await ctx.providers.email.send(
      { to: email.recipient, subject: email.subject, text: email.body, html: email.html ?? undefined },
      { idempotencyKey: emailIdempotencyKey(email.id) },
    );
  } catch (error) {
    // Only while this run's claim holds: a run that took over a lapsed claim is not put back.
    await ctx.db
      .update(outgoingEmails)
      .set({ status: 'queued', claimed_until: null, last_error: String(error) })
      .where(
        and(
          eq(outgoingEmails.id, email.id),
          eq(outgoingEmails.status, 'sending'),
          eq(outgoingEmails.claimed_until, claimedUntil),
        ),
      );
    throw error;
  }
  // The body may hold a one-time link: once sent, it is not kept.
  await ctx.db
    .update(outgoingEmails)
    .set({ status: 'sent', sent_at: ctx.clock(), claimed_until: null, last_error: null, body: '', html: null })
    .where(eq(outgoingEmails.id, email.id));
}

export function registerMailJobHandlers(app: FastifyInstance) {
  app.jobs.work(sendEmailJob, ({ emailId }, ctx) => sendQueuedEmail(ctx, emailId));
  app.jobs.work(pruneSentEmailsJob, async (_payload, ctx) => {
    await pruneSentEmails(ctx);
  });
  app.jobs.schedule(pruneSentEmailsJob, '51 3 * * *', {});
}
