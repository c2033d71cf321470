import { ROUTE_ACCESS, ROUTE_NAMES, type RouteName } from '@paydesk/domain/access/route-access';
import { act, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../test/user';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MERCHANTS,
  PROFILES,
  mockIdentityApi,
  readLocation,
  renderApp,
  storeSession,
  type ProfileName,
} from '../../test/identity';
import { SESSION_STORAGE_KEYS } from '../features/auth/session/session-storage';
import { useSession } from '../lib/session-state';
import { RouteGuard } from './guards';

function Screen({ name }: { name: RouteName }) {
  const { logout } = useSession();
  return (
    <div>
      <p>Screen {name}</p>
      <button type="button" onClick={logout}>
        Log out
      </button>
    </div>
  );
}

// Every screen of the domain route access table, each with its entry as the handle, behind the real guard.
const guardedRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: ROUTE_NAMES.map((name) => ({
      path: ROUTE_ACCESS[name].path,
      handle: ROUTE_ACCESS[name],
      element: <Screen name={name} />,
    })),
  },
];

async function open(path: string, as: ProfileName | null, currentMerchantId?: string) {
  const calls = mockIdentityApi(as ? PROFILES[as] : null);
  if (as) storeSession(PROFILES[as]);
  if (currentMerchantId) localStorage.setItem(SESSION_STORAGE_KEYS.currentMerchantId, currentMerchantId);
  const view = renderApp({ routes: guardedRoutes, initialEntries: [path] });
  await screen.findByText(/^Screen /);
  return { ...view, calls };
}

function shownScreen(): string | null {
  return screen.queryByText(/^Screen /)?.textContent?.replace('Screen ', '') ?? null;
}

const { demoMotors, customRolesAuto, integratedAuto } = MERCHANTS;

