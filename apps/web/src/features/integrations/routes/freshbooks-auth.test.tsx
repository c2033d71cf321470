import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { FreshbooksAuthRoute } from './freshbooks-auth';

const MERCHANT = '7d0f5c3e-7b1e-4c55-9a0b-2b8f1f6f4a11';

function renderAuth(path: string) {
  return renderRoutes([{ path: '/freshbooks/auth/:code', element: <FreshbooksAuthRoute /> }], {
    session: buildSession(buildProfile({ role: 'super_admin', isSuperUser: true })),
    initialEntries: [path],
  });
}

describe('FreshBooks authorization screen', () => {
  it('connects once with the code and state, then links back to Integrations', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/freshbooks/connect/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          merchant_id: MERCHANT,
          connection: {
            provider: 'freshbooks',
            status: 'connected',
            account_label: 'Demo Business',
            connected_by: 'Sam Super',
            connected_at: '2026-03-05T10:00:00.000Z',
            last_tested_at: null,
            last_error: null,
          },
        });
      }),
    );
    renderAuth('/freshbooks/auth/the-code?state=the-state');
    expect(screen.getByText('Connecting FreshBooks…')).toBeInTheDocument();
    expect(await screen.findByText('FreshBooks connected')).toBeInTheDocument();
    expect(screen.getByText('Demo Business')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Integrations' })).toHaveAttribute(
      'href',
      `/merchants/${MERCHANT}/settings/integrations`,
    );
    expect(bodies).toEqual([{ code: 'the-code', state: 'the-state' }]);
  });

  it('shows why it failed, with a way to try again', async () => {
    server.use(
      http.post('/api/freshbooks/connect/', () =>
        HttpResponse.json(
          {
            code: 'integration.state_invalid',
            detail: 'This connect link has expired or was already used. Start connecting again.',
          },
          { status: 400 },
        ),
      ),
    );
    renderAuth('/freshbooks/auth/the-code?state=used');
    expect(await screen.findByText('FreshBooks could not be connected')).toBeInTheDocument();
    expect(
      screen.getByText('This connect link has expired or was already used. Start connecting again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again from Integrations' })).toBeInTheDocument();
  });

  it('says so when access was denied, without calling the API', async () => {
    let called = false;
    server.use(
      http.post('/api/freshbooks/connect/', () => {
        called = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderAuth('/freshbooks/auth/denied?error=access_denied&state=s');
    expect(await screen.findByText('Access was denied on the FreshBooks page.')).toBeInTheDocument();
    expect(called).toBe(false);
  });
});
