import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/** How long a run's claim on an email lasts: a run that died is taken over (same provider key) after it. */
export const EMAIL_SEND_LEASE_SECONDS = 5 * 60;

/** Sends one queued email (`outgoing_emails`); a provider job, so it claims its row (mail.job-handlers.ts). */
export const sendEmailJob = defineJob({
  name: 'mail.send-email',
  payload: z.object({ emailId: z.uuid() }),
  retryLimit: 8,
  batchSize: 50,
  // pg-boss retries a run it lost track of after this; by then the run's claim has lapsed too.
  expireInSeconds: EMAIL_SEND_LEASE_SECONDS,
});

/** Sent emails' rows are kept this long (they hold no body once sent), then deleted by the daily prune. */
export const SENT_EMAIL_RETENTION_DAYS = 30;

export const pruneSentEmailsJob = defineJob({ name: 'mail.prune-sent-emails', payload: z.object({}) });
