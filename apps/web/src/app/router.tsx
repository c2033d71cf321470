import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { findLogoutTarget } from '../features/auth/landing';
import { SessionProvider } from '../features/auth/session/session-provider';
import { appRoutes } from './routes';

/**
 * The session starts up (refresh, profile, merchant count) before the routes render; a logout goes to Login (after
 * the idle logout with `next`, the page the user was on).
 */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <SessionProvider
      onLoggedOut={(reason) => void router.navigate(findLogoutTarget(reason, router.state.location), { replace: true })}
    >
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
