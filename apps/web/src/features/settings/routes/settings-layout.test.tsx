import { screen, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SettingsLayoutRoute } from './settings-layout';
import { SettingsRolesRoute } from './settings-roles';

function renderSettings(
  profile: ReturnType<typeof buildProfile>,
  merchant = buildMerchant(),
  initialEntry = '/merchants/m-1/settings',
) {
  server.use(
    http.get('/api/merchants/m-1/', () => HttpResponse.json(merchant)),
    http.get('/api/merchants/m-1/roles/r-1/', () => HttpResponse.json({ ...COLLECTOR, id: 'r-1' })),
    http.get('/api/merchants/m-1/roles/', () =>
      HttpResponse.json({
        count: 1,
        next: null,
        previous: null,
        results: [COLLECTOR],
      }),
    ),
  );
  return renderRoutes(
    [
      {
        path: '/merchants/:merchantID/settings',
        element: <SettingsLayoutRoute />,
        children: [
          { index: true, element: <p>General page</p> },
          { path: 'users', element: <p>Users page</p> },
          { path: 'roles', element: <SettingsRolesRoute /> },
          { path: 'roles/create', element: <p>Role form</p> },
          { path: 'roles/:roleID', element: <p>Role page</p> },
          { path: 'tags', element: <p>Tags page</p> },
          { path: 'activity', element: <p>Activity page</p> },
          { path: 'messaging', element: <p>Messaging page</p> },
        ],
      },
    ],
    { session: buildSession(profile), initialEntries: [initialEntry] },
  );
}

function breadcrumbs(): string[] {
  const trail = screen.getByRole('heading', { level: 1 }).previousElementSibling as HTMLElement;
  return Array.from(trail.children)
    .map((crumb) => crumb.textContent ?? '')
    .filter((text) => text.trim() !== '' && text.trim() !== '/');
}

const COLLECTOR = {
  id: 'r-1',
  role_name: 'Collector',
  role_description: 'Works the collections queue',
  permissions: { is_note_update_allowed: true, is_customer_free_text_allowed: true },
  has_access: ['is_note_update_allowed', 'is_customer_free_text_allowed'],
  settings: { min_merchant_payment_amount: null, max_merchant_payment_amount: 150000 },
};

describe('settings layout', () => {
  it('shows admins General, Users, Roles, Tags, Messaging, PassTime, Ituran and Activity, and opens the one clicked', async () => {
    const user = setupUser();
    const { router } = renderSettings(buildProfile({ role: 'admin' }));

    expect(await screen.findByRole('link', { name: 'Demo Motors' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'General',
      'Users',
      'Roles',
      'Tags',
      'Messaging',
      'PassTime',
      'Ituran',
      'Activity',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('Users page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/users');
  });

  it('shows staff only General', async () => {
    renderSettings(buildProfile({ role: 'staff' }));
    expect(await screen.findByRole('link', { name: 'Demo Motors' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Messaging' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'PassTime' })).not.toBeInTheDocument();
  });

  it('shows a super user Integrations too', async () => {
    renderSettings(buildProfile({ role: 'super_admin', isSuperUser: true }));
    expect(await screen.findByRole('link', { name: 'Demo Motors' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'General',
      'Users',
      'Roles',
      'Tags',
      'Messaging',
      'Integrations',
      'PassTime',
      'Ituran',
      'Activity',
    ]);
  });

  it('shows a custom role holding is_user_update_allowed Users but not Roles', async () => {
    renderSettings(
      buildProfile({ role: 'custom', accessRoles: ['staff', 'is_user_update_allowed'] }),
      buildMerchant({ check_custom_roles: true }),
    );
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Roles' })).not.toBeInTheDocument();
  });

  it('lists the roles with their permissions and limits, and opens one', async () => {
    const user = setupUser();
    const { router } = renderSettings(buildProfile({ role: 'admin' }));
    await router.navigate('/merchants/m-1/settings/roles');

    expect(await screen.findByText('1 custom role')).toBeInTheDocument();
    expect(screen.getByText('Custom roles are off for this merchant')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'Collector' }).closest('tr')!;
    expect(within(row).getByText('2 of 13')).toBeInTheDocument();
    expect(within(row).getByText('Up to $1,500.00')).toBeInTheDocument();

    await user.click(within(row).getByText('Works the collections queue'));
    expect(await screen.findByText('Role page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/roles/r-1');
  });

  it.each([
    ['/merchants/m-1/settings', 'General', ['Merchants', 'Demo Motors', 'Settings', 'General']],
    ['/merchants/m-1/settings/users', 'Users', ['Merchants', 'Demo Motors', 'Settings', 'Users']],
    ['/merchants/m-1/settings/roles', 'Roles', ['Merchants', 'Demo Motors', 'Settings', 'Roles']],
    ['/merchants/m-1/settings/tags', 'Tags', ['Merchants', 'Demo Motors', 'Settings', 'Tags']],
    ['/merchants/m-1/settings/activity', 'Activity', ['Merchants', 'Demo Motors', 'Settings', 'Activity']],
    ['/merchants/m-1/settings/messaging', 'Messaging', ['Merchants', 'Demo Motors', 'Settings', 'Messaging']],
    [
      '/merchants/m-1/settings/roles/create',
      'Create role',
      ['Merchants', 'Demo Motors', 'Settings', 'Roles', 'Create role'],
    ],
    ['/merchants/m-1/settings/roles/r-1', 'Collector', ['Merchants', 'Demo Motors', 'Settings', 'Roles', 'Collector']],
  ])('names the page %s in its heading, breadcrumbs and document title', async (path, heading, trail) => {
    renderSettings(buildProfile({ role: 'admin' }), buildMerchant(), path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(breadcrumbs()).toEqual(trail);
    await vi.waitFor(() =>
      expect(document.title).toBe([heading, ...trail.slice(2, -1).reverse(), 'Demo Motors', 'Paydesk'].join(' · ')),
    );
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('links each breadcrumb above the page to its screen', async () => {
    renderSettings(buildProfile({ role: 'admin' }), buildMerchant(), '/merchants/m-1/settings/roles/r-1');

    await screen.findByRole('heading', { level: 1, name: 'Collector' });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/merchants/m-1/settings');
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/merchants/m-1/settings/roles');
    expect(screen.getByRole('link', { name: 'Demo Motors' })).toHaveAttribute('href', '/merchants/m-1');
  });

  it('shows one clean Page Not Found for a merchant the user holds no role on', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/merchants/m-other/*', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
      }),
    );
    renderSettings(buildProfile({ role: 'admin' }), buildMerchant(), '/merchants/m-other/settings/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('Merchant')).not.toBeInTheDocument();
    expect(screen.queryByText('Users page')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows Page Not Found to a super user when the merchant does not exist', async () => {
    server.use(
      http.get('/api/merchants/no-such-id/', () =>
        HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderSettings(
      buildProfile({ role: 'super_admin', isSuperUser: true }),
      buildMerchant(),
      '/merchants/no-such-id/settings',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('General page')).not.toBeInTheDocument();
  });
});
