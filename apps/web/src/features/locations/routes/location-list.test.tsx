import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { LocationListRoute } from './location-list';

const PAGE = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 'l-2',
      name: 'Main St',
      address_line1: '120 Main St',
      address_line2: '',
      city: 'Hartford',
      state: 'CT',
      postal_code: '06103',
      phone: '+18605550142',
      timezone: 'America/New_York',
      created: '2026-03-05T12:00:00Z',
    },
  ],
};

function renderList(role: 'admin' | 'staff', path = '/merchants/m-1/locations') {
  server.use(http.get('/api/merchants/m-1/merchant_locations/', () => HttpResponse.json(PAGE)));
  return renderRoutes([{ path: '/merchants/:merchantID?/locations', element: <LocationListRoute /> }], {
    session: buildSession(buildProfile({ role })),
    initialEntries: [path],
  });
}

describe('locations: list', () => {
  it('shows name, city and state, the phone formatted and the time zone; admins may create', async () => {
    renderList('admin');
    expect(await screen.findByRole('link', { name: 'Main St' })).toHaveAttribute('href', '/locations/l-2?merchant=m-1');
    expect(screen.getAllByText('Hartford, CT').length).toBeGreaterThan(0);
    expect(screen.getAllByText('(860) 555-0142').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Eastern Time (New York)').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Create location' })).toHaveAttribute(
      'href',
      // The merchant goes along: it need not be the current one (a super user on a merchant not among their own).
      '/locations/create?merchant=m-1',
    );
  });

  it('has no create button for staff, and uses the current merchant without one in the path', async () => {
    renderList('staff', '/merchants/locations');
    expect(await screen.findByRole('link', { name: 'Main St' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create location' })).not.toBeInTheDocument();
  });
});
