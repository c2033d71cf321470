// Promises to pay, as other modules use them: an account's next open one (merge fields). The customer's YES /
// CONFIRM reply reaches `confirm-promise.ts` through the messaging dependencies app.ts wires (no import cycle).

export { findNextOpenPromise, type OpenPromise } from './next-open-promise';
