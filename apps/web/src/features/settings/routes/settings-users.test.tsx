import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import type { MerchantUser } from '@paydesk/domain/users/users.contract';
import { SettingsUsersRoute } from './settings-users';

function buildUser(overrides: Partial<MerchantUser>): MerchantUser {
  return {
    id: 'u-1',
    email: 'user@demo.test',
    first_name: 'Uma',
    last_name: 'User',
    role: 'staff',
    custom_role: null,
    is_super_user: false,
    is_pending: false,
    is_active: true,
    disabled_at: null,
    created: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

const USERS = [
  buildUser({ id: 'u-admin', email: 'admin@demo.test', first_name: 'Avery', last_name: 'Admin', role: 'admin' }),
  buildUser({ id: 'u-staff', email: 'staff@demo.test', first_name: 'Stacy', last_name: 'Staff', role: 'staff' }),
  buildUser({
    id: 'u-agent',
    email: 'agent@demo.test',
    first_name: 'Alex',
    last_name: 'Agent',
    role: 'custom',
    custom_role: { id: 'r-1', role_name: 'Collector' },
    is_pending: true,
  }),
  buildUser({
    id: 'u-gone',
    email: 'gone@demo.test',
    first_name: 'Ian',
    last_name: 'Inactive',
    role: null,
    is_active: false,
  }),
];

function serveUsers(merchant = buildMerchant()) {
  const users = [...USERS];
  server.use(
    http.get('/api/merchants/m-1/', () => HttpResponse.json(merchant)),
    http.get('/api/merchants/m-1/users/', () =>
      HttpResponse.json({ count: users.length, next: null, previous: null, results: users }),
    ),
  );
  return users;
}

function renderUsers(logout = vi.fn(), profile = buildProfile({ id: 'u-admin', role: 'admin' })) {
  const session = buildSession(profile, { logout });
  renderRoutes([{ path: '/merchants/:merchantID/settings/users', element: <SettingsUsersRoute /> }], {
    session,
    initialEntries: ['/merchants/m-1/settings/users'],
  });
  return { logout };
}

function findRow(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('settings: users', () => {
  it('lists users with full name, email, role, status and created date', async () => {
    serveUsers();
    renderUsers();

    expect(await screen.findByText('4 users')).toBeInTheDocument();
    const admin = findRow('Avery Admin');
    expect(within(admin).getByText('admin@demo.test')).toBeInTheDocument();
    expect(within(admin).getByText('Admin')).toBeInTheDocument();
    expect(within(admin).getByText('Active')).toBeInTheDocument();
    expect(within(admin).getByText('01/15/2026')).toBeInTheDocument();
    expect(within(findRow('Stacy Staff')).getByText('Staff')).toBeInTheDocument();
    const agent = findRow('Alex Agent');
    expect(within(agent).getByText('Collector')).toBeInTheDocument();
    expect(within(agent).getByText('Pending')).toBeInTheDocument();
    const inactive = findRow('Ian Inactive');
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
    expect(within(inactive).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
  });

  it('shows the validation messages of the spec before inviting', async () => {
    serveUsers();
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('Email is not valid');
    expect(within(dialog).getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription('Required');
  });

  it('invites a user and shows the server field errors on the fields', async () => {
    serveUsers();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/merchants/m-1/users/invite/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            email: ['Enter a valid email address.'],
            last_name: ['Ensure this field has no more than 150 characters.'],
          },
          { status: 400 },
        );
      }),
    );
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'new@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
        'Enter a valid email address.',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Last name/ })).toHaveAccessibleDescription(
      'Ensure this field has no more than 150 characters.',
    );
    expect(bodies).toEqual([{ email: 'new@demo.test', first_name: 'Nia', last_name: 'New', role: 'staff' }]);
  });

  it('puts "Email address already in use." on the email field', async () => {
    serveUsers();
    server.use(
      http.post('/api/merchants/m-1/users/invite/', () =>
        HttpResponse.json({ detail: 'Email in use', code: 'user.email_in_use' }, { status: 400 }),
      ),
    );
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'staff@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Stacy');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Staff');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
        'Email address already in use.',
      ),
    );
  });

  it('invites with a custom role when the merchant checks custom roles, and lists the user as Pending', async () => {
    const users = serveUsers(buildMerchant({ check_custom_roles: true }));
    let body: unknown;
    server.use(
      http.get('/api/merchants/m-1/roles/', () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            { id: 'r-1', role_name: 'Collector', role_description: '', permissions: {}, has_access: [], settings: {} },
          ],
        }),
      ),
      http.post('/api/merchants/m-1/users/invite/', async ({ request }) => {
        body = await request.json();
        const invited = buildUser({
          id: 'u-new',
          email: 'nia@demo.test',
          first_name: 'Nia',
          last_name: 'New',
          role: 'custom',
          custom_role: { id: 'r-1', role_name: 'Collector' },
          is_pending: true,
        });
        users.push(invited);
        return HttpResponse.json(invited, { status: 201 });
      }),
    );
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'nia@demo.test');
    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'New');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Custom role' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('combobox', { name: /^Custom role/ })).toHaveAccessibleDescription('Required');

    await user.click(within(dialog).getByRole('combobox', { name: /^Custom role/ }));
    await user.click(await screen.findByRole('option', { name: 'Collector' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to nia@demo.test')).toBeInTheDocument();
    expect(body).toEqual({
      email: 'nia@demo.test',
      first_name: 'Nia',
      last_name: 'New',
      role: 'custom',
      custom_role_id: 'r-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('5 users')).toBeInTheDocument();
    expect(within(findRow('Nia New')).getByText('Pending')).toBeInTheDocument();
  });

  it('asks for confirmation before disabling a user, then disables them', async () => {
    const users = serveUsers();
    const disabled: string[] = [];
    server.use(
      http.post('/api/merchants/m-1/users/:userId/disable/', ({ params }) => {
        disabled.push(String(params.userId));
        const index = users.findIndex((candidate) => candidate.id === params.userId);
        users[index] = { ...users[index]!, role: null, is_active: false };
        return HttpResponse.json(users[index]);
      }),
    );
    const user = setupUser();
    const { logout } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Disable Stacy Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable user?' });
    expect(dialog).toHaveTextContent('Are you sure you would like to disable Stacy Staff?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(disabled).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable Stacy Staff' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable user' }));

    expect(await screen.findByText('Stacy Staff disabled')).toBeInTheDocument();
    expect(disabled).toEqual(['u-staff']);
    await waitFor(() => expect(within(findRow('Stacy Staff')).getByText('Inactive')).toBeInTheDocument());
    expect(logout).not.toHaveBeenCalled();
  });

  it('logs the user out when they disable themselves', async () => {
    serveUsers();
    server.use(
      http.post('/api/merchants/m-1/users/u-admin/disable/', () =>
        HttpResponse.json({ ...USERS[0], role: null, is_active: false }),
      ),
    );
    const user = setupUser();
    const { logout } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Disable Avery Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable user?' });
    expect(dialog).toHaveTextContent('You will be signed out');
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('does not offer Admin to a user manager who holds a custom role', async () => {
    serveUsers(buildMerchant({ check_custom_roles: true }));
    server.use(
      http.get('/api/merchants/m-1/roles/', () =>
        HttpResponse.json({ detail: 'You do not have permission.', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    const user = setupUser();
    renderUsers(
      vi.fn(),
      buildProfile({ id: 'u-agent', role: 'custom', accessRoles: ['staff', 'is_user_update_allowed'] }),
    );

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: /^Role/ }));

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Staff', 'Custom role']);
  });

  it('offers Disable only for users the viewer outranks or equals', async () => {
    serveUsers(buildMerchant({ check_custom_roles: true }));
    renderUsers(
      vi.fn(),
      buildProfile({ id: 'u-agent', role: 'custom', accessRoles: ['staff', 'is_user_update_allowed'] }),
    );

    await screen.findByRole('cell', { name: 'Stacy Staff' });
    expect(within(findRow('Stacy Staff')).getByRole('button', { name: /Disable/ })).toBeInTheDocument();
    expect(within(findRow('Avery Admin')).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
  });

  it('changes a user’s role to a custom role from the row’s menu', async () => {
    const users = serveUsers(buildMerchant({ check_custom_roles: true }));
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/merchants/m-1/roles/', () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            { id: 'r-1', role_name: 'Collector', role_description: '', permissions: {}, has_access: [], settings: {} },
          ],
        }),
      ),
      http.patch('/api/merchants/m-1/users/:userId/', async ({ params, request }) => {
        const body = (await request.json()) as { role: 'custom'; custom_role_id: string };
        bodies.push(body);
        const index = users.findIndex((candidate) => candidate.id === params.userId);
        users[index] = { ...users[index]!, role: body.role, custom_role: { id: 'r-1', role_name: 'Collector' } };
        return HttpResponse.json(users[index]);
      }),
    );
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'More actions for Stacy Staff' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Custom role' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Custom role/ }));
    await user.click(await screen.findByRole('option', { name: 'Collector' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));

    expect(await screen.findByText('Role of Stacy Staff changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ role: 'custom', custom_role_id: 'r-1' }]);
    await waitFor(() => expect(within(findRow('Stacy Staff')).getByText('Collector')).toBeInTheDocument());
  });

  it('shows a refused role change inside the dialog', async () => {
    serveUsers();
    server.use(
      http.patch('/api/merchants/m-1/users/:userId/', () =>
        HttpResponse.json(
          { detail: 'You may only give a role whose permissions you hold yourself.', code: 'permission_denied' },
          { status: 403 },
        ),
      ),
    );
    const user = setupUser();
    renderUsers();

    await user.click(await screen.findByRole('button', { name: 'More actions for Stacy Staff' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You may only give a role whose permissions you hold yourself.',
    );
  });

  it('re-enables a user disabled at this merchant with a role', async () => {
    const users = serveUsers();
    users.push(
      buildUser({
        id: 'u-left',
        email: 'left@demo.test',
        first_name: 'Lou',
        last_name: 'Left',
        role: null,
        is_active: false,
        disabled_at: '2026-02-01T12:00:00.000Z',
      }),
    );
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/merchants/m-1/users/:userId/enable/', async ({ params, request }) => {
        const body = (await request.json()) as { role: 'staff' };
        bodies.push({ user: params.userId, ...body });
        const index = users.findIndex((candidate) => candidate.id === params.userId);
        users[index] = { ...users[index]!, role: body.role, is_active: true, disabled_at: null };
        return HttpResponse.json(users[index]);
      }),
    );
    const user = setupUser();
    renderUsers();

    const row = await waitFor(() => findRow('Lou Left'));
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Re-enable Lou Left' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-enable user' });
    await user.click(within(dialog).getByRole('button', { name: 'Re-enable user' }));
    expect(within(dialog).getByRole('combobox', { name: /^Role/ })).toHaveAccessibleDescription('Required');
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Staff' }));
    await user.click(within(dialog).getByRole('button', { name: 'Re-enable user' }));

    expect(await screen.findByText('Lou Left re-enabled')).toBeInTheDocument();
    expect(bodies).toEqual([{ user: 'u-left', role: 'staff' }]);
    await waitFor(() => expect(within(findRow('Lou Left')).getByText('Active')).toBeInTheDocument());
  });
});
