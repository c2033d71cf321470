import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { theme } from '../src/app/theme';
import { Toasts } from '../src/app/toasts';
import { SessionContext, SIGNED_OUT_SESSION, type SessionState } from '../src/lib/session-state';

/** `signedIn` alone fakes a signed-in session; `session` overrides any field of the session value. */
type ProviderOptions = { signedIn?: boolean; session?: Partial<SessionState> };

// The app's providers, with Mantine's test environment (no transitions, no portals).
function TestProviders({ children, signedIn = false, session }: ProviderOptions & { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider theme={theme} env="test">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionContext value={{ ...SIGNED_OUT_SESSION, signedIn, ...session }}>{children}</SessionContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactNode, options: ProviderOptions = {}) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

type RouterOptions = Omit<NonNullable<Parameters<typeof createMemoryRouter>[1]>, 'initialEntries'>;

/** `routerOptions`: e.g. the app route table's `appRouterOptions`. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    routerOptions,
    ...options
  }: ProviderOptions & { initialEntries?: InitialEntry[]; routerOptions?: RouterOptions } = {},
) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries });
  const view = renderWithProviders(<RouterProvider router={router} />, options);
  return { ...view, router };
}
