import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { appRouterOptions, appRoutes } from './routes';

// A file of its own: the route table modules load once per test file, and these tests need them not loaded yet.
const SIGNED_IN_ROUTES_MODULE = './routes-signed-in';

describe('route discovery', () => {
  afterEach(() => {
    vi.doUnmock(SIGNED_IN_ROUTES_MODULE);
  });

  it('offers Reload when the signed-in routes fail to load, and loads them on the next navigation', async () => {
    vi.doMock(SIGNED_IN_ROUTES_MODULE, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });

    const { router } = renderRoutes(appRoutes, { routerOptions: appRouterOptions, initialEntries: ['/merchants'] });

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    vi.doUnmock(SIGNED_IN_ROUTES_MODULE);
    await router.navigate('/merchants');

    // Signed out, the merchants list is now known and its guard sends the visitor to Login.
    expect(await screen.findByRole('heading', { name: 'Merchant login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fmerchants');
  });
});
