import { api } from '../../../lib/api-client';
import type { TokenPair } from '../../../lib/session-state';

export type Credentials = { email: string; password: string };
export type SsoCredentials = { id: string; token: string };

/** POST /token/: signs in with email and password. */
export function obtainTokens(credentials: Credentials): Promise<TokenPair> {
  return api.post<TokenPair>('/token/', credentials);
}

/** POST /sso-auth/: signs in with a single sign-on link's id and token. */
export function authenticateSso(credentials: SsoCredentials): Promise<TokenPair> {
  return api.post<TokenPair>('/sso-auth/', credentials);
}

/** POST /token/refresh/: rotates the pair. It bypasses the refresh, so it never counts as activity. */
export function refreshTokens(refresh: string): Promise<TokenPair> {
  return api.post<TokenPair>('/token/refresh/', { refresh }, { bypassRefresh: true });
}

/** POST /token/blacklist/: the server refuses the refresh token (and its sign-in) from now on. */
export async function blacklistRefreshToken(refreshToken: string, accessToken: string | null): Promise<void> {
  await api.post(
    '/token/blacklist/',
    { refresh_token: refreshToken },
    { bypassRefresh: true, headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined },
  );
}
