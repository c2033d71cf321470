// Promises to pay, as other modules use them: the customer's YES / CONFIRM reply confirms their unconfirmed ones.

export { confirmPromisesByReply } from './confirm-promise';
