import { LOGIN_PATH } from '@paydesk/domain/access/route-access';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session/session-provider';
import { appRoutes } from './routes';

/** The session starts up (refresh, profile, merchant count) before the routes render; a logout goes to Login. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <SessionProvider onLoggedOut={() => void router.navigate(LOGIN_PATH, { replace: true })}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
