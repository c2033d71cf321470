import { PUBLIC } from '@paydesk/domain/access/endpoint-access';
import { defineEndpoint } from '@paydesk/domain/api/endpoint';
import { act, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PROFILES, mockIdentityApi, readLocation, renderApp, storeSession } from '../../../../test/identity';
import { server } from '../../../../test/server';
import { api } from '../../../lib/api-client';
import { readStoredSession, SESSION_STORAGE_KEYS } from './session-storage';

const probe = { method: 'GET', summary: 'test', tags: [], access: PUBLIC, status: 200, errors: [] } as const;
const PING = defineEndpoint({ ...probe, path: '/ping/', response: z.object({ ok: z.boolean() }) });
const SECRET = defineEndpoint({ ...probe, path: '/secret/', response: z.object({}) });

const SECOND = 1000;

function advance(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}

/*
 * The fake clock follows real time (shouldAdvanceTime) so that start-up, findBy and user-event can wait on timers.
 * Checks of an exact idle second freeze it first: from then on only advance() moves it, so a slow run on a loaded
 * machine cannot add a second to the idle time. findBy, waitFor and user-event wait on a timer, so thaw it before them.
 */
function freezeClock() {
  vi.setTimerTickMode('manual');
}

function thawClock() {
  vi.setTimerTickMode('interval');
}

/** Advances the frozen clock to `ms` after the last activity the session stored, however long getting here took. */
function advanceToIdle(ms: number) {
  const { lastActivityAt } = readStoredSession(localStorage);
  if (lastActivityAt === null) throw new Error('No stored session activity.');
  return advance(lastActivityAt + ms - Date.now());
}

function countdown(): string | null {
  return screen.queryByTestId('inactivity-countdown')?.textContent ?? null;
}

function readStoredRefreshToken(): string {
  return (JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.tokens) ?? '{}') as { refresh: string }).refresh;
}

function expectStorageCleared() {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
}

/** Signed in as staff from a stored session (start-up refreshes it), on Home. */
async function startSignedIn(path = '/') {
  const calls = mockIdentityApi(PROFILES.staff);
  storeSession(PROFILES.staff);
  localStorage.setItem(SESSION_STORAGE_KEYS.currentMerchantId, PROFILES.staff.merchants[0]?.id ?? '');
  const view = renderApp({ initialEntries: [path] });
  await screen.findByRole('heading', { name: 'Welcome, Stacy' });
  return { ...view, calls };
}

