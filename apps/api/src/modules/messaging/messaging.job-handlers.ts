import type { FastifyInstance } from 'fastify';
import type { MessagingDependencies } from './answer-keyword';
import { deliverMessage } from './deliver-message';
import { processProviderEventJob, sendMessageJob } from './messaging.jobs';
import { processProviderEvent } from './process-provider-event';

export function registerMessagingJobHandlers(app: FastifyInstance, deps: MessagingDependencies) {
  app.jobs.work(sendMessageJob, ({ messageId }, ctx) => deliverMessage(ctx, messageId));
  app.jobs.work(processProviderEventJob, ({ eventId }, ctx) => processProviderEvent(ctx, deps, eventId));
}
