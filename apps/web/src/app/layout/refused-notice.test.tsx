import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { RefusedNotice } from './refused-notice';

function renderAt(state: unknown) {
  return renderRoutes([{ path: '/', element: <RefusedNotice /> }], {
    signedIn: true,
    initialEntries: [{ pathname: '/', state }],
  });
}

describe('RefusedNotice', () => {
  it('says why a page the role may not open sent the user here', () => {
    renderAt({ refused: { reason: 'permission', path: '/merchants/m-1/settings/roles' } });

    expect(screen.getByRole('alert')).toHaveTextContent('You don’t have access to that page');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your role does not allow opening /merchants/m-1/settings/roles. Ask an administrator of the merchant if you need it.',
    );
  });

  it('says when a page is not available for an integrated merchant', () => {
    renderAt({ refused: { reason: 'integrated', path: '/merchants/m-1/customers/create' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Not available for this merchant');
  });

  it('shows nothing on an ordinary visit, and goes when dismissed', async () => {
    const { unmount } = renderAt(null);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    renderAt({ refused: { reason: 'permission', path: '/x' } });
    await setupUser().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
