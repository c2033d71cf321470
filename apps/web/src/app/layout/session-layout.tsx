import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import { importWithTimeout } from '../../lib/import-with-timeout';
import { useIsSignedIn } from '../../lib/session-state';
import { PublicLayout } from './public-layout';

// Loaded only for a signed-in user, so that a signed-out visitor's Page Not Found (and the entry chunk's preload list
// for this module) does not carry the shell. A failure ends in RouteErrorBoundary, like a route's own chunk.
const AppLayout = lazy(() =>
  importWithTimeout(() => import('./app-layout')).then((module) => ({ default: module.AppLayout })),
);

/** For screens open to everyone that a signed-in user should see inside the app shell, with the navigation. */
export function SessionLayout() {
  if (!useIsSignedIn()) return <PublicLayout />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppLayout />
    </Suspense>
  );
}
