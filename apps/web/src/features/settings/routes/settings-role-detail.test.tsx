import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import type { Role } from '@paydesk/domain/roles/roles.contract';
import { SettingsRoleDetailRoute } from './settings-role-detail';

const ROLE: Role = {
  id: 'r-1',
  role_name: 'Collector',
  role_description: 'Works the collections queue',
  permissions: {
    is_customer_campaign_allowed: false,
    is_customer_free_text_allowed: true,
    is_customer_update_allowed: false,
    is_merchant_passtime_allowed: false,
    is_merchant_ituran_allowed: false,
    is_merchant_payment_report_allowed: false,
    is_merchant_sweep_report_allowed: false,
    is_note_update_allowed: true,
    is_payment_refund_allowed: false,
    is_payment_threshold_allowed: false,
    is_payment_waive_fee_allowed: false,
    is_template_update_allowed: false,
    is_user_update_allowed: false,
  },
  has_access: ['is_customer_free_text_allowed', 'is_note_update_allowed'],
  settings: { min_merchant_payment_amount: 500, max_merchant_payment_amount: 150000 },
};

function renderDetail() {
  server.use(
    http.get('/api/merchants/m-1/roles/r-1/', () => HttpResponse.json(ROLE)),
    http.get('/api/merchants/m-1/roles/', () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [ROLE] }),
    ),
  );
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/settings/roles/:roleID', element: <SettingsRoleDetailRoute /> },
      { path: '/merchants/:merchantID/settings/roles', element: <h1>Roles list page</h1> },
    ],
    { session: buildSession(buildProfile({ role: 'admin' })), initialEntries: ['/merchants/m-1/settings/roles/r-1'] },
  );
}

describe('settings: role detail', () => {
  it('shows the role with its limits in dollars and saves changes in cents', async () => {
    let body: { permissions?: Record<string, boolean>; settings?: unknown; role_name?: string } = {};
    server.use(
      http.put('/api/merchants/m-1/roles/r-1/', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ ...ROLE, ...body });
      }),
    );
    const user = setupUser();
    renderDetail();

    expect(await screen.findByRole('textbox', { name: /^Role name/ })).toHaveValue('Collector');
    expect(screen.getByRole('switch', { name: 'Type free-text chat messages' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Refund payments' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Minimum payment amount' })).toHaveValue('$5.00');
    expect(screen.getByRole('textbox', { name: 'Maximum payment amount' })).toHaveValue('$1,500.00');

    await user.click(screen.getByRole('switch', { name: 'Type free-text chat messages' }));
    await user.click(screen.getByRole('switch', { name: 'Waive convenience fees' }));
    const max = screen.getByRole('textbox', { name: 'Maximum payment amount' });
    await user.clear(max);
    await user.type(max, '2000.75');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Role saved')).toBeInTheDocument();
    expect(body.permissions).toMatchObject({
      is_customer_free_text_allowed: false,
      is_note_update_allowed: true,
      is_payment_waive_fee_allowed: true,
    });
    expect(body.settings).toEqual({ min_merchant_payment_amount: 500, max_merchant_payment_amount: 200075 });

    // Saved: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Back to roles' }));
    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
  });

  it('leaves an unchanged role without asking', async () => {
    const user = setupUser();
    const { router } = renderDetail();
    await screen.findByRole('textbox', { name: 'Maximum payment amount' });

    await user.click(screen.getByRole('link', { name: 'Back to roles' }));

    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/roles');
  });

  it('deletes the role only after confirming', async () => {
    let deletes = 0;
    server.use(
      http.delete('/api/merchants/m-1/roles/r-1/', () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    const { router } = renderDetail();

    await user.click(await screen.findByRole('button', { name: 'Delete role' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role?' });
    expect(dialog).toHaveTextContent('Are you sure you would like to delete the role Collector?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete role' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete role' }));

    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings/roles');
    expect(screen.getByText('Role Collector deleted')).toBeInTheDocument();
    await waitFor(() => expect(deletes).toBe(1));
  });

  it('shows a failed delete inside the dialog, then moves the holders to another role and deletes', async () => {
    const urls: string[] = [];
    const user = setupUser();
    renderDetail();
    server.use(
      http.get('/api/merchants/m-1/roles/', () =>
        HttpResponse.json({
          count: 2,
          next: null,
          previous: null,
          results: [ROLE, { ...ROLE, id: 'r-2', role_name: 'Successor' }],
        }),
      ),
      http.delete('/api/merchants/m-1/roles/r-1/', ({ request }) => {
        urls.push(new URL(request.url).search);
        if (!new URL(request.url).searchParams.get('move_to'))
          return HttpResponse.json(
            {
              detail: 'This role is assigned to 2 user(s); give them another role first.',
              code: 'role.in_use',
            },
            { status: 409 },
          );
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Delete role' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This role is assigned to 2 user(s); give them another role first.',
    );

    await user.click(within(dialog).getByRole('combobox', { name: /^Move its users to/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Admin', 'Staff', 'Successor']);
    await user.click(screen.getByRole('option', { name: 'Successor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));

    expect(await screen.findByRole('heading', { name: 'Roles list page' })).toBeInTheDocument();
    expect(urls).toEqual(['', '?move_to=r-2']);
  });
});
