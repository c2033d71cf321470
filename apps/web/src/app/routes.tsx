import { ROUTE_ACCESS, ROUTE_NAMES } from '@paydesk/domain/access/route-access';
import { matchPath, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteGuard } from './guards';
import { PublicLayout } from './layout/public-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { loadPublicRoutes, loadSignedInRoutes } from './route-tables';

/*
 * The route table. Every leaf route's `handle` is its entry of the domain route access table (RouteMeta), which holds
 * its path and access rules (SPEC §2, §6); RouteGuard applies them. Public screens use PublicLayout (no navigation
 * bar), signed-in screens the AppLayout shell, and Page Not Found whichever fits the visitor. Only Login and Page Not
 * Found are here from the start; the other screens join when a navigation first needs them: see discoverRoutes.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RouteGuard />,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      {
        // The other public screens (routes-public.tsx) join it when a navigation first needs them.
        id: 'public',
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

const PUBLIC_PATHS = ROUTE_NAMES.flatMap((name) => {
  const { path, public: isPublic } = ROUTE_ACCESS[name];
  return isPublic && name !== 'NotFound' ? [path] : [];
});

/**
 * Adds the routes a navigation needs the first time it needs them: the other public screens under PublicLayout for
 * their paths, else the signed-in routes under the root. Each lazy route's preload list (the files its chunk imports)
 * sits in the chunk holding its `import()`: with all of them in the entry, every new screen made the Login download
 * bigger. React Router calls this before matching a path that no known route matches, or only one with parameters
 * (every unknown path reaches Page Not Found's `*`); for the first page it runs as the router starts, beside the
 * session's start-up. A sign-in starts loading the signed-in routes, and a public screen, once shown, the other public
 * ones. A failure to load ends in RouteErrorBoundary.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (PUBLIC_PATHS.some((pattern) => matchPath(pattern, path))) patch('public', await loadPublicRoutes());
  else patch('root', await loadSignedInRoutes());
};

/** The router options the app's route table needs (createBrowserRouter's, or createMemoryRouter's in tests). */
export const appRouterOptions = { patchRoutesOnNavigation: discoverRoutes };
