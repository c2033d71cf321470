import { createElement, type ComponentProps } from 'react';
import { importWithTimeout } from '../../../lib/import-with-timeout';
import type { InactivityModal } from './inactivity-modal';

let loaded: typeof InactivityModal | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the inactivity modal's chunk. Mantine's Modal brings ScrollArea and floating-ui (~20 KB gzipped), so it stays
 * out of the Login download and is loaded while a user signs in, before the warning can be due. Never rejects: without
 * the modal the controller's own deadline still logs out on time, and the next sign-in tries again.
 */
export function loadInactivityModal(): Promise<void> {
  loading ??= importWithTimeout(() => import('./inactivity-modal')).then(
    (module) => {
      loaded = module.InactivityModal;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** The inactivity modal once loadInactivityModal() has finished; nothing before. */
export function LoadedInactivityModal(props: ComponentProps<typeof InactivityModal>) {
  return loaded ? createElement(loaded, props) : null;
}