describe('navigation guards', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  describe('1. public routes and sign-in', () => {
    it('lets anybody open a public route', async () => {
      await open('/forgot-password', null);
      expect(shownScreen()).toBe('ForgotPassword');
    });

    it('sends a signed-out user to Login with the full path, query included, as next', async () => {
      const { router } = await open('/merchants/m-demo/settings/users?page=2&search=ann', null);

      expect(shownScreen()).toBe('Login');
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
        '/merchants/m-demo/settings/users?page=2&search=ann',
      );
    });

    it('runs the session check on every navigation of a signed-in user', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { router, calls } = await open('/', 'staff');
      expect(calls.refresh).toHaveLength(1); // start-up

      // 430 s later (no timer ran) the access token has under 180 s left: navigating refreshes it.
      vi.setSystemTime(Date.now() + 430_000);
      await act(() => router.navigate('/failed-payments'));

      await waitFor(() => expect(calls.refresh).toHaveLength(2));
      expect(shownScreen()).toBe('FailedPayments');
    });

    it('sends a user who just logged out to plain Login, without next', async () => {
      const { router, calls } = await open('/failed-payments', 'staff');

      await setupUser().click(screen.getByRole('button', { name: 'Log out' }));

      await waitFor(() => expect(readLocation(router)).toBe('/login'));
      // The router renders a navigation in a transition, after its state already shows the new location.
      await waitFor(() => expect(shownScreen()).toBe('Login'));
      expect(calls.blacklist).toHaveLength(1);
    });
  });

  describe('2. custom roles (only where the merchant checks them)', () => {
    it('sends a custom-role user without the flag Home', async () => {
      const { router } = await open(`/merchants/${customRolesAuto.id}/customers/import`, 'agent');

      expect(shownScreen()).toBe('Home');
      expect(readLocation(router)).toBe('/');
    });

    it('holds the payment report flag against custom-role users only', async () => {
      await open('/transaction-search', 'agent');
      expect(shownScreen()).toBe('Home');
    });

    it('lets an admin of a custom-roles merchant pass flag-only rules', async () => {
      await open('/payment-report', 'admin', customRolesAuto.id);
      expect(shownScreen()).toBe('PaymentReport');
    });

    it('does not check custom roles on a merchant without them', async () => {
      await open('/payment-report', 'staff');
      expect(shownScreen()).toBe('PaymentReport');
    });
  });

  describe('3. roles', () => {
    it('sends staff opening the roles settings Home, telling Home why', async () => {
      const path = `/merchants/${demoMotors.id}/settings/roles`;
      const { router } = await open(path, 'staff');

      expect(shownScreen()).toBe('Home');
      expect(readLocation(router)).toBe('/');
      expect(router.state.location.state).toEqual({ refused: { reason: 'permission', path } });
    });

    it('sends staff opening owners or onboarding Home, telling Home why', async () => {
      const { router } = await open(`/merchants/${demoMotors.id}/owners/create`, 'staff');
      expect(shownScreen()).toBe('Home');
      expect(router.state.location.state).toMatchObject({ refused: { reason: 'permission' } });
    });

    it('sends the agent (a custom role) opening onboarding Home, telling Home why', async () => {
      const { router } = await open(`/onboarding/${customRolesAuto.id}/summary`, 'agent');
      expect(shownScreen()).toBe('Home');
      expect(router.state.location.state).toMatchObject({ refused: { reason: 'permission' } });
    });

    it('lets an admin open the roles settings', async () => {
      await open(`/merchants/${demoMotors.id}/settings/roles`, 'admin');
      expect(shownScreen()).toBe('SettingsRoles');
    });

    it('keeps integrations to super_admin', async () => {
      await open(`/merchants/${demoMotors.id}/settings/integrations`, 'admin');
      expect(shownScreen()).toBe('Home');
    });

    it('lets a super user open integrations and the interchange qualification report', async () => {
      await open(`/merchants/${demoMotors.id}/settings/integrations`, 'super');
      expect(shownScreen()).toBe('SettingsIntegrations');
    });

    it('judges a merchant page by the role on that merchant, not the current one', async () => {
      // The agent's only merchant checks custom roles; on it a Collector may not open the template pages.
      await open(`/merchants/${customRolesAuto.id}/message-templates`, 'agent');
      expect(shownScreen()).toBe('Home');
    });
  });

  describe('4. legacy-app organisations', () => {
    it('sends the transaction report to the legacy report', async () => {
      const { router } = await open('/transaction-search', 'legacy');

      expect(shownScreen()).toBe('TransactionReportLegacy');
      expect(readLocation(router)).toBe('/transaction-report-legacy');
      // Not a refusal: the legacy report is the same screen for these organisations.
      expect(router.state.location.state).toBeNull();
    });

    it('leaves the transaction report alone for other organisations', async () => {
      await open('/transaction-search', 'staff');
      expect(shownScreen()).toBe('TransactionSearch');
    });
  });

  describe('5. integrated merchants', () => {
    it('sends customer creation Home on an integrated merchant, telling Home why', async () => {
      const { router } = await open(`/merchants/${integratedAuto.id}/customers/create`, 'admin');
      expect(shownScreen()).toBe('Home');
      expect(router.state.location.state).toMatchObject({ refused: { reason: 'integrated' } });
    });

    it('allows customer creation on a merchant that is not integrated', async () => {
      await open(`/merchants/${demoMotors.id}/customers/create`, 'admin');
      expect(shownScreen()).toBe('CustomerCreate');
    });

    it('makes the merchant of the path the current merchant', async () => {
      await open(`/merchants/${integratedAuto.id}/settings`, 'admin');

      expect(shownScreen()).toBe('SettingsGeneral');
      await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEYS.currentMerchantId)).toBe(integratedAuto.id));
    });
  });

  describe('users without roles', () => {
    it.each([
      '/',
      '/merchants',
      '/merchants/create',
      `/merchants/${demoMotors.id}/settings`,
      '/failed-payments',
      '/no/such/page',
    ])('sends them from %s back to /unauthorized', async (path) => {
      const { router } = await open(path, 'noroles');

      expect(shownScreen()).toBe('Unauthorized');
      expect(readLocation(router)).toBe('/unauthorized');
    });

    it('lets them stay on /unauthorized and log out from it', async () => {
      const { router, calls } = await open('/unauthorized', 'noroles');
      expect(shownScreen()).toBe('Unauthorized');

      await setupUser().click(screen.getByRole('button', { name: 'Log out' }));

      await waitFor(() => expect(readLocation(router)).toBe('/login'));
      expect(calls.blacklist).toHaveLength(1);
    });

    it('does not hold back a super user who holds no merchant role', async () => {
      const superWithoutRoles = { ...PROFILES.super, merchants: [], access: { ...PROFILES.super.access, roles: [] } };
      mockIdentityApi(superWithoutRoles);
      storeSession(superWithoutRoles);
      renderApp({ routes: guardedRoutes, initialEntries: ['/merchants'] });

      expect(await screen.findByText('Screen MerchantList')).toBeInTheDocument();
    });
  });

  describe('a merchant the user holds no role on', () => {
    it("is not judged by the current merchant's roles: its page decides (Page Not Found)", async () => {
      // Staff of Demo Motors may not open the roles settings there, but Legacy Motors is not theirs at all.
      const { router } = await open(`/merchants/${MERCHANTS.legacyMotors.id}/settings/roles`, 'staff');

      expect(shownScreen()).toBe('SettingsRoles');
      expect(readLocation(router)).toBe(`/merchants/${MERCHANTS.legacyMotors.id}/settings/roles`);
    });
  });
});
