import { useIsSignedIn } from '../../lib/session-state';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/** For screens open to everyone that a signed-in user should see inside the app shell, with the navigation. */
export function SessionLayout() {
  return useIsSignedIn() ? <AppLayout /> : <PublicLayout />;
}
