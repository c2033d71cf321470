// Promises to pay, as other modules use them: an account's next open one (merge fields), and what becomes of a
// promise whose scheduled payment is cancelled. The customer's YES / CONFIRM reply reaches `confirm-promise.ts`
// through the messaging dependencies app.ts wires (no import cycle).

export { findNextOpenPromise, type OpenPromise } from './next-open-promise';
export { unschedulePromiseOf } from './unschedule-promise';
