/** What connecting FreshBooks yields: the OAuth tokens and the name of the business the user allowed. */
export type FreshbooksTokens = {
  access_token: string;
  refresh_token: string;
  /** ISO 8601. */
  expires_at: string;
  account_name: string;
};

/** The code FreshBooks sent back was refused (unknown, used, expired, for another redirect URI). */
export class FreshbooksCodeError extends Error {
  override name = 'FreshbooksCodeError';
}

/** FreshBooks OAuth 2 (authorization code grant): the real service, or the embedded sandbox. */
export type FreshbooksProvider = {
  name: 'sandbox' | 'freshbooks';
  /** Where to send the browser to allow Paydesk; FreshBooks sends it back to `redirectUri/<code>?state=…`. */
  authorizationUrl(state: string, redirectUri: string): string;
  /** Trades a code for tokens; throws FreshbooksCodeError when the code is refused. */
  exchangeCode(code: string, redirectUri: string): Promise<FreshbooksTokens>;
};
