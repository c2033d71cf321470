import {
  ACCESS_REFRESH_THRESHOLD_SECONDS,
  IDLE_SESSION_LIMIT_SECONDS,
  INACTIVITY_COUNTDOWN_SECONDS,
  INACTIVITY_WARNING_SECONDS,
} from '@paydesk/domain/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_LIFETIME_SECONDS, makeToken, makeTokenPair } from '../../../../test/tokens';
import {
  SIGNED_OUT,
  checkSession,
  findAccessSecondsLeft,
  findCountdownSeconds,
  findIdleSeconds,
  findNextIdleDeadline,
  isAuthenticated,
  isIdleLimitReached,
  isRefreshTokenValid,
  receiveTokens,
  reduceSession,
  type SessionSnapshot,
} from './session-machine';

const SECOND = 1000;

// The machine takes `now` explicitly; the fake clock stands in for the browser's so the tests read like time passing.
function passSeconds(seconds: number): number {
  vi.advanceTimersByTime(seconds * SECOND);
  return Date.now();
}

function signIn(pair = makeTokenPair()): SessionSnapshot {
  return reduceSession(SIGNED_OUT, { type: 'signedIn', tokens: pair, now: Date.now() });
}

describe('session machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('tokens', () => {
    it('is authenticated while the access token has time left, judged from its own lifetime', () => {
      const state = signIn();

      expect(isAuthenticated(state, Date.now())).toBe(true);
      expect(findAccessSecondsLeft(state, Date.now())).toBe(ACCESS_LIFETIME_SECONDS);
      expect(isAuthenticated(state, passSeconds(ACCESS_LIFETIME_SECONDS - 1))).toBe(true);
      expect(isAuthenticated(state, passSeconds(1))).toBe(false);
    });

    it('ignores a skewed local clock: a token issued "an hour ago" still has its whole lifetime', () => {
      const skewedIssue = Math.floor(Date.now() / 1000) - 3600;
      const state = signIn({
        access: makeToken({ iat: skewedIssue, lifetime: ACCESS_LIFETIME_SECONDS }),
        refresh: makeToken({ iat: skewedIssue, lifetime: 24 * 3600 }),
      });

      expect(findAccessSecondsLeft(state, Date.now())).toBe(ACCESS_LIFETIME_SECONDS);
      expect(isAuthenticated(state, Date.now())).toBe(true);
    });

    it('ignores a clock that runs behind: a token issued "in the future" still ends after its lifetime', () => {
      const futureIssue = Math.floor(Date.now() / 1000) + 7200;
      const state = signIn({
        access: makeToken({ iat: futureIssue, lifetime: ACCESS_LIFETIME_SECONDS }),
        refresh: makeToken({ iat: futureIssue, lifetime: 24 * 3600 }),
      });

      expect(isAuthenticated(state, passSeconds(ACCESS_LIFETIME_SECONDS))).toBe(false);
    });

    it('reads the lifetimes and the moment the tokens arrived', () => {
      const pair = makeTokenPair();

      expect(receiveTokens(pair, 1234)).toEqual({
        ...pair,
        receivedAt: 1234,
        accessLifetimeMs: ACCESS_LIFETIME_SECONDS * SECOND,
        refreshLifetimeMs: 24 * 3600 * SECOND,
      });
    });

    it('counts an unreadable access token as used up and an opaque refresh token as valid until refused', () => {
      const state = signIn({ access: 'not-a-jwt', refresh: 'opaque-refresh' });

      expect(isAuthenticated(state, Date.now())).toBe(false);
      expect(checkSession(state, Date.now())).toMatchObject({ logout: false, refresh: true });
      expect(isRefreshTokenValid(state, passSeconds(48 * 3600))).toBe(true);
    });

    it('knows when the refresh token has run out', () => {
      const state = signIn({ access: makeToken(), refresh: makeToken({ lifetime: 300 }) });

      expect(isRefreshTokenValid(state, passSeconds(299))).toBe(true);
      expect(isRefreshTokenValid(state, passSeconds(1))).toBe(false);
    });

    it('is not authenticated without tokens', () => {
      expect(isAuthenticated(SIGNED_OUT, Date.now())).toBe(false);
      expect(isRefreshTokenValid(SIGNED_OUT, Date.now())).toBe(false);
      expect(checkSession(SIGNED_OUT, Date.now())).toEqual({ state: SIGNED_OUT, logout: false, refresh: false });
    });
  });

  describe('refresh', () => {
    it(`asks for a refresh only under ${ACCESS_REFRESH_THRESHOLD_SECONDS} s of access life left`, () => {
      const state = signIn();
      const atThreshold = ACCESS_LIFETIME_SECONDS - ACCESS_REFRESH_THRESHOLD_SECONDS;

      expect(checkSession(state, passSeconds(atThreshold)).refresh).toBe(false);
      expect(checkSession(state, passSeconds(1)).refresh).toBe(true);
    });

    it('keeps the last activity and the warning when new tokens arrive, and measures them from their arrival', () => {
      const state = signIn();
      const warned = checkSession(state, passSeconds(INACTIVITY_WARNING_SECONDS)).state;
      const refreshedAt = Date.now();

      const refreshed = reduceSession(warned, { type: 'refreshed', tokens: makeTokenPair(), now: refreshedAt });

      expect(refreshed.lastActivityAt).toBe(state.lastActivityAt);
      expect(refreshed.inactivityWarning).toBe(true);
      expect(refreshed.tokens?.receivedAt).toBe(refreshedAt);
      expect(findAccessSecondsLeft(refreshed, refreshedAt)).toBe(ACCESS_LIFETIME_SECONDS);
    });

    it('does not bring back a session that was logged out while the refresh was under way', () => {
      const loggedOut = reduceSession(signIn(), { type: 'loggedOut' });

      expect(reduceSession(loggedOut, { type: 'refreshed', tokens: makeTokenPair(), now: Date.now() })).toBe(
        SIGNED_OUT,
      );
    });

    it('logs out when the access is used up and the refresh token is no longer valid', () => {
      const state = signIn({ access: makeToken({ lifetime: 60 }), refresh: makeToken({ lifetime: 60 }) });

      expect(checkSession(state, passSeconds(59))).toMatchObject({ logout: false, refresh: true });
      expect(checkSession(state, passSeconds(1))).toMatchObject({ logout: true, refresh: false });
    });

    it('still refreshes a used-up access token while the refresh token is valid', () => {
      const state = signIn();

      expect(checkSession(state, passSeconds(ACCESS_LIFETIME_SECONDS + 30))).toMatchObject({
        logout: false,
        refresh: true,
      });
    });
  });

  describe('inactivity', () => {
    it(`sets the warning at ${INACTIVITY_WARNING_SECONDS} s idle and logs out at ${IDLE_SESSION_LIMIT_SECONDS} s`, () => {
      let state = signIn();

      const before = checkSession(state, passSeconds(INACTIVITY_WARNING_SECONDS - 1));
      expect(before).toMatchObject({ logout: false });
      expect(before.state.inactivityWarning).toBe(false);

      const warned = checkSession(state, passSeconds(1));
      expect(warned.logout).toBe(false);
      expect(warned.state.inactivityWarning).toBe(true);
      state = warned.state;

      expect(checkSession(state, passSeconds(IDLE_SESSION_LIMIT_SECONDS - INACTIVITY_WARNING_SECONDS - 1)).logout).toBe(
        false,
      );
      expect(checkSession(state, passSeconds(1))).toEqual({ state, logout: true, refresh: false });
    });

    it('returns the same state when nothing changes', () => {
      const state = signIn();

      expect(checkSession(state, passSeconds(15)).state).toBe(state);
    });

    it(`counts down from ${INACTIVITY_COUNTDOWN_SECONDS} when the warning is set, to 0 at the idle limit`, () => {
      const state = checkSession(signIn(), passSeconds(INACTIVITY_WARNING_SECONDS)).state;

      expect(findCountdownSeconds(state, Date.now())).toBe(INACTIVITY_COUNTDOWN_SECONDS);
      expect(findCountdownSeconds(state, passSeconds(0.4))).toBe(60);
      expect(findCountdownSeconds(state, passSeconds(0.6))).toBe(59);
      expect(findCountdownSeconds(state, passSeconds(29))).toBe(30);
      expect(findCountdownSeconds(state, passSeconds(30))).toBe(0);
      expect(findCountdownSeconds(state, passSeconds(30))).toBe(0);
    });

    it('resets the last activity on a successful API call and clears the warning', () => {
      const warned = checkSession(signIn(), passSeconds(INACTIVITY_WARNING_SECONDS + 10)).state;

      const active = reduceSession(warned, { type: 'activity', now: Date.now() });

      expect(active.inactivityWarning).toBe(false);
      expect(findIdleSeconds(active, Date.now())).toBe(0);
      expect(checkSession(active, passSeconds(INACTIVITY_WARNING_SECONDS - 1)).state.inactivityWarning).toBe(false);
    });

    it('"I\'m still here" clears the warning and resets activity', () => {
      const warned = checkSession(signIn(), passSeconds(INACTIVITY_WARNING_SECONDS + 45)).state;

      const continued = reduceSession(warned, { type: 'continued', now: Date.now() });

      expect(continued.inactivityWarning).toBe(false);
      expect(continued.lastActivityAt).toBe(Date.now());
      expect(continued.tokens).toBe(warned.tokens);
      expect(checkSession(continued, passSeconds(IDLE_SESSION_LIMIT_SECONDS - 1)).logout).toBe(false);
    });

    it('ignores activity without a session', () => {
      expect(reduceSession(SIGNED_OUT, { type: 'activity', now: Date.now() })).toBe(SIGNED_OUT);
      expect(reduceSession(SIGNED_OUT, { type: 'continued', now: Date.now() })).toBe(SIGNED_OUT);
    });

    it('measures idle time from the tokens when no activity was recorded', () => {
      const state = { ...signIn(), lastActivityAt: null };

      expect(findIdleSeconds(state, passSeconds(100))).toBe(100);
      expect(isIdleLimitReached(state, passSeconds(IDLE_SESSION_LIMIT_SECONDS - 100))).toBe(true);
    });

    it('names the next idle deadline: the warning, then the logout', () => {
      const start = Date.now();
      const state = signIn();

      expect(findNextIdleDeadline(state)).toBe(start + INACTIVITY_WARNING_SECONDS * SECOND);
      const warned = checkSession(state, passSeconds(INACTIVITY_WARNING_SECONDS)).state;
      expect(findNextIdleDeadline(warned)).toBe(start + IDLE_SESSION_LIMIT_SECONDS * SECOND);
      expect(findNextIdleDeadline(SIGNED_OUT)).toBeNull();
    });
  });

  describe('restore and logout', () => {
    it('takes tokens and activity from storage, keeping its own warning only when it had a session', () => {
      const stored = signIn();
      const warned = checkSession(stored, passSeconds(INACTIVITY_WARNING_SECONDS)).state;
      const later = Date.now();

      const fromStorage = reduceSession(SIGNED_OUT, { type: 'restored', tokens: stored.tokens, lastActivityAt: later });
      expect(fromStorage).toEqual({ tokens: stored.tokens, lastActivityAt: later, inactivityWarning: false });

      const followed = reduceSession(warned, { type: 'restored', tokens: stored.tokens, lastActivityAt: later });
      expect(followed.inactivityWarning).toBe(true);
      expect(checkSession(followed, Date.now()).state.inactivityWarning).toBe(false);
    });

    it('restoring no tokens signs out', () => {
      expect(reduceSession(signIn(), { type: 'restored', tokens: null, lastActivityAt: null })).toBe(SIGNED_OUT);
    });

    it('logging out forgets tokens, activity and the warning', () => {
      const warned = checkSession(signIn(), passSeconds(INACTIVITY_WARNING_SECONDS)).state;

      expect(reduceSession(warned, { type: 'loggedOut' })).toEqual(SIGNED_OUT);
    });
  });
});
