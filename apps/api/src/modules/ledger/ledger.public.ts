// The ledger, as other modules use it: the only writer of an account's amount due (decision 0021).

export { LedgerBalanceError, postLedgerEntries, type LedgerEntryInput } from './post-ledger-entries';
