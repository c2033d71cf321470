import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// The toast container (Mantine's Notifications, with its transitions and portal: ~20 KB compressed) loads when the
// first toast is shown, so no page downloads it in order to show. That toast waits in the notifications store and
// appears when the container mounts.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

let toastShown = false;
/** Whether any toast has been shown since the app started (it stays true: the container, once loaded, stays). */
function readToastShown() {
  const { notifications, queue } = notificationsStore.getState();
  toastShown ||= notifications.length > 0 || queue.length > 0;
  return toastShown;
}

function DeferredToasts() {
  const needed = useSyncExternalStore(notificationsStore.subscribe, readToastShown);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DeferredToasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
