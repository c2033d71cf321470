import { z } from 'zod';
import { defineJob } from '../../lib/jobs';

/** How long a run's claim on a message lasts: a run that died is taken over (same provider key) after it. */
export const MESSAGE_SEND_LEASE_SECONDS = 5 * 60;
/** Tries before a text that keeps meeting retryable errors is failed. */
export const MESSAGE_MAX_ATTEMPTS = 6;

/** Sends one queued text (`messages`); a provider job: it claims its row (deliver-message.ts). */
export const sendMessageJob = defineJob({
  name: 'messaging.send-message',
  payload: z.object({ messageId: z.uuid() }),
  retryLimit: 3,
  batchSize: 50,
  expireInSeconds: MESSAGE_SEND_LEASE_SECONDS,
});

/** Processes one stored webhook event (inbound text or delivery status); claims the event first. */
export const processProviderEventJob = defineJob({
  name: 'messaging.process-provider-event',
  payload: z.object({ eventId: z.uuid() }),
  retryLimit: 5,
  batchSize: 50,
});
