import { screen } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { NotFoundRoute } from './not-found';

const routes = [
  { path: '/', element: <p>Dashboard home</p> },
  { path: '/login', element: <p>Login screen</p> },
  { path: '*', Component: NotFoundRoute },
];

describe('NotFoundRoute', () => {
  it('offers the way to login when signed out', async () => {
    renderRoutes(routes, { initialEntries: ['/no/such/page'] });

    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();

    await setupUser().click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('offers the way to the dashboard when signed in', async () => {
    renderRoutes(routes, { initialEntries: ['/no/such/page'], signedIn: true });

    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();

    await setupUser().click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
  });
});
