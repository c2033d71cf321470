import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { findLogoutTarget } from '../features/auth/landing';
import { SessionProvider } from '../features/auth/session/session-provider';
import { loadSignedInRoutes } from './route-tables';
import { appRouterOptions, appRoutes } from './routes';

/**
 * The session starts up (refresh, profile, merchant count) before the routes render; a logout goes to Login (after
 * the idle logout with `next`, the page the user was on). A sign-in starts loading the signed-in routes, so the
 * landing page does not wait for them after it.
 */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes, appRouterOptions));
  return (
    <SessionProvider
      onSigningIn={preloadSignedInRoutes}
      onLoggedOut={(reason) => void router.navigate(findLogoutTarget(reason, router.state.location), { replace: true })}
    >
      <RouterProvider router={router} />
    </SessionProvider>
  );
}

function preloadSignedInRoutes() {
  // A failure here is met again, and shown, by the navigation that needs the routes.
  loadSignedInRoutes().catch(() => {});
}
