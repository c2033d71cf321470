import {
  ROUTE_ACCESS,
  LOGIN_PATH,
  ROUTE_NAMES,
  UNAUTHORIZED_PATH,
  buildLoginRedirect,
  evaluateRouteAccess,
  type RouteAccess,
  type RouteAccessResult,
  type RouteName,
} from '@paydesk/domain/access/route-access';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches, type RouteObject, type UIMatch } from 'react-router';
import { isWithoutRoles } from '@paydesk/domain/access/claims';
import type { ProfileMerchant } from '@paydesk/domain/profile/profile.contract';
import { useSession, type SessionState } from '../lib/session-state';

/**
 * A route's access rules (SPEC §2 navigation guards, §6 route access): its entry of the domain route access table,
 * set as the leaf route's `handle` (`handle: ROUTE_ACCESS.SettingsRoles`), so the rule lives in one place for the
 * web app and the API. A leaf without one is open to any signed-in user.
 */
export type RouteMeta = RouteAccess;

const NAMES_BY_ENTRY = new Map<unknown, RouteName>(ROUTE_NAMES.map((name) => [ROUTE_ACCESS[name], name]));

/** The domain route name a `handle` stands for, or null when it is not a route access table entry. */
export function readRouteName(handle: unknown): RouteName | null {
  return NAMES_BY_ENTRY.get(handle) ?? null;
}

/** The route names a route table declares, e.g. to link only to screens that exist. */
export function collectRouteNames(routes: readonly RouteObject[]): Set<RouteName> {
  const names = new Set<RouteName>();
  const visit = (route: RouteObject) => {
    const name = readRouteName(route.handle);
    if (name) names.add(name);
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return names;
}

/** The route name of the deepest matched route that declares one. */
export function findRouteName(matches: readonly UIMatch[]): RouteName | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = readRouteName(matches[index]?.handle);
    if (name) return name;
  }
  return null;
}

/** The merchant the page acts on: the path's merchantID when it is one of the user's merchants, else the current one. */
export function findRouteMerchant(
  session: Pick<SessionState, 'profile' | 'currentMerchant'>,
  merchantId: string | undefined,
): ProfileMerchant | null {
  const named = merchantId ? session.profile?.merchants.find((merchant) => merchant.id === merchantId) : undefined;
  return named ?? session.currentMerchant;
}

function isProfileMerchant(session: Pick<SessionState, 'profile'>, merchantId: string): boolean {
  return session.profile?.merchants.some((merchant) => merchant.id === merchantId) ?? false;
}

export type GuardInput = {
  route: RouteName | null;
  fullPath: string;
  merchantId: string | undefined;
  session: Pick<SessionState, 'signedIn' | 'loggedOut' | 'profile' | 'currentMerchant' | 'claims'>;
};

/** SPEC §2 guards 1–5 for one navigation, through the domain's evaluateRouteAccess. */
export function evaluateGuards({ route, fullPath, merchantId, session }: GuardInput): RouteAccessResult {
  const isPublic = route !== null && ROUTE_ACCESS[route].public === true;
  if (!isPublic && !session.signedIn) {
    // Right after a logout the user goes to plain Login (SPEC §4), not back to the page they left.
    return { redirect: session.loggedOut ? LOGIN_PATH : buildLoginRedirect(fullPath) };
  }
  // A user without roles lands on /unauthorized (SPEC §2 login behaviour 2) and stays there: no screen of the app,
  // not even Page Not Found in the shell, is theirs. The public sign-in screens stay public.
  const signedInScreen = !isPublic || route === 'NotFound';
  if (signedInScreen && session.signedIn && session.claims && isWithoutRoles(session.claims)) {
    return { redirect: UNAUTHORIZED_PATH };
  }
  if (!route) return { allow: true };
  // A merchant the user holds no role on (or no merchant at all): its page shows Page Not Found, as the API answers
  // 404, rather than being judged by the roles the user holds on the current merchant.
  if (merchantId !== undefined && !session.profile?.is_super_user && !isProfileMerchant(session, merchantId)) {
    return { allow: true };
  }
  const merchant = findRouteMerchant(session, merchantId);
  return evaluateRouteAccess({
    route,
    authenticated: session.signedIn,
    fullPath,
    claimsRoles: merchant?.access_roles ?? session.claims?.roles ?? [],
    claimsGroups: session.claims?.groups ?? [],
    merchant,
    organization: session.profile?.organization ?? null,
  });
}

/** Why a signed-in user was sent away from a page: a role they lack, or a page integrated merchants do not have. */
export type AccessRefusal = 'permission' | 'integrated';

/** What the guard hands the page it redirects to, so that page can say why (issue 16 item 22). */
export type RefusedNavigationState = { refused: { reason: AccessRefusal; path: string } };

/**
 * Why a redirect of evaluateGuards happened, when it refused a signed-in user a page; null for the redirects that are
 * not refusals (to Login, to /unauthorized for a user without roles, to the legacy report).
 */
export function findRefusal(input: GuardInput, result: RouteAccessResult): AccessRefusal | null {
  if (!('redirect' in result) || !input.session.signedIn || !input.route) return null;
  if (result.redirect === UNAUTHORIZED_PATH || result.redirect.startsWith(LOGIN_PATH)) return null;
  const access = ROUTE_ACCESS[input.route];
  if (access.legacyRedirect === result.redirect) return null;
  const merchant = findRouteMerchant(input.session, input.merchantId);
  if (access.disallowIntegrated && merchant?.is_integrated) {
    const asNotIntegrated = evaluateGuards({
      ...input,
      session: { ...input.session, currentMerchant: { ...merchant, is_integrated: false } },
      merchantId: undefined,
    });
    if ('allow' in asNotIntegrated) return 'integrated';
  }
  return 'permission';
}

/**
 * Runs the navigation guards of SPEC §2, in order, against the matched leaf route's RouteMeta: public routes pass;
 * a signed-out user goes to Login with `next` holding the full path; a signed-in user's navigation runs the session
 * check; then the custom-role, role, legacy and integrated rules.
 */
export function RouteGuard() {
  const matches = useMatches();
  const location = useLocation();
  const session = useSession();
  const route = findRouteName(matches);
  const merchantId = matches.at(-1)?.params.merchantID;
  const input: GuardInput = {
    route,
    fullPath: `${location.pathname}${location.search}${location.hash}`,
    merchantId,
    session,
  };
  const result = evaluateGuards(input);
  const allowed = 'allow' in result;

  const { signedIn, checkSession, currentMerchant, setCurrentMerchant } = session;
  useEffect(() => {
    if (signedIn) checkSession();
  }, [signedIn, checkSession, location.key]);

  // Opening a page of another of the user's merchants makes it the current merchant, so the app shell shows what the
  // page acts on. Only a change of the path's merchant does this, so a switch made in the shell is not undone.
  const pathMerchantId = allowed
    ? session.profile?.merchants.find((merchant) => merchant.id === merchantId)?.id
    : undefined;
  const syncedMerchantRef = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (pathMerchantId === syncedMerchantRef.current) return;
    syncedMerchantRef.current = pathMerchantId;
    if (pathMerchantId && pathMerchantId !== currentMerchant?.id) setCurrentMerchant(pathMerchantId);
  }, [pathMerchantId, currentMerchant, setCurrentMerchant]);

  if ('redirect' in result) {
    const reason = findRefusal(input, result);
    const state: RefusedNavigationState | undefined = reason
      ? { refused: { reason, path: input.fullPath } }
      : undefined;
    return <Navigate to={result.redirect} replace state={state} />;
  }
  return <Outlet />;
}
