import {
  IDLE_SESSION_LIMIT_SECONDS,
  INACTIVITY_WARNING_SECONDS,
  SESSION_HEARTBEAT_MS,
} from '@paydesk/domain/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_LIFETIME_SECONDS, makeTokenPair } from '../../../../test/tokens';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import { createSessionController, type SessionTokenApi } from './session-controller';
import { SESSION_STORAGE_KEYS, writeCurrentMerchantId } from './session-storage';

const SECOND = 1000;

function setUp() {
  const refresh = vi.fn<SessionTokenApi['refresh']>(async () => makeTokenPair());
  const blacklist = vi.fn<SessionTokenApi['blacklist']>(async () => {});
  const controller = createSessionController({ storage: localStorage, api: { refresh, blacklist } });
  const onLogout = vi.fn();
  controller.onLogout(onLogout);
  return { controller, refresh, blacklist, onLogout };
}

function storedTokens(): { access: string; refresh: string; receivedAt: number } | null {
  const text = localStorage.getItem(SESSION_STORAGE_KEYS.tokens);
  return text ? (JSON.parse(text) as { access: string; refresh: string; receivedAt: number }) : null;
}

describe('session controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    localStorage.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('keeps the tokens, the moment they arrived and the last activity in localStorage', () => {
    const { controller } = setUp();
    const pair = makeTokenPair();

    controller.signIn(pair);

    expect(storedTokens()).toMatchObject({ ...pair, receivedAt: Date.now() });
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.lastActivity)).toBe(String(Date.now()));
    expect(controller.getAccessToken()).toBe(pair.access);

    vi.advanceTimersByTime(5 * SECOND);
    controller.recordActivity();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.lastActivity)).toBe(String(Date.now()));
  });

  it('checks every 15 s and refreshes once under 180 s of access life left', async () => {
    const { controller, refresh } = setUp();
    const first = makeTokenPair();
    const second = makeTokenPair();
    refresh.mockResolvedValueOnce(second);
    controller.signIn(first);
    const stop = controller.startTimers();

    // 600 s tokens: at 420 s exactly 180 s are left (no refresh); the check at 435 s refreshes.
    await vi.advanceTimersByTimeAsync(420 * SECOND);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SESSION_HEARTBEAT_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith(first.refresh);
    expect(controller.getAccessToken()).toBe(second.access);
    expect(storedTokens()).toMatchObject({ ...second, receivedAt: Date.now() });

    // The new pair lasts its own 600 s from now.
    await vi.advanceTimersByTimeAsync(400 * SECOND);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not count the refresh as activity: an idle user is still logged out at 900 s', async () => {
    const { controller, refresh, onLogout } = setUp();
    controller.signIn(makeTokenPair());
    const stop = controller.startTimers();

    await vi.advanceTimersByTimeAsync((IDLE_SESSION_LIMIT_SECONDS - 1) * SECOND);
    expect(refresh).toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(SECOND);
    expect(onLogout).toHaveBeenCalledWith('idle');
    stop();
  });

  it('tells a deliberate logout from the idle one', () => {
    const { controller, onLogout } = setUp();
    controller.signIn(makeTokenPair());

    controller.logout();

    expect(onLogout).toHaveBeenCalledExactlyOnceWith('local');
  });

  it('sets the inactivity warning right at 840 s idle, not a heartbeat later', async () => {
    const { controller } = setUp();
    controller.signIn(makeTokenPair());
    vi.advanceTimersByTime(7 * SECOND);
    controller.recordActivity(); // off the heartbeat's 15 s grid
    const stop = controller.startTimers();

    await vi.advanceTimersByTimeAsync((INACTIVITY_WARNING_SECONDS - 1) * SECOND);
    expect(controller.getSnapshot().inactivityWarning).toBe(false);
    await vi.advanceTimersByTimeAsync(SECOND);
    expect(controller.getSnapshot().inactivityWarning).toBe(true);
    stop();
  });

  it('logs out at 900 s idle: blacklists the refresh token and clears tokens, activity and current merchant', async () => {
    const { controller, blacklist, onLogout } = setUp();
    const pair = makeTokenPair();
    controller.signIn(pair);
    writeCurrentMerchantId(localStorage, 'merchant-1');
    const stop = controller.startTimers();

    await vi.advanceTimersByTimeAsync(IDLE_SESSION_LIMIT_SECONDS * SECOND);

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(blacklist).toHaveBeenCalledWith(expect.any(String), expect.any(String));
    expect(controller.getSnapshot().tokens).toBeNull();
    expect(controller.getAccessToken()).toBeNull();
    for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();

    // Nothing runs on after the logout.
    await vi.advanceTimersByTimeAsync(10 * SESSION_HEARTBEAT_MS);
    expect(onLogout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('"I\'m still here" clears the warning, resets activity and refreshes access', async () => {
    const { controller, refresh, onLogout } = setUp();
    const renewed = makeTokenPair();
    controller.signIn(makeTokenPair());
    const stop = controller.startTimers();
    await vi.advanceTimersByTimeAsync(INACTIVITY_WARNING_SECONDS * SECOND);
    expect(controller.getSnapshot().inactivityWarning).toBe(true);
    refresh.mockClear();
    refresh.mockResolvedValueOnce(renewed);

    await controller.continueSession();

    expect(controller.getSnapshot()).toMatchObject({ inactivityWarning: false, lastActivityAt: Date.now() });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(controller.getAccessToken()).toBe(renewed.access);

    // The 900 s count starts again from the click.
    await vi.advanceTimersByTimeAsync((IDLE_SESSION_LIMIT_SECONDS - 1) * SECOND);
    expect(onLogout).not.toHaveBeenCalled();
    stop();
  });

  it('a failed refresh logs out', async () => {
    const { controller, refresh, blacklist, onLogout } = setUp();
    const pair = makeTokenPair();
    refresh.mockRejectedValueOnce(new Error('token_not_valid'));
    controller.signIn(pair);

    await expect(controller.refreshAccess()).resolves.toBe(false);

    expect(onLogout).toHaveBeenCalledWith('local');
    expect(blacklist).toHaveBeenCalledWith(pair.refresh, pair.access);
    expect(storedTokens()).toBeNull();
  });

  it('sends one refresh when several checks ask at once', async () => {
    const { controller, refresh } = setUp();
    let answer: (pair: TokenPair) => void = () => {};
    refresh.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    controller.signIn(makeTokenPair());
    vi.advanceTimersByTime((ACCESS_LIFETIME_SECONDS - 100) * SECOND);

    controller.check();
    controller.check();
    const continued = controller.continueSession();
    await vi.advanceTimersByTimeAsync(0);
    answer(makeTokenPair());
    await continued;

    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('takes the tokens another tab refreshed instead of refreshing with a used token', async () => {
    const { controller, refresh } = setUp();
    controller.signIn(makeTokenPair());
    vi.advanceTimersByTime((ACCESS_LIFETIME_SECONDS - 100) * SECOND);

    // Another tab refreshed a moment ago and stored the new pair.
    const other = createSessionController({ storage: localStorage, api: { refresh, blacklist: vi.fn() } });
    const otherPair = makeTokenPair();
    refresh.mockResolvedValueOnce(otherPair);
    other.restore();
    await other.refreshAccess({ force: true });
    refresh.mockClear();

    await controller.refreshAccess();

    expect(refresh).not.toHaveBeenCalled();
    expect(controller.getAccessToken()).toBe(otherPair.access);
  });

  it('a logout is a no-op without a session', () => {
    const { controller, blacklist, onLogout } = setUp();

    controller.logout();

    expect(blacklist).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('a new sign-in blacklists the refresh token of the one it replaces', () => {
    const { controller, blacklist } = setUp();
    const before = makeTokenPair();
    controller.signIn(before);

    controller.signIn(makeTokenPair());

    expect(blacklist).toHaveBeenCalledWith(before.refresh, before.access);
  });

  describe('start-up', () => {
    it('restores a stored session that has a refresh token', () => {
      const { controller } = setUp();
      const pair = makeTokenPair();
      setUp().controller.signIn(pair);

      expect(controller.restore()).toBe(true);
      expect(controller.getAccessToken()).toBe(pair.access);
    });

    it('finds nothing to restore in an empty storage', () => {
      const { controller, onLogout } = setUp();

      expect(controller.restore()).toBe(false);
      expect(onLogout).not.toHaveBeenCalled();
    });

    it('ends a stored session that has been idle past the limit instead of refreshing it', () => {
      const pair = makeTokenPair();
      setUp().controller.signIn(pair);
      vi.advanceTimersByTime(IDLE_SESSION_LIMIT_SECONDS * SECOND);
      const { controller, blacklist, refresh } = setUp();

      expect(controller.restore()).toBe(false);
      expect(refresh).not.toHaveBeenCalled();
      expect(blacklist).toHaveBeenCalledWith(pair.refresh, pair.access);
      expect(storedTokens()).toBeNull();
    });
  });

  describe('other tabs', () => {
    it('follows a logout made in another tab without blacklisting again', () => {
      const { controller, blacklist, onLogout } = setUp();
      controller.signIn(makeTokenPair());

      localStorage.removeItem(SESSION_STORAGE_KEYS.tokens);
      controller.followStorageChange(SESSION_STORAGE_KEYS.tokens);

      expect(onLogout).toHaveBeenCalledWith('other-tab');
      expect(blacklist).not.toHaveBeenCalled();
      expect(controller.getAccessToken()).toBeNull();
    });

    it('follows an idle logout made in another tab as an idle logout', () => {
      const { controller, onLogout } = setUp();
      controller.signIn(makeTokenPair());
      vi.advanceTimersByTime(IDLE_SESSION_LIMIT_SECONDS * SECOND);

      localStorage.removeItem(SESSION_STORAGE_KEYS.tokens);
      controller.followStorageChange(SESSION_STORAGE_KEYS.tokens);

      expect(onLogout).toHaveBeenCalledWith('idle');
    });

    it("ends this tab's warning when another tab was active", () => {
      const { controller } = setUp();
      controller.signIn(makeTokenPair());
      vi.advanceTimersByTime(INACTIVITY_WARNING_SECONDS * SECOND);
      controller.check();
      expect(controller.getSnapshot().inactivityWarning).toBe(true);

      localStorage.setItem(SESSION_STORAGE_KEYS.lastActivity, String(Date.now()));
      controller.followStorageChange(SESSION_STORAGE_KEYS.lastActivity);

      expect(controller.getSnapshot()).toMatchObject({ inactivityWarning: false, lastActivityAt: Date.now() });
    });

    it('ignores storage keys that are not the session', () => {
      const { controller, onLogout } = setUp();
      controller.signIn(makeTokenPair());
      const before = controller.getSnapshot();

      controller.followStorageChange('something.else');

      expect(controller.getSnapshot()).toBe(before);
      expect(onLogout).not.toHaveBeenCalled();
    });
  });
});
