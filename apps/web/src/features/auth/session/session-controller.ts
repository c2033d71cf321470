// Runs the pure session machine against the real world: the clock, localStorage, the token calls and the timers
// (the 15 s heartbeat and the idle deadlines). No React here; the SessionProvider wires it to the app.

import { ACCESS_REFRESH_THRESHOLD_SECONDS, SESSION_HEARTBEAT_MS } from '@paydesk/domain/constants';
import {
  SIGNED_OUT,
  checkSession,
  findAccessSecondsLeft,
  findNextIdleDeadline,
  isIdleLimitReached,
  reduceSession,
  type SessionEvent,
  type SessionSnapshot,
} from './session-machine';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import { clearStoredSession, isSessionStorageKey, readStoredSession, writeStoredSession } from './session-storage';

export type SessionTokenApi = {
  refresh: (refreshToken: string) => Promise<TokenPair>;
  blacklist: (refreshToken: string, accessToken: string | null) => Promise<void>;
};

export type SessionControllerOptions = {
  storage: Storage;
  api: SessionTokenApi;
  now?: () => number;
  /** Serialises token refreshes across tabs (a used refresh token revokes the whole sign-in). */
  runExclusive?: <T>(task: () => Promise<T>) => Promise<T>;
};

/**
 * Why the session ended: a logout in this tab (the user, a 401, a failed refresh), the idle limit (here or in another
 * tab, which share the last-activity time), or a logout another tab made.
 */
export type LogoutReason = 'local' | 'idle' | 'other-tab';

export type SessionController = ReturnType<typeof createSessionController>;

const REFRESH_LOCK = 'paydesk-token-refresh';

/** navigator.locks where the browser has it; a plain call elsewhere (tests, old browsers). */
export function runWithRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The DOM typing wraps the task's promise once more; the lock resolves with the task's own result.
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<unknown> as Promise<T>) : task();
}

