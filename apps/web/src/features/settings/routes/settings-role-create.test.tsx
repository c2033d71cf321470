import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SettingsRoleCreateRoute } from './settings-role-create';

function renderCreate() {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/settings/roles/create', element: <SettingsRoleCreateRoute /> },
      { path: '/merchants/:merchantID/settings/roles', element: <h1>Roles list page</h1> },
    ],
    {
      session: buildSession(buildProfile({ role: 'admin' })),
      initialEntries: ['/merchants/m-1/settings/roles/create'],
    },
  );
}

describe('settings: create role', () => {
  it('sends the permissions and the dollar limits as integer cents', async () => {
    let body: unknown;
    server.use(
      http.post('/api/merchants/m-1/roles/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'r-9', ...(body as object), has_access: [] }, { status: 201 });
      }),
    );
    const user = setupUser();
    const { router } = renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Role name/ }), '  Collections lead ');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Runs the collections desk');
    await user.click(screen.getByRole('switch', { name: 'Refund payments' }));
    await user.click(screen.getByRole('switch', { name: 'Manage users' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum payment amount' }), '19.99');
    await user.type(screen.getByRole('textbox', { name: 'Maximum payment amount' }), '2500.5');
    await user.click(screen.getByRole('button', { name: 'Create role' }));

    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/roles');
    expect(screen.getByText('Role Collections lead created')).toBeInTheDocument();
    expect(body).toEqual({
      role_name: 'Collections lead',
      role_description: 'Runs the collections desk',
      permissions: {
        is_customer_campaign_allowed: false,
        is_customer_free_text_allowed: false,
        is_customer_update_allowed: false,
        is_merchant_passtime_allowed: false,
        is_merchant_ituran_allowed: false,
        is_merchant_payment_report_allowed: false,
        is_merchant_sweep_report_allowed: false,
        is_note_update_allowed: false,
        is_payment_refund_allowed: true,
        is_payment_threshold_allowed: false,
        is_payment_waive_fee_allowed: false,
        is_template_update_allowed: false,
        is_user_update_allowed: true,
      },
      settings: { min_merchant_payment_amount: 1999, max_merchant_payment_amount: 250050 },
    });
  });

  it('sends no limits when the amounts are left empty', async () => {
    let body: { settings?: unknown } = {};
    server.use(
      http.post('/api/merchants/m-1/roles/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ id: 'r-9', ...body, has_access: [] }, { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Role name/ }), 'Viewer');
    await user.click(screen.getByRole('button', { name: 'Create role' }));

    await waitFor(() =>
      expect(body.settings).toEqual({ min_merchant_payment_amount: null, max_merchant_payment_amount: null }),
    );
  });

  it('requires a name and a maximum no lower than the minimum', async () => {
    let posts = 0;
    server.use(
      http.post('/api/merchants/m-1/roles/', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: 'Minimum payment amount' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Maximum payment amount' }), '50');
    await user.click(screen.getByRole('button', { name: 'Create role' }));

    expect(screen.getByRole('textbox', { name: /^Role name/ })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: 'Maximum payment amount' })).toHaveAccessibleDescription(
      'Must be at least the minimum amount',
    );
    expect(posts).toBe(0);
  });

  it('shows the server field errors on the fields, the limits included', async () => {
    server.use(
      http.post('/api/merchants/m-1/roles/', () =>
        HttpResponse.json(
          {
            role_name: ['A role with this name already exists.'],
            settings: { max_merchant_payment_amount: ['Must be at most $100,000'] },
          },
          { status: 400 },
        ),
      ),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Role name/ }), 'Collector');
    await user.type(screen.getByRole('textbox', { name: 'Maximum payment amount' }), '500000');
    await user.click(screen.getByRole('button', { name: 'Create role' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Role name/ })).toHaveAccessibleDescription(
        'A role with this name already exists.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Maximum payment amount' })).toHaveAccessibleDescription(
      'Must be at most $100,000',
    );
  });

  it('refuses a negative limit with "Must be a valid number" instead of dropping the minus sign', async () => {
    let posts = 0;
    server.use(
      http.post('/api/merchants/m-1/roles/', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = setupUser();
    renderCreate();

    await user.type(screen.getByRole('textbox', { name: /^Role name/ }), 'Viewer');
    const min = screen.getByRole('textbox', { name: 'Minimum payment amount' });
    await user.type(min, '-5');
    await user.click(screen.getByRole('button', { name: 'Create role' }));

    expect(min).toHaveValue('-$5.00');
    expect(min).toHaveAccessibleDescription('Must be a valid number');
    expect(posts).toBe(0);
  });

  it('asks "Leave Page?" before leaving with unsaved changes, and not when nothing changed', async () => {
    const user = setupUser();
    const { router } = renderCreate();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();

    await act(() => router.navigate('/merchants/m-1/settings/roles/create'));
    await user.type(await screen.findByRole('textbox', { name: /^Role name/ }), 'Half done');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(dialog).toHaveTextContent('Changes you made may not be saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/roles/create');
    expect(screen.getByRole('textbox', { name: /^Role name/ })).toHaveValue('Half done');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
  });
});
