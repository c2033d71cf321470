// The messaging module, as other modules use it: one send path for every sender (a queued message and its job),
// the Outbox screen's way in for a customer's reply, and the seam PAY uses to create payment links.

export { queueMessage, type QueuedText } from './queue-message';
export { queueTemplateText, type TemplateText, type TemplateTextResult } from './queue-template-text';
export { receiveOutboxReply } from './receive-outbox-reply';
export { type CreatePaymentLink, type MessagingDependencies } from './answer-keyword';
export { registerMessagingJobHandlers } from './messaging.job-handlers';
export { chatSocketRoutes } from './chat-socket.routes';
