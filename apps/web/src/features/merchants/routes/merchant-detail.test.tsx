import { screen, within } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MerchantDetailRoute } from './merchant-detail';

const MERCHANT = buildMerchant({ id: 'm-1', name: 'Demo Motors', logo: null });

function serveMerchant() {
  server.use(http.get('/api/merchants/m-1/', () => HttpResponse.json(MERCHANT)));
}

function renderDetail(profile = buildProfile({ role: 'admin' })) {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID', element: <MerchantDetailRoute /> },
      { path: '/merchants', element: <h1>Merchant list page</h1> },
    ],
    { session: buildSession(profile), initialEntries: ['/merchants/m-1'] },
  );
}

describe('merchant detail', () => {
  it('shows the merchant read-only and links admins to Settings › General to edit it', async () => {
    serveMerchant();
    renderDetail();

    expect(await screen.findByRole('heading', { name: 'Demo Motors', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Demo Auto Group · Created 03/05/2026')).toBeInTheDocument();
    expect(screen.getByText('Group messages: On')).toBeInTheDocument();
    expect(screen.getByText('Custom roles: Off')).toBeInTheDocument();
    // One form, one place: the detail page has no copy of the settings form.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', '/merchants/m-1/settings');
    expect(screen.getByRole('link', { name: 'Owners' })).toHaveAttribute('href', '/merchants/m-1/owners');
    expect(screen.getByRole('link', { name: 'Onboarding' })).toHaveAttribute('href', '/onboarding/m-1/summary');
  });

  it('shows staff the merchant without Edit, Save, Delete, Onboarding or Owners', async () => {
    serveMerchant();
    renderDetail(buildProfile({ role: 'staff' }));

    expect(await screen.findByRole('heading', { name: 'Demo Motors', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Onboarding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Owners' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('does not offer Delete to a merchant admin who is not a super user', async () => {
    serveMerchant();
    renderDetail();
    await screen.findByRole('heading', { name: 'Demo Motors', level: 1 });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets a super user delete the merchant after confirming', async () => {
    serveMerchant();
    let deletes = 0;
    server.use(
      http.delete('/api/merchants/m-1/', () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = setupUser();
    const { router } = renderDetail(buildProfile({ role: 'super_admin', isSuperUser: true }));

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete merchant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete merchant' }));

    expect(await screen.findByRole('heading', { name: 'Merchant list page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/merchants');
    expect(screen.getByText('Merchant Demo Motors deleted')).toBeInTheDocument();
    expect(deletes).toBe(1);
  });

  it('says so when the merchant does not exist', async () => {
    server.use(
      http.get('/api/merchants/m-1/', () =>
        HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderDetail();
    expect(await screen.findByText('Merchant not found')).toBeInTheDocument();
    // One clean not-found state: no breadcrumb naming a placeholder "Merchant".
    expect(screen.queryByText('Merchant', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Merchants' })).not.toBeInTheDocument();
  });
});
