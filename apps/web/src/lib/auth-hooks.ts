export type AuthHooks = {
  getAccessToken?: () => string | null;
  onUnauthorized?: () => void;
  onSuccess?: () => void;
};

let authHooks: AuthHooks = {};

/**
 * The session installs its token source and reactions here; the API client (lib/api-client.ts) reads them and itself
 * never redirects or shows toasts. Apart from the client, so that the session, in the entry chunk, does not load it.
 */
export function setAuthHooks(hooks: AuthHooks): void {
  authHooks = hooks;
}

export function readAuthHooks(): AuthHooks {
  return authHooks;
}