export function createSessionController({
  storage,
  api,
  now = Date.now,
  runExclusive = runWithRefreshLock,
}: SessionControllerOptions) {
  let snapshot: SessionSnapshot = SIGNED_OUT;
  let refreshing: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const logoutListeners = new Set<(reason: LogoutReason) => void>();

  function setSnapshot(next: SessionSnapshot, persist = true): void {
    if (next === snapshot) return;
    if (persist) writeStoredSession(storage, snapshot, next);
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function dispatch(event: SessionEvent): void {
    setSnapshot(reduceSession(snapshot, event));
  }

  function endSession(reason: LogoutReason): void {
    for (const listener of logoutListeners) listener(reason);
  }

  /**
   * SPEC §4 logout: blacklists the refresh token, clears tokens, last activity and the current merchant id, then
   * tells the app (which clears its state and goes to Login). Does nothing when nobody is signed in.
   */
  function logout(): void {
    endSessionHere('local');
  }

  function endSessionHere(reason: LogoutReason): void {
    const { tokens } = snapshot;
    if (!tokens) return;
    clearStoredSession(storage);
    setSnapshot(SIGNED_OUT, false);
    api.blacklist(tokens.refresh, tokens.access).catch(() => {
      // The tokens are gone from this browser either way; the server expires the refresh token on its own.
    });
    endSession(reason);
  }

  /** Takes tokens another tab stored (after its refresh or sign-in); true when it did. */
  function adoptStoredTokens(): boolean {
    const stored = readStoredSession(storage);
    if (!stored.tokens || stored.tokens.refresh === snapshot.tokens?.refresh) return false;
    setSnapshot(reduceSession(snapshot, { type: 'restored', ...stored }), false);
    return true;
  }

  /**
   * Refreshes access (one request at a time, also across tabs). Without `force` it first takes tokens another tab
   * may have refreshed meanwhile and skips when they have enough life left. A failed refresh logs out.
   */
  function refreshAccess({ force = false }: { force?: boolean } = {}): Promise<boolean> {
    refreshing ??= runExclusive(async () => {
      const adopted = adoptStoredTokens();
      const { tokens } = snapshot;
      if (!tokens) return false;
      if (adopted && !force && findAccessSecondsLeft(snapshot, now()) >= ACCESS_REFRESH_THRESHOLD_SECONDS) return true;
      const pair = await api.refresh(tokens.refresh);
      dispatch({ type: 'refreshed', tokens: pair, now: now() });
      return snapshot.tokens !== null;
    })
      .catch(() => {
        logout();
        return false;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** The session check (heartbeat, idle deadlines, navigation): logout, warning, refresh. */
  function check(): void {
    const result = checkSession(snapshot, now());
    if (result.logout) {
      endSessionHere(isIdleLimitReached(snapshot, now()) ? 'idle' : 'local');
      return;
    }
    setSnapshot(result.state);
    if (result.refresh) void refreshAccess();
  }

  return {
    getSnapshot: (): SessionSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Called with the reason whenever the session ends. */
    onLogout(listener: (reason: LogoutReason) => void): () => void {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },

    getAccessToken: (): string | null => snapshot.tokens?.access ?? null,

    /**
     * Start-up, step one: takes the session from storage. A session idle past the limit is logged out (its refresh
     * token blacklisted). True when a refresh token is there to refresh with.
     */
    restore(): boolean {
      setSnapshot(reduceSession(SIGNED_OUT, { type: 'restored', ...readStoredSession(storage) }), false);
      if (isIdleLimitReached(snapshot, now())) {
        endSessionHere('idle');
        return false;
      }
      return snapshot.tokens !== null;
    },

    /** A new sign-in replaces the tokens; the previous sign-in's refresh token (if any) is blacklisted. */
    signIn(pair: TokenPair): void {
      const previous = snapshot.tokens;
      dispatch({ type: 'signedIn', tokens: pair, now: now() });
      if (previous && previous.refresh !== pair.refresh) {
        api.blacklist(previous.refresh, previous.access).catch(() => {});
      }
    },

    /** A successful API call that does not bypass the refresh resets the last-activity time. */
    recordActivity(): void {
      dispatch({ type: 'activity', now: now() });
    },

    /** "I'm still here": clears the warning, resets activity and refreshes access. */
    continueSession(): Promise<boolean> {
      dispatch({ type: 'continued', now: now() });
      return refreshAccess({ force: true });
    },

    refreshAccess,
    check,
    logout,

    /** Another tab changed the session in storage: follow it (its logout ends this tab's session too). */
    followStorageChange(key: string | null): void {
      if (!isSessionStorageKey(key)) return;
      const stored = readStoredSession(storage);
      if (!stored.tokens) {
        if (!snapshot.tokens) return;
        // The tabs share the last-activity time, so a tab that ends the session for inactivity speaks for this one too.
        const idle = isIdleLimitReached(snapshot, now());
        setSnapshot(SIGNED_OUT, false);
        endSession(idle ? 'idle' : 'other-tab');
        return;
      }
      setSnapshot(reduceSession(snapshot, { type: 'restored', ...stored }), false);
      // The other tab's activity may end this tab's warning.
      setSnapshot(checkSession(snapshot, now()).state, false);
    },

    /** Runs the check every 15 s and right at each idle deadline; returns the stop function. */
    startTimers(): () => void {
      let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
      let deadline: number | null = null;
      const scheduleDeadline = () => {
        const next = findNextIdleDeadline(snapshot);
        if (next === deadline) return;
        clearTimeout(deadlineTimer);
        deadline = next;
        if (next === null) return;
        deadlineTimer = setTimeout(
          () => {
            deadline = null;
            check();
            scheduleDeadline();
          },
          Math.max(0, next - now()),
        );
      };
      listeners.add(scheduleDeadline);
      scheduleDeadline();
      const heartbeat = setInterval(check, SESSION_HEARTBEAT_MS);
      return () => {
        listeners.delete(scheduleDeadline);
        clearInterval(heartbeat);
        clearTimeout(deadlineTimer);
      };
    },
  };
}
