// One-time tokens (invites, password resets), as other modules use them.

export {
  checkOneTimeToken,
  invalidateOneTimeTokens,
  issueOneTimeToken,
  pruneExpiredOneTimeTokens,
  useOneTimeToken,
  type OneTimeTokenRow,
} from './one-time-tokens.service';
