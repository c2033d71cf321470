// Payments, as other modules and the app's start-up use it.

export { seedDemoPayments } from './seed-demo-payments';
