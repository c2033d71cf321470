// Promises to pay, as other modules use them: the next open one (merge fields), and the customer's YES / CONFIRM
// reply confirming their unconfirmed ones.

export { findNextOpenPromise, type OpenPromise } from './next-open-promise';
export { confirmPromisesByReply } from './confirm-promise';
