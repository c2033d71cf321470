import { z } from 'zod';
import { FreshbooksCodeError, type FreshbooksProvider } from './freshbooks-provider';

export const FRESHBOOKS_AUTHORIZE_URL = 'https://auth.freshbooks.com/oauth/authorize';
export const FRESHBOOKS_TOKEN_URL = 'https://api.freshbooks.com/auth/oauth/token';
export const FRESHBOOKS_ME_URL = 'https://api.freshbooks.com/auth/api/v1/users/me';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

const meResponse = z.object({
  response: z.object({
    business_memberships: z.array(z.object({ business: z.object({ name: z.string() }) })).default([]),
  }),
});

const TIMEOUT_MS = 15_000;

/** FreshBooks itself (FRESHBOOKS_CLIENT_ID / FRESHBOOKS_CLIENT_SECRET). `fetch` is injectable for tests. */
export function createRealFreshbooksProvider(options: {
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  clock?: () => Date;
}): FreshbooksProvider {
  const send = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'freshbooks',
    authorizationUrl(state, redirectUri) {
      const url = new URL(FRESHBOOKS_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const response = await send(FRESHBOOKS_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code,
          redirect_uri: redirectUri,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // FreshBooks answers 400/401 (invalid_grant) for an unknown, used or expired code.
      if (response.status === 400 || response.status === 401) throw new FreshbooksCodeError('code refused');
      if (!response.ok) throw new Error(`FreshBooks token endpoint answered ${response.status}`);
      const tokens = tokenResponse.parse(await response.json());
      const me = await send(FRESHBOOKS_ME_URL, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!me.ok) throw new Error(`FreshBooks identity endpoint answered ${me.status}`);
      const business = meResponse.parse(await me.json()).response.business_memberships[0]?.business.name;
      return {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at: new Date(clock().getTime() + tokens.expires_in * 1000).toISOString(),
        account_name: business ?? 'FreshBooks',
      };
    },
  };
}
