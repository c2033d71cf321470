import type { ComponentType } from 'react';
import { importWithTimeout } from '../lib/import-with-timeout';

/** Lazy-loads a page module through importWithTimeout, so a chunk that fails or hangs ends in RouteErrorBoundary. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return () => importWithTimeout(load).then((module) => ({ Component: pick(module) }));
}
