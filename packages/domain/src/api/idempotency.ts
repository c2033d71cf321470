// Idempotency-Key: a client names a write so that sending it again (after a timeout, a lost answer) does it once
// (docs/decisions/0020-idempotency-keys.md). Endpoints that need one say `idempotent: true` in their definition.

/** The request header, as Node spells received header names. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** How long a key is remembered: a repeat after this runs again as a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
