import type { Owner } from '@paydesk/domain/owners/owners.contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { OwnerDetailRoute } from './owner-detail';

const OWNER: Owner = {
  id: 'o-1',
  first_name: 'Dana',
  last_name: 'Driver',
  title: 'Managing member',
  email: 'dana@demo.test',
  phone: '+12175550111',
  date_of_birth: '1975-04-12',
  ssn_last4: '6789',
  address_line1: '12 Oak Avenue',
  address_line2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62704',
  ownership_percentage: 60,
  created: '2026-01-01T00:00:00Z',
};

function renderDetail(role: 'admin' | 'staff' = 'admin') {
  server.use(http.get('/api/merchants/m-1/business_owners/o-1/', () => HttpResponse.json(OWNER)));
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/owners/:ownerID', element: <OwnerDetailRoute /> },
      { path: '/merchants/:merchantID/owners', element: <h1>Owners list page</h1> },
    ],
    { session: buildSession(buildProfile({ role })), initialEntries: ['/merchants/m-1/owners/o-1'] },
  );
}

// Generous timeouts: form journeys are slow on a loaded machine.
describe('owners: owner detail', () => {
  it('saves changes keeping the stored SSN when it is left blank', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/merchants/m-1/business_owners/o-1/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...OWNER, title: 'CEO' });
      }),
    );
    const user = setupUser();
    renderDetail();
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getByLabelText(/^SSN/)).toHaveAccessibleDescription(/•••• 6789/);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('(217) 555-0111');
    await user.clear(title);
    await user.paste('CEO');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(body).toMatchObject({ title: 'CEO', ssn: '', ownership_percentage: 60 }));
    expect(await screen.findByText('Owner saved')).toBeInTheDocument();
  }, 60_000);

  it('removes the owner only after confirming', async () => {
    let deletes = 0;
    server.use(
      http.delete('/api/merchants/m-1/business_owners/o-1/', () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    const { router } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Remove owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove owner?' });
    expect(deletes).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove owner' }));
    expect(await screen.findByRole('heading', { name: 'Owners list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/owners');
    expect(deletes).toBe(1);
  }, 60_000);

  it('shows staff the owner read-only, without Remove', async () => {
    renderDetail('staff');
    expect(await screen.findByLabelText(/^First name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
