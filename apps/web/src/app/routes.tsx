import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { importWithTimeout } from '../lib/import-with-timeout';
import { RouteGuard } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { merchantRoutes } from './routes-merchants';

/** Lazy-loads a page module through importWithTimeout, so a chunk that fails or hangs ends in RouteErrorBoundary. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return () => importWithTimeout(load).then((module) => ({ Component: pick(module) }));
}

/*
 * The route table. Every leaf route's `handle` is its entry of the domain route access table (RouteMeta), which holds
 * its path and access rules (SPEC §2, §6); RouteGuard applies them. Public screens use PublicLayout (no navigation
 * bar), signed-in screens the AppLayout shell, and Page Not Found whichever fits the visitor.
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
      {
        // Lazy too, so the signed-in shell (AppShell, menus, the merchant select) stays out of the Login download.
        lazy: lazyPage(
          () => import('./layout/app-layout'),
          (module) => module.AppLayout,
        ),
        children: [
          {
            path: ROUTE_ACCESS.Home.path,
            handle: ROUTE_ACCESS.Home,
            lazy: lazyPage(
              () => import('./home-page'),
              (module) => module.HomePage,
            ),
          },
          ...merchantRoutes,
          {
            path: ROUTE_ACCESS.FreshbooksAuth.path,
            handle: ROUTE_ACCESS.FreshbooksAuth,
            lazy: lazyPage(
              () => import('../features/integrations/routes/freshbooks-auth'),
              (module) => module.FreshbooksAuthRoute,
            ),
          },
          {
            path: ROUTE_ACCESS.Outbox.path,
            handle: ROUTE_ACCESS.Outbox,
            lazy: lazyPage(
              () => import('../features/outbox/routes/outbox'),
              (module) => module.OutboxRoute,
            ),
          },
        ],
      },
    ],
  },
];
