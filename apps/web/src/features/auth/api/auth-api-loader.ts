import type * as authContract from '@paydesk/domain/auth/auth.contract';
import { importWithTimeout } from '../../../lib/import-with-timeout';
import type * as identityApi from './get-identity';
import type * as tokensApi from './tokens';
import type * as wsTicketApi from './ws-ticket';

/** The auth feature's API calls and the auth contract whose schemas its forms validate with. */
export type AuthApi = {
  contract: typeof authContract;
  tokens: typeof tokensApi;
  identity: typeof identityApi;
  wsTicket: typeof wsTicketApi;
};

let loaded: AuthApi | null = null;
let loading: Promise<AuthApi> | null = null;

/**
 * Loads the auth API in a chunk of its own: the contracts it calls bring zod (~25 KB gzipped), which a signed-out
 * screen does not need in order to show. The session loads it while it starts (a stored session refreshes through
 * it) and once a signed-out screen has shown, so a sign-in rarely waits for it. A failed load is tried again by the
 * next call.
 */
export function loadAuthApi(): Promise<AuthApi> {
  loading ??= importWithTimeout(() =>
    Promise.all([
      import('@paydesk/domain/auth/auth.contract'),
      import('./tokens'),
      import('./get-identity'),
      import('./ws-ticket'),
    ]),
  ).then(
    ([contract, tokens, identity, wsTicket]) => (loaded = { contract, tokens, identity, wsTicket }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The auth API once loadAuthApi() has finished; null before. */
export function readLoadedAuthApi(): AuthApi | null {
  return loaded;
}
