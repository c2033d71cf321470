// The session of SPEC §4 as a pure state machine: no React, no timers, no storage, no clock. Every event and check
// takes `now` (epoch ms, the local clock) explicitly; the session controller owns the timers and the side effects.
//
// Clock skew: a token's life is judged from its own lifetime (exp − iat) measured from when the client received it
// (`receivedAt`), never by comparing exp with the local clock, which may be minutes off the server's.

import {
  ACCESS_REFRESH_THRESHOLD_SECONDS,
  IDLE_SESSION_LIMIT_SECONDS,
  INACTIVITY_COUNTDOWN_SECONDS,
  INACTIVITY_WARNING_SECONDS,
} from '@paydesk/domain/constants';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import { readLifetimeMs } from './jwt';

export type SessionTokens = TokenPair & {
  /** Local clock (ms) when the pair arrived. */
  receivedAt: number;
  /** The access token's own lifetime (exp − iat) in ms; 0 when unreadable, so it counts as used up. */
  accessLifetimeMs: number;
  /** The refresh token's own lifetime in ms; null when it carries none (then only the server can refuse it). */
  refreshLifetimeMs: number | null;
};

/** SPEC §3 Session state: the tokens, the last-activity time and the inactivity warning flag. */
export type SessionSnapshot = {
  tokens: SessionTokens | null;
  /** Local clock (ms) of the last activity: sign-in, a successful API call, or "I'm still here". */
  lastActivityAt: number | null;
  inactivityWarning: boolean;
};

export const SIGNED_OUT: SessionSnapshot = { tokens: null, lastActivityAt: null, inactivityWarning: false };

export type SessionEvent =
  /** A sign-in (login, SSO, partner signup or invite): new tokens, activity now, no warning. */
  | { type: 'signedIn'; tokens: TokenPair; now: number }
  /** A refresh answered: new tokens; activity and warning stay (a refresh is not activity). */
  | { type: 'refreshed'; tokens: TokenPair; now: number }
  /** A successful API call that does not bypass the refresh. */
  | { type: 'activity'; now: number }
  /** "I'm still here": clears the warning and resets activity (the controller then refreshes access). */
  | { type: 'continued'; now: number }
  /** Tokens and activity as another tab (or the previous page load) left them in storage. */
  | { type: 'restored'; tokens: SessionTokens | null; lastActivityAt: number | null }
  | { type: 'loggedOut' };

const MS = 1000;

export function receiveTokens(pair: TokenPair, now: number): SessionTokens {
  return {
    access: pair.access,
    refresh: pair.refresh,
    receivedAt: now,
    accessLifetimeMs: readLifetimeMs(pair.access) ?? 0,
    refreshLifetimeMs: readLifetimeMs(pair.refresh),
  };
}

export function reduceSession(state: SessionSnapshot, event: SessionEvent): SessionSnapshot {
  switch (event.type) {
    case 'signedIn':
      return { tokens: receiveTokens(event.tokens, event.now), lastActivityAt: event.now, inactivityWarning: false };
    case 'refreshed':
      // A refresh that answers after a logout must not bring the session back.
      if (!state.tokens) return state;
      return { ...state, tokens: receiveTokens(event.tokens, event.now) };
    case 'activity':
    case 'continued':
      if (!state.tokens) return state;
      return { ...state, lastActivityAt: event.now, inactivityWarning: false };
    case 'restored':
      if (!event.tokens) return SIGNED_OUT;
      return {
        tokens: event.tokens,
        lastActivityAt: event.lastActivityAt,
        inactivityWarning: state.tokens ? state.inactivityWarning : false,
      };
    case 'loggedOut':
      return SIGNED_OUT;
  }
}

/** Seconds of access life left (negative once used up); -Infinity without tokens. */
export function findAccessSecondsLeft(state: SessionSnapshot, now: number): number {
  if (!state.tokens) return -Infinity;
  const { receivedAt, accessLifetimeMs } = state.tokens;
  return (receivedAt + accessLifetimeMs - now) / MS;
}

/** SPEC §4: the user is authenticated while the access token has time left. */
export function isAuthenticated(state: SessionSnapshot, now: number): boolean {
  return findAccessSecondsLeft(state, now) > 0;
}

/** Whether the refresh token may still be used; one without a readable lifetime counts as valid. */
export function isRefreshTokenValid(state: SessionSnapshot, now: number): boolean {
  if (!state.tokens) return false;
  const { receivedAt, refreshLifetimeMs } = state.tokens;
  return refreshLifetimeMs === null || now < receivedAt + refreshLifetimeMs;
}

/** Seconds since the last activity (since the tokens arrived when no activity is recorded); 0 without tokens. */
export function findIdleSeconds(state: SessionSnapshot, now: number): number {
  if (!state.tokens) return 0;
  const since = state.lastActivityAt ?? state.tokens.receivedAt;
  return Math.max(0, (now - since) / MS);
}

/** Whether the idle limit (900 s) has passed: such a session is over, also when it is found in storage at start-up. */
export function isIdleLimitReached(state: SessionSnapshot, now: number): boolean {
  return state.tokens !== null && findIdleSeconds(state, now) >= IDLE_SESSION_LIMIT_SECONDS;
}

export type SessionCheck = {
  state: SessionSnapshot;
  /** Log out now: idle for 900 s, or no access left and no valid refresh token. */
  logout: boolean;
  /** Refresh access now: under 180 s of access life left and a valid refresh token. */
  refresh: boolean;
};

/**
 * The check that runs every 15 s (and on navigation): logs out after 900 s idle, sets the inactivity warning after
 * 840 s idle (and clears it when activity came back), and asks for a refresh under 180 s of access life left.
 */
export function checkSession(state: SessionSnapshot, now: number): SessionCheck {
  if (!state.tokens) return { state, logout: false, refresh: false };
  if (isIdleLimitReached(state, now)) return { state, logout: true, refresh: false };

  const canRefresh = isRefreshTokenValid(state, now);
  const accessLeft = findAccessSecondsLeft(state, now);
  if (accessLeft <= 0 && !canRefresh) return { state, logout: true, refresh: false };

  const inactivityWarning = findIdleSeconds(state, now) >= INACTIVITY_WARNING_SECONDS;
  const next = inactivityWarning === state.inactivityWarning ? state : { ...state, inactivityWarning };
  return { state: next, logout: false, refresh: canRefresh && accessLeft < ACCESS_REFRESH_THRESHOLD_SECONDS };
}

/**
 * The seconds the inactivity modal shows: what is left until the 900 s idle logout, so 60 when the warning is set at
 * 840 s, and 0 when the session is over.
 */
export function findCountdownSeconds(state: SessionSnapshot, now: number): number {
  const left = Math.ceil(IDLE_SESSION_LIMIT_SECONDS - findIdleSeconds(state, now));
  return Math.min(INACTIVITY_COUNTDOWN_SECONDS, Math.max(0, left));
}

/**
 * When the next idle threshold falls (the warning at 840 s, or the logout at 900 s once warned), so the controller
 * can check right on time rather than up to one heartbeat late. Null without tokens.
 */
export function findNextIdleDeadline(state: SessionSnapshot): number | null {
  if (!state.tokens) return null;
  const since = state.lastActivityAt ?? state.tokens.receivedAt;
  const seconds = state.inactivityWarning ? IDLE_SESSION_LIMIT_SECONDS : INACTIVITY_WARNING_SECONDS;
  return since + seconds * MS;
}
