// Identity fixtures (the demo users of the seed) and a whole-app render with the real session, for tests of the
// session, the guards and the sign-in screens. The API is MSW: tokens, refresh, blacklist, profile, merchants.

import { MantineProvider } from '@mantine/core';
import { buildClaimsRoles, type RoleGrant } from '@paydesk/domain/access/claims';
import type { BaseRole } from '@paydesk/domain/access/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { appRouterOptions, appRoutes } from '../src/app/routes';
import { theme } from '../src/app/theme';
import { Toasts } from '../src/app/toasts';
import { findLogoutTarget } from '../src/features/auth/landing';
import { receiveTokens } from '../src/features/auth/session/session-machine';
import { SessionProvider } from '../src/features/auth/session/session-provider';
import { writeStoredSession } from '../src/features/auth/session/session-storage';
import type { TokenPair } from '@paydesk/domain/auth/auth.contract';
import type { Merchant } from '@paydesk/domain/merchants/merchants.contract';
import type { Profile, ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { server } from './server';
import { makeTokenPair } from './tokens';

function merchant(id: string, name: string, flags: Partial<Merchant> = {}): Merchant {
  return {
    id,
    organization_id: 'org-demo',
    organization_name: 'Demo Auto Group',
    name,
    logo: null,
    in_legacy_app: false,
    check_custom_roles: false,
    allow_group_message: false,
    is_integrated: false,
    upc: null,
    timezone: 'America/New_York',
    created: '2026-01-05T10:00:00Z',
    ...flags,
  };
}

export const MERCHANTS = {
  demoMotors: merchant('m-demo', 'Demo Motors', { allow_group_message: true }),
  customRolesAuto: merchant('m-custom', 'Custom Roles Auto', { check_custom_roles: true }),
  integratedAuto: merchant('m-integrated', 'Integrated Auto', { is_integrated: true }),
  legacyMotors: merchant('m-legacy', 'Legacy Motors', {
    organization_id: 'org-legacy',
    organization_name: 'Legacy Motors Inc',
    in_legacy_app: true,
  }),
} as const;

const DEMO_ORG = { id: 'org-demo', name: 'Demo Auto Group', logo: null, in_legacy_app: false };
const LEGACY_ORG = { id: 'org-legacy', name: 'Legacy Motors Inc', logo: null, in_legacy_app: true };

type Grant = { merchant: Merchant } & (
  { role: BaseRole } | { role: 'custom'; roleName: string; permissions: string[] }
);

function withRole(grant: Grant): ProfileMerchant {
  const roleGrant: RoleGrant =
    grant.role === 'custom' ? { kind: 'custom', permissions: grant.permissions } : { kind: 'base', role: grant.role };
  return {
    ...grant.merchant,
    role: grant.role,
    custom_role: grant.role === 'custom' ? { id: `role-${grant.roleName}`, role_name: grant.roleName } : null,
    access_roles: buildClaimsRoles(roleGrant, grant.merchant),
  };
}

function profile(
  id: string,
  names: [string, string],
  grants: Grant[],
  options: { super?: boolean; organization?: Profile['organization'] } = {},
): Profile {
  const merchants = grants.map(withRole);
  return {
    id,
    email: `${id}@demo.test`,
    first_name: names[0],
    last_name: names[1],
    is_super_user: options.super ?? false,
    organization: options.organization === undefined ? DEMO_ORG : options.organization,
    merchants,
    last_merchant_id: null,
    access: {
      roles: [...new Set(merchants.flatMap((item) => item.access_roles))],
      groups: options.super ? ['super'] : [],
      exp: 0,
    },
  };
}

const { demoMotors, customRolesAuto, integratedAuto, legacyMotors } = MERCHANTS;

export const PROFILES = {
  super: profile(
    'super',
    ['Sam', 'Super'],
    [demoMotors, customRolesAuto, integratedAuto, legacyMotors].map((item) => ({
      merchant: item,
      role: 'super_admin' as const,
    })),
    { super: true },
  ),
  admin: profile(
    'admin',
    ['Avery', 'Admin'],
    [demoMotors, customRolesAuto, integratedAuto].map((item) => ({ merchant: item, role: 'admin' as const })),
  ),
  staff: profile('staff', ['Stacy', 'Staff'], [{ merchant: demoMotors, role: 'staff' }]),
  agent: profile(
    'agent',
    ['Alex', 'Agent'],
    [
      {
        merchant: customRolesAuto,
        role: 'custom',
        roleName: 'Collector',
        permissions: ['is_customer_free_text_allowed', 'is_note_update_allowed'],
      },
    ],
  ),
  legacy: profile('legacy', ['Lee', 'Legacy'], [{ merchant: legacyMotors, role: 'admin' }], {
    organization: LEGACY_ORG,
  }),
  noroles: profile('noroles', ['Nora', 'Noroles'], []),
} as const;

export type ProfileName = keyof typeof PROFILES;

/** A token pair whose access claims match the profile, as the API would issue it. */
export function issueTokens(user: Profile): TokenPair {
  return makeTokenPair({ sub: user.id, roles: user.access.roles, groups: user.access.groups });
}

export type IdentityCalls = {
  login: Array<{ email: string; password: string }>;
  refresh: string[];
  blacklist: string[];
  profile: Array<string | null>;
  merchantCount: Array<string | null>;
  /** The merchants remembered as the last used (PUT /profile/last_merchant/), in order. */
  lastMerchant: string[];
};

/**
 * MSW handlers for the identity calls, answering as `user`. POST /token/ accepts any email of a fixture with the
 * password `Paydesk!2026` (the seed's); every call is recorded.
 */
export function mockIdentityApi(user: Profile | null): IdentityCalls {
  const calls: IdentityCalls = {
    login: [],
    refresh: [],
    blacklist: [],
    profile: [],
    merchantCount: [],
    lastMerchant: [],
  };
  let current = user;
  server.use(
    http.post('/api/token/', async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      calls.login.push(body);
      const match = Object.values(PROFILES).find((item) => item.email === body.email);
      if (!match || body.password !== 'Paydesk!2026') {
        return HttpResponse.json(
          { detail: 'No user found with matching credentials.', code: 'user.not_found' },
          { status: 400 },
        );
      }
      current = match;
      return HttpResponse.json(issueTokens(match));
    }),
    http.post('/api/token/refresh/', async ({ request }) => {
      const body = (await request.json()) as { refresh: string };
      calls.refresh.push(body.refresh);
      if (!current) return HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 });
      return HttpResponse.json(issueTokens(current));
    }),
    http.post('/api/token/blacklist/', async ({ request }) => {
      const body = (await request.json()) as { refresh_token: string };
      calls.blacklist.push(body.refresh_token);
      return HttpResponse.json({});
    }),
    http.get('/api/profile/', ({ request }) => {
      calls.profile.push(request.headers.get('Authorization'));
      if (!current) return HttpResponse.json({ detail: 'Unauthenticated', code: 'not_authenticated' }, { status: 401 });
      return HttpResponse.json({ count: 1, next: null, previous: null, results: [current] });
    }),
    http.put('/api/profile/last_merchant/', async ({ request }) => {
      const body = (await request.json()) as { merchant_id: string };
      calls.lastMerchant.push(body.merchant_id);
      if (current) current = { ...current, last_merchant_id: body.merchant_id };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/merchants/', ({ request }) => {
      calls.merchantCount.push(request.headers.get('Authorization'));
      const merchants = current?.merchants ?? [];
      const pageSize = Number(new URL(request.url).searchParams.get('page_size') ?? 50);
      return HttpResponse.json({
        count: merchants.length,
        next: null,
        previous: null,
        results: merchants.slice(0, pageSize),
      });
    }),
  );
  return calls;
}

/** Leaves a session in localStorage as an earlier page load would, so start-up refreshes it. */
export function storeSession(user: Profile, lastActivityAt = Date.now()): TokenPair {
  const pair = issueTokens(user);
  writeStoredSession(
    localStorage,
    { tokens: null, lastActivityAt: null },
    { tokens: receiveTokens(pair, lastActivityAt), lastActivityAt },
  );
  return pair;
}

type RenderAppOptions = { routes?: RouteObject[]; initialEntries?: string[] };

/** The app as main.tsx builds it (Mantine, query client, SessionProvider around the router), on a memory router. */
export function renderApp({ routes, initialEntries = ['/'] }: RenderAppOptions = {}) {
  const router = routes
    ? createMemoryRouter(routes, { initialEntries })
    : createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionProvider
          onLoggedOut={(reason) =>
            void router.navigate(findLogoutTarget(reason, router.state.location), { replace: true })
          }
        >
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** The location the router shows, path and query. */
export function readLocation(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
