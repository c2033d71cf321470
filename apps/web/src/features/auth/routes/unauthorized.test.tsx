import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { UnauthorizedRoute } from './unauthorized';

function renderUnauthorized(signedIn: boolean) {
  return renderRoutes([{ path: '/unauthorized', element: <UnauthorizedRoute /> }], {
    signedIn,
    initialEntries: ['/unauthorized'],
  });
}

describe('/unauthorized', () => {
  it('asks a signed-out visitor to log in, without speaking of roles', () => {
    renderUnauthorized(false);

    expect(screen.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/role/i)).not.toBeInTheDocument();
  });

  it('tells a signed-in user without roles to ask for one, and offers Log out', () => {
    renderUnauthorized(true);

    expect(screen.getByRole('heading', { level: 1, name: "You don't have access yet" })).toBeInTheDocument();
    expect(screen.getByText(/no role at any merchant/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
