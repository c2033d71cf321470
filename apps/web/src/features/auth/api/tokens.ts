import {
  authEndpoints,
  type Credentials,
  type SsoCredentials,
  type TokenPair,
} from '@paydesk/domain/auth/auth.contract';
import { api } from '../../../lib/api-client';

/** POST /token/: signs in with email and password. */
export function obtainTokens(credentials: Credentials): Promise<TokenPair> {
  return api.call(authEndpoints.signIn, { body: credentials });
}

/** POST /sso-auth/: signs in with a single sign-on link's id and token. */
export function authenticateSso(credentials: SsoCredentials): Promise<TokenPair> {
  return api.call(authEndpoints.ssoAuth, { body: credentials });
}

/** POST /token/refresh/: rotates the pair. It bypasses the refresh, so it never counts as activity. */
export function refreshTokens(refresh: string): Promise<TokenPair> {
  return api.call(authEndpoints.refresh, { body: { refresh } }, { bypassRefresh: true });
}

/** POST /token/blacklist/: the server refuses the refresh token (and its sign-in) from now on. */
export async function blacklistRefreshToken(refreshToken: string, accessToken: string | null): Promise<void> {
  await api.call(
    authEndpoints.blacklist,
    { body: { refresh_token: refreshToken } },
    { bypassRefresh: true, headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined },
  );
}