describe('SessionProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  describe('start-up', () => {
    it('refreshes a stored session, then loads profile and merchant count before the routes render', async () => {
      const { calls, router } = await startSignedIn();

      expect(calls.refresh).toHaveLength(1);
      expect(calls.profile).toHaveLength(1);
      expect(calls.merchantCount).toHaveLength(1);
      expect(readLocation(router)).toBe('/');
    });

    it('opens the live events socket with a ticket, never the access token in its URL', async () => {
      const socketUrls: URL[] = [];
      const ticketAuthorizations: (string | null)[] = [];
      server.use(
        http.post('*/api/ws-ticket/', ({ request }) => {
          ticketAuthorizations.push(request.headers.get('Authorization'));
          return HttpResponse.json({ ticket: 'ticket-for-staff' }, { status: 201 });
        }),
        ws.link('ws://*/ws/events/*').addEventListener('connection', ({ client }) => socketUrls.push(client.url)),
      );
      await startSignedIn();

      await waitFor(() => expect(socketUrls).toHaveLength(1));
      const [url] = socketUrls;
      expect(url?.pathname).toBe('/ws/events/');
      expect([...(url?.searchParams ?? [])]).toEqual([['ticket', 'ticket-for-staff']]);
      const access = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.tokens) ?? '{}') as { access: string };
      expect(ticketAuthorizations).toEqual([`Bearer ${access.access}`]);
      expect(url?.href).not.toContain(access.access);
    });

    it('stays silently signed out when the refresh fails', async () => {
      const calls = mockIdentityApi(null);
      storeSession(PROFILES.staff);

      const { router } = renderApp({ initialEntries: ['/'] });

      expect(await screen.findByRole('heading', { name: 'Merchant login' })).toBeInTheDocument();
      expect(readLocation(router)).toBe('/login?next=%2F');
      expect(calls.refresh).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expectStorageCleared();
    });

    it('calls nothing without a stored session', async () => {
      const calls = mockIdentityApi(PROFILES.staff);

      renderApp({ initialEntries: ['/login'] });

      expect(await screen.findByRole('heading', { name: 'Merchant login' })).toBeInTheDocument();
      expect(calls.refresh).toHaveLength(0);
      expect(calls.profile).toHaveLength(0);
    });
  });

  describe('inactivity', () => {
    it('warns at 840 s idle with a countdown from 60, and logs out when it reaches 0', async () => {
      const { router, calls } = await startSignedIn();
      freezeClock();

      await advanceToIdle(839 * SECOND);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await advance(SECOND);
      expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
      expect(countdown()).toBe('60');

      await advance(10 * SECOND);
      expect(countdown()).toBe('50');
      await advance(49 * SECOND);
      expect(countdown()).toBe('1');
      // Refreshes went on while idle (they are not activity): the latest refresh token is the one to blacklist.
      expect(calls.refresh.length).toBeGreaterThan(1);
      const refreshToken = readStoredRefreshToken();

      await advance(SECOND);
      thawClock();
      // Login with `next`, the page the user was on (SPEC §4 idle logout; a deliberate logout has no `next`).
      await waitFor(() => expect(readLocation(router)).toBe('/login?next=%2F'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.blacklist).toEqual([refreshToken]);
      expectStorageCleared();
    });

    it('after the idle logout, Login says why and signing in returns to the page the user was on', async () => {
      const { router } = await startSignedIn();
      const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
      await act(() => router.navigate('/merchants?search=demo'));
      await screen.findByRole('heading', { name: 'Merchants', level: 1 });

      await advance(900 * SECOND);

      await waitFor(() => expect(readLocation(router)).toBe('/login?next=%2Fmerchants%3Fsearch%3Ddemo'));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'You were logged out after 15 minutes of inactivity. Log in to continue where you left off.',
      );

      await user.type(screen.getByLabelText('Email'), 'staff@demo.test');
      await user.type(screen.getByLabelText('Password'), 'Paydesk!2026');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      await waitFor(() => expect(readLocation(router)).toBe('/merchants?search=demo'));
    });

    it('"I\'m still here" clears the warning, resets activity and refreshes access', async () => {
      const { router, calls } = await startSignedIn();
      const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
      await advance(845 * SECOND);
      const refreshes = calls.refresh.length;

      await user.click(screen.getByRole('button', { name: "I'm still here" }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.refresh.length).toBe(refreshes + 1);
      freezeClock();
      await advanceToIdle(839 * SECOND);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(readLocation(router)).toBe('/');
    });

    it('counts a successful API call as activity, but not one that bypasses the refresh', async () => {
      server.use(http.get('/api/ping/', () => HttpResponse.json({ ok: true })));
      await startSignedIn();

      await advance(800 * SECOND);
      await act(() => api.call(PING));
      await advance(800 * SECOND);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await act(() => api.call(PING, undefined, { bypassRefresh: true }));
      await advance(40 * SECOND);
      expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    });
  });

  describe('logout', () => {
    it('logs out on a 401 from any call', async () => {
      server.use(http.get('/api/secret/', () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })));
      const { router, calls } = await startSignedIn();

      await act(() => api.call(SECRET).catch(() => undefined));

      await waitFor(() => expect(readLocation(router)).toBe('/login'));
      expect(calls.blacklist).toHaveLength(1);
      expectStorageCleared();
    });

    it('logs out from the user menu: blacklists the refresh token, clears storage and goes to Login', async () => {
      const { router, calls, queryClient } = await startSignedIn();
      const refreshToken = readStoredRefreshToken();
      queryClient.setQueryData(['something'], 'cached');
      const user = setupUser({ advanceTimers: vi.advanceTimersByTime });

      await user.click(screen.getByRole('button', { name: 'User menu of Stacy Staff' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

      await waitFor(() => expect(readLocation(router)).toBe('/login'));
      expect(calls.blacklist).toEqual([refreshToken]);
      expectStorageCleared();
      expect(queryClient.getQueryData(['something'])).toBeUndefined();
      // The router renders a navigation in a transition, after its state already shows the new location.
      expect(await screen.findByRole('heading', { name: 'Merchant login' })).toBeInTheDocument();
      expect(screen.queryByText(/logged out after 15 minutes of inactivity/)).not.toBeInTheDocument();
    });

    it('follows a logout made in another tab', async () => {
      const { router, calls } = await startSignedIn();

      localStorage.removeItem(SESSION_STORAGE_KEYS.tokens);
      act(() => {
        window.dispatchEvent(
          new StorageEvent('storage', { key: SESSION_STORAGE_KEYS.tokens, storageArea: localStorage }),
        );
      });

      await waitFor(() => expect(readLocation(router)).toBe('/login'));
      expect(calls.blacklist).toHaveLength(0);
    });
  });
});
