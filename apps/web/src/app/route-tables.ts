import type { RouteObject } from 'react-router';
import { importWithTimeout } from '../lib/import-with-timeout';

/** Loads a route table module once; after a failure the next call tries again. */
function loadOnce(load: () => Promise<RouteObject[]>): () => Promise<RouteObject[]> {
  let loading: Promise<RouteObject[]> | null = null;
  return () => {
    loading ??= importWithTimeout(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** The signed-in routes: the AppLayout shell and its screens (routes-signed-in.tsx). */
export const loadSignedInRoutes = loadOnce(() => import('./routes-signed-in').then((module) => module.signedInRoutes));

/** The public screens other than Login (routes-public.tsx). */
export const loadPublicRoutes = loadOnce(() => import('./routes-public').then((module) => module.publicRoutes));
