import { screen } from '@testing-library/react';
import { setupUser } from '../../../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MerchantDetailRoute } from './merchant-detail';
import { MerchantSettingsGeneralRoute } from './merchant-settings-general';

const MERCHANT = buildMerchant({ id: 'm-1', name: 'Demo Motors', logo: null });

function serveMerchant() {
  server.use(http.get('/api/merchants/m-1/', () => HttpResponse.json(MERCHANT)));
}

function renderGeneral(profile = buildProfile({ role: 'admin' })) {
  return renderRoutes(
    [
      { path: '/merchants/:merchantID/settings', element: <MerchantSettingsGeneralRoute /> },
      { path: '/merchants/:merchantID', element: <MerchantDetailRoute /> },
    ],
    { session: buildSession(profile), initialEntries: ['/merchants/m-1/settings'] },
  );
}

describe('merchant settings: general', () => {
  it('saves changes with PUT, and the merchant shows them', async () => {
    serveMerchant();
    let body: unknown;
    server.use(
      http.put('/api/merchants/m-1/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...MERCHANT, ...(body as object) });
      }),
    );
    const user = setupUser();
    const { router } = renderGeneral();

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Demo Motors East');
    await user.click(screen.getByRole('switch', { name: /Group messages/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Merchant saved')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Demo Motors East',
      logo: null,
      in_legacy_app: false,
      check_custom_roles: false,
      allow_group_message: false,
      is_integrated: false,
    });

    // Saved, so the merchant page opens without a Leave Page? prompt and shows the new name.
    await router.navigate('/merchants/m-1');
    expect(await screen.findByRole('heading', { name: 'Demo Motors East', level: 1 })).toBeInTheDocument();
  });

  it('leaves the platform settings to the super user: shown to admins, not editable', async () => {
    serveMerchant();
    renderGeneral();

    for (const name of [/Legacy app/, /Custom roles/, /Integrated/]) {
      const setting = await screen.findByRole('switch', { name });
      expect(setting).toBeDisabled();
      expect(setting).toHaveAccessibleDescription(/Only a platform super user may change this/);
    }
    expect(screen.getByRole('switch', { name: /Group messages/ })).toBeEnabled();
  });

  it('lets a super user change the platform settings', async () => {
    serveMerchant();
    renderGeneral(buildProfile({ role: 'admin', isSuperUser: true }));

    for (const name of [/Legacy app/, /Custom roles/, /Integrated/]) {
      expect(await screen.findByRole('switch', { name })).toBeEnabled();
    }
  });

  it('shows staff the settings read-only, without Save', async () => {
    serveMerchant();
    renderGeneral(buildProfile({ role: 'staff' }));

    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('asks "Leave Page?" before leaving with unsaved changes', async () => {
    serveMerchant();
    const user = setupUser();
    const { router } = renderGeneral();

    await user.type(await screen.findByRole('textbox', { name: 'Logo URL' }), 'https://cdn.example.com/l.png');
    await router.navigate('/merchants/m-1').catch(() => {});

    expect(await screen.findByRole('dialog', { name: 'Leave Page?' })).toHaveTextContent(
      'Changes you made may not be saved.',
    );
    expect(router.state.location.pathname).toBe('/merchants/m-1/settings');
  });
});
