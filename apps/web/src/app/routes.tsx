import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { importWithTimeout } from '../lib/import-with-timeout';
import { RouteGuard } from './guards';
import { PublicLayout } from './layout/public-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

/*
 * The route table. Every leaf route's `handle` is its entry of the domain route access table (RouteMeta), which holds
 * its path and access rules (SPEC §2, §6); RouteGuard applies them. Public screens use PublicLayout (no navigation
 * bar), signed-in screens the AppLayout shell, and Page Not Found whichever fits the visitor. The signed-in screens
 * (routes-signed-in.tsx) join the table when a navigation first needs them: see discoverSignedInRoutes.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RouteGuard />,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            path: ROUTE_ACCESS.Login.path,
            handle: ROUTE_ACCESS.Login,
            lazy: lazyPage(
              () => import('../features/auth/routes/login'),
              (module) => module.LoginRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.Sso.path,
            handle: ROUTE_ACCESS.Sso,
            lazy: lazyPage(
              () => import('../features/auth/routes/sso'),
              (module) => module.SsoRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.ForgotPassword.path,
            handle: ROUTE_ACCESS.ForgotPassword,
            lazy: lazyPage(
              () => import('../features/auth/routes/forgot-password'),
              (module) => module.ForgotPasswordRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.ResetPassword.path,
            handle: ROUTE_ACCESS.ResetPassword,
            lazy: lazyPage(
              () => import('../features/auth/routes/reset-password'),
              (module) => module.ResetPasswordRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.PartnerSignup.path,
            handle: ROUTE_ACCESS.PartnerSignup,
            lazy: lazyPage(
              () => import('../features/auth/routes/partner-signup'),
              (module) => module.PartnerSignupRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.PartnerInvite.path,
            handle: ROUTE_ACCESS.PartnerInvite,
            lazy: lazyPage(
              () => import('../features/auth/routes/partner-invite'),
              (module) => module.PartnerInviteRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.Unauthorized.path,
            handle: ROUTE_ACCESS.Unauthorized,
            lazy: lazyPage(
              () => import('../features/auth/routes/unauthorized'),
              (module) => module.UnauthorizedRoute,
            ),
          },
        ],
      },
      {
        // Page Not Found (unknown paths, and screens not built yet) keeps the navigation of a signed-in user.
        lazy: lazyPage(
          () => import('./layout/session-layout'),
          (module) => module.SessionLayout,
        ),
        children: [
          {
            path: ROUTE_ACCESS.NotFound.path,
            handle: ROUTE_ACCESS.NotFound,
            lazy: lazyPage(
              () => import('../features/misc/routes/not-found'),
              (module) => module.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

let loadingSignedInRoutes: Promise<RouteObject[]> | null = null;

/** The signed-in routes (routes-signed-in.tsx), loaded once; after a failure the next call tries again. */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  loadingSignedInRoutes ??= importWithTimeout(() => import('./routes-signed-in')).then(
    (module) => module.signedInRoutes,
    (error: unknown) => {
      loadingSignedInRoutes = null;
      throw error;
    },
  );
  return loadingSignedInRoutes;
}

/**
 * Adds the signed-in routes under the root the first time a navigation needs them. Each lazy route's preload list
 * (the files its chunk imports) sits in the chunk holding its `import()`: with all of them in the entry, every
 * signed-in screen made the Login download bigger. React Router calls this for a path no known route matches, or
 * only a route with parameters (every unknown path reaches Page Not Found's `*`), before matching it; the router
 * starts loading them as it starts, beside the session's start-up, and a sign-in starts loading them too.
 * A failure to load ends in RouteErrorBoundary.
 */
export const discoverSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  patch('root', await loadSignedInRoutes());
};

/** The router options the app's route table needs (createBrowserRouter's, or createMemoryRouter's in tests). */
export const appRouterOptions = { patchRoutesOnNavigation: discoverSignedInRoutes };
