/** What connecting FreshBooks yields: the OAuth tokens and the name of the business the user allowed. */
export type FreshbooksTokens = {
  access_token: string;
  refresh_token: string;
  /** ISO 8601. */
  expires_at: string;
  account_name: string;
  /** The business's accounting account id (the `{accountid}` of FreshBooks' accounting paths), when known. */
  account_id?: string | undefined;
};

/** The sealed part of a connection: what a later call to FreshBooks needs. */
export type FreshbooksSession = Omit<FreshbooksTokens, 'account_name'>;

/** A session is renewed this long before its access token runs out. */
const EXPIRY_MARGIN_MS = 60_000;

/** Whether the session's access token has run out (or is about to): it must be renewed before a read. */
export function freshbooksSessionExpired(session: FreshbooksSession, now: Date): boolean {
  return Date.parse(session.expires_at) - EXPIRY_MARGIN_MS <= now.getTime();
}

/** A FreshBooks client as Paydesk reads it; the account's `external_id` is the client's id. */
export type FreshbooksClient = {
  external_id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** As typed in FreshBooks (mobile phone first, else business phone); '' when none. */
  phone: string;
  /** What the client owes, in cents (FreshBooks' outstanding balance). */
  outstanding_cents: number;
};

/** The code FreshBooks sent back was refused (unknown, used, expired, for another redirect URI). */
export class FreshbooksCodeError extends Error {
  override name = 'FreshbooksCodeError';
}

/** FreshBooks could not answer a read (down, refused the tokens, answered something unexpected). */
export class FreshbooksSyncError extends Error {
  override name = 'FreshbooksSyncError';
}

/** FreshBooks refused a read for too many requests (429): Paydesk's own budget should keep this from happening. */
export class FreshbooksRateLimitError extends FreshbooksSyncError {
  override name = 'FreshbooksRateLimitError';
}

/**
 * FreshBooks refused the connection itself: the refresh token (spent, revoked, expired) or the tokens of a read
 * (401). Trying again cannot help; an admin must connect FreshBooks again.
 */
export class FreshbooksAuthorizationError extends FreshbooksSyncError {
  override name = 'FreshbooksAuthorizationError';
}

/** FreshBooks OAuth 2 (authorization code grant) and the client reads: the real service, or the embedded sandbox. */
export type FreshbooksProvider = {
  name: 'sandbox' | 'freshbooks';
  /** Where to send the browser to allow Paydesk; FreshBooks sends it back to `redirectUri/<code>?state=…`. */
  authorizationUrl(state: string, redirectUri: string): string;
  /** Trades a code for tokens; throws FreshbooksCodeError when the code is refused. */
  exchangeCode(code: string, redirectUri: string): Promise<FreshbooksTokens>;
  /**
   * Renews an expired session with its refresh token. FreshBooks rotates refresh tokens: the one used here is
   * spent, so the answer must be stored, and two renewals of one session must not run at once (the second is
   * refused). Throws FreshbooksAuthorizationError when FreshBooks refuses the refresh token, FreshbooksSyncError
   * when it cannot answer.
   */
  refresh(session: FreshbooksSession): Promise<FreshbooksSession>;
  /**
   * The clients with these ids (null where FreshBooks has none), with a session that has not expired. Answers the
   * session to keep from now on (the same one, or with the account id it looked up). Throws FreshbooksSyncError when
   * FreshBooks cannot answer.
   */
  findClients(
    session: FreshbooksSession,
    externalIds: readonly string[],
  ): Promise<{ clients: Map<string, FreshbooksClient | null>; session: FreshbooksSession }>;
};
