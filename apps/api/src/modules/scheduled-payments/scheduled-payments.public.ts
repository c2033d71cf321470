// Scheduled payments, as other modules use them: a promise with a method is paid by one.

export { schedulePromisedPayment, type PromisedPayment } from './schedule-promised-payment';
