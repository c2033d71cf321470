import type { AccessClaims } from '@paydesk/domain/access/claims';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import type { Profile, ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { PageLoader } from '../../../components/page-loader';
import { setAuthHooks } from '../../../lib/auth-hooks';
import { SessionContext, type SessionState, type SignedInIdentity } from '../../../lib/session-state';
import { loadAuthApi } from '../api/auth-api-loader';
import type { Identity } from '../api/get-identity';
import { LoadedInactivityModal, loadInactivityModal } from './inactivity-modal-loader';
import { decodeJwtPayload } from './jwt';
import { createSessionController, type LogoutReason, type SessionController } from './session-controller';
import { readCurrentMerchantId, writeCurrentMerchantId } from './session-storage';
import type { LiveClient } from '../../../lib/live/live-client';
import { attachLiveClient } from '../../../lib/live/live-hub';

type SessionProviderProps = {
  children: ReactNode;
  /**
   * Goes to Login after a logout (the provider sits outside the router); `reason` tells an idle logout, which returns
   * to the page the user was on (findLogoutTarget), from the others.
   */
  onLoggedOut: (reason: LogoutReason) => void;
  /** Called as a sign-in starts, to load what the page after it needs meanwhile (the signed-in routes). */
  onSigningIn?: () => void;
  storage?: Storage;
};

/**
 * The session of SPEC §4 for the app: start-up before routes render, the API client's hooks, the heartbeat and idle
 * timers, the inactivity modal, and the SessionContext every feature reads.
 */
export function SessionProvider({
  children,
  onLoggedOut,
  onSigningIn,
  storage = window.localStorage,
}: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [controller] = useState(() =>
    createSessionController({
      storage,
      api: {
        refresh: async (refresh) => (await loadAuthApi()).tokens.refreshTokens(refresh),
        blacklist: async (refresh, access) => (await loadAuthApi()).tokens.blacklistRefreshToken(refresh, access),
      },
    }),
  );
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [started, setStarted] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const [endedByInactivity, setEndedByInactivity] = useState(false);
  const [currentMerchantId, setCurrentMerchantId] = useState(() => readCurrentMerchantId(storage));

  const signedIn = identity !== null && snapshot.tokens !== null;
  const startUpRef = useRef<Promise<Identity | null> | null>(null);
  const signedInRef = useRef(signedIn);
  const onLoggedOutRef = useRef(onLoggedOut);
  // A layout effect, not a passive one: a Log out clicked right after the signed-in screen rendered must already see
  // the session as signed in (a passive effect may not have run yet, and the logout would not go to Login).
  useLayoutEffect(() => {
    signedInRef.current = signedIn;
    onLoggedOutRef.current = onLoggedOut;
  });

  useEffect(() => {
    setAuthHooks({
      getAccessToken: controller.getAccessToken,
      onUnauthorized: controller.logout,
      onSuccess: controller.recordActivity,
    });
    return () => setAuthHooks({});
  }, [controller]);

  useEffect(
    () =>
      controller.onLogout((reason) => {
        const wasSignedIn = signedInRef.current;
        signedInRef.current = false;
        setIdentity(null);
        // After the idle logout the guards send to Login with `next` (the page the user was on), and Login says why.
        if (wasSignedIn) {
          setLoggedOut(reason !== 'idle');
          setEndedByInactivity(reason === 'idle');
        }
        setCurrentMerchantId(null);
        queryClient.clear();
        // A failed start-up or sign-in stays where it is, silently signed out.
        if (wasSignedIn) onLoggedOutRef.current(reason);
      }),
    [controller, queryClient],
  );

  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.storageArea === storage) controller.followStorageChange(event.key);
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [controller, storage]);

  // Start-up (SPEC §4): refresh, then profile and merchant count, before the routes render. Runs once, also under
  // StrictMode, since a refresh token may be used only once.
  useEffect(() => {
    let active = true;
    startUpRef.current ??= startUp(controller);
    void startUpRef.current.then((loaded) => {
      if (!active) return;
      setIdentity(loaded);
      setStarted(true);
    });
    return () => {
      active = false;
    };
  }, [controller]);

  useEffect(() => {
    if (!signedIn) return;
    return controller.startTimers();
  }, [controller, signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    // Loaded once signed in: the client reads its frames with zod, which /login must not download.
    let live: LiveClient | null = null;
    let detach = () => {};
    let stopped = false;
    void import('../../../lib/live/live-client').then(({ openLiveClient }) => {
      if (stopped) return;
      live = openLiveClient(async () =>
        controller.getAccessToken() ? (await loadAuthApi()).wsTicket.requestWsTicket() : null,
      );
      live.subscribe('session.revoked', () => controller.logout());
      // Features (the live inbox) subscribe through the hub.
      detach = attachLiveClient(live);
    });
    return () => {
      stopped = true;
      detach();
      live?.stop();
    };
  }, [controller, signedIn]);

  const signIn = useCallback(
    async (pair: TokenPair): Promise<SignedInIdentity> => {
      controller.signIn(pair);
      onSigningIn?.();
      try {
        const [loaded] = await Promise.all([loadIdentity(), loadInactivityModal()]);
        queryClient.removeQueries();
        setIdentity(loaded);
        setLoggedOut(false);
        setEndedByInactivity(false);
        return { ...loaded, claims: readClaims(pair.access, loaded.profile) };
      } catch (error) {
        controller.logout();
        throw error;
      }
    },
    [controller, queryClient, onSigningIn],
  );

  const reloadProfile = useCallback(async () => {
    setIdentity(await loadIdentity());
  }, []);

  const setCurrentMerchant = useCallback(
    (merchantId: string) => {
      if (!identity?.profile.merchants.some((merchant) => merchant.id === merchantId)) return;
      writeCurrentMerchantId(storage, merchantId);
      setCurrentMerchantId(merchantId);
      // Remembered on the server too, so the user's next session (after a logout, on another device) starts here.
      // A failure only loses that: the switch itself stands.
      loadAuthApi()
        .then((authApi) => authApi.identity.rememberLastMerchant(merchantId))
        .catch(() => {});
    },
    [identity, storage],
  );

  const access = snapshot.tokens?.access ?? null;
  const value = useMemo((): SessionState => {
    const profile = signedIn && identity ? identity.profile : null;
    const claims = profile && access ? readClaims(access, profile) : null;
    const currentMerchant = profile ? findCurrentMerchant(profile, currentMerchantId) : null;
    return {
      signedIn,
      loggedOut,
      endedByInactivity,
      profile,
      claims,
      merchantCount: signedIn && identity ? identity.merchantCount : 0,
      currentMerchant,
      accessRoles: currentMerchant?.access_roles ?? claims?.roles ?? [],
      setCurrentMerchant,
      signIn,
      logout: controller.logout,
      checkSession: controller.check,
      reloadProfile,
    };
  }, [
    signedIn,
    loggedOut,
    endedByInactivity,
    identity,
    access,
    currentMerchantId,
    setCurrentMerchant,
    signIn,
    controller,
    reloadProfile,
  ]);

  if (!started) return <PageLoader />;
  return (
    <SessionContext value={value}>
      {children}
      {signedIn && snapshot.inactivityWarning && (
        <LoadedInactivityModal
          snapshot={snapshot}
          onContinue={() => void controller.continueSession()}
          onLogout={controller.logout}
          onExpire={controller.check}
        />
      )}
    </SessionContext>
  );
}

async function startUp(controller: SessionController): Promise<Identity | null> {
  if (!controller.restore()) return null;
  if (!(await controller.refreshAccess({ force: true }))) return null;
  try {
    const [identity] = await Promise.all([loadIdentity(), loadInactivityModal()]);
    return identity;
  } catch {
    controller.logout();
    return null;
  }
}

async function loadIdentity(): Promise<Identity> {
  return (await loadAuthApi()).identity.getIdentity();
}

/** The access claims of the token, falling back to the profile's copy for what the token does not carry. */
function readClaims(access: string, profile: Profile): AccessClaims {
  const payload = decodeJwtPayload(access);
  return {
    roles: payload?.roles ?? profile.access.roles,
    groups: payload?.groups ?? profile.access.groups,
    exp: payload?.exp ?? profile.access.exp,
  };
}

/** The merchant chosen in this browser, else the one the user used last (any session), else the first. */
function findCurrentMerchant(profile: Profile, merchantId: string | null): ProfileMerchant | null {
  const byId = (id: string | null) => profile.merchants.find((merchant) => merchant.id === id);
  return byId(merchantId) ?? byId(profile.last_merchant_id) ?? profile.merchants[0] ?? null;
}
