// Promises to pay, as other modules use them.

export { findNextOpenPromise, type OpenPromise } from './next-open-promise';
