import { CHUNK_LOAD_TIMEOUT_MS } from '@paydesk/domain/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { appRouterOptions, appRoutes } from './routes';

const NOT_FOUND_MODULE = '../features/misc/routes/not-found';

describe('route table', () => {
  afterEach(() => {
    vi.doUnmock(NOT_FOUND_MODULE);
    vi.useRealTimers();
  });

  it('sends a signed-out visitor of / to login', async () => {
    const { router } = renderRoutes(appRoutes, { routerOptions: appRouterOptions, initialEntries: ['/'] });

    expect(await screen.findByRole('heading', { name: 'Merchant login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2F');
  });

  it('shows Page Not Found for an unknown path, without a navigation bar', async () => {
    renderRoutes(appRoutes, { routerOptions: appRouterOptions, initialEntries: ['/merchants/1/nothing-here'] });

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Paydesk')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('offers Reload when a page chunk fails to load', async () => {
    vi.doMock(NOT_FOUND_MODULE, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });

    renderRoutes(appRoutes, { routerOptions: appRouterOptions, initialEntries: ['/missing'] });

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('offers Reload when a page chunk takes longer than the chunk load timeout', async () => {
    vi.useFakeTimers();
    vi.doMock(NOT_FOUND_MODULE, () => new Promise(() => {}));

    renderRoutes(appRoutes, { routerOptions: appRouterOptions, initialEntries: ['/missing'] });

    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1_000));
    expect(screen.getByLabelText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
