// The integrations module, as other modules use it: FreshBooks client reads for the customer sync, and the request
// budget and lock that keep those reads within FreshBooks' limits.

export { exclusively, takeRequestBudget, type RequestBudget } from './integration-limits';
export { findFreshbooksClients, freshbooksConnected } from './integrations.service';
