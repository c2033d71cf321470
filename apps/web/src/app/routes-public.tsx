import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/*
 * The public screens other than Login, in PublicLayout. The router adds them to the route table the first time a
 * navigation needs them (`discoverRoutes` in routes.tsx), so that the Login download does not carry their modules'
 * preload lists.
 */
export const publicRoutes: RouteObject[] = [
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
];
