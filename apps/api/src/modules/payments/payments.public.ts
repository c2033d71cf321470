// Payments, as other modules and the app's start-up use it.

export { seedDemoPayments } from './seed-demo-payments';
export {
  NOTHING_DUE_REASON,
  NothingLeftToTakeError,
  TAKEN_MEANWHILE_REASON,
  takePayment,
  type TakePaymentInput,
} from './take-payment';
export { findPayingAccount, type PayingAccount } from './paying-account';
export { checkPaymentAmount, type PayingMerchant, type PayingUser } from './record-payment';
export { payerOf } from './payer-of-access';
export { toPaymentMethodDto } from './payment-view';
export { readPayment } from './payment-view';
export { receiptEmail } from './receipt-email';
export { findLastAccountPayment } from './last-account-payment';
export { listAccountPaymentsBetween } from './account-payments-total';
