import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BROWSER_ZONE, MERCHANT_ZONE, runInTimeZone } from '../../../../test/time-zone';
import { SettingsPasstimeRoute } from './settings-device';
import { SettingsIntegrationsRoute } from './settings-integrations';

// The browser is in Tokyo, the merchant in Los Angeles: each moment below is on one day in Tokyo and the day before
// in Los Angeles (UTC-8 in early March 2026), so a date shown in the browser's zone fails.
runInTimeZone(BROWSER_ZONE);

const merchant = buildMerchant({ id: 'm-1', timezone: MERCHANT_ZONE });
// 04:20 UTC on March 2nd: 8:20 PM on March 1st in Los Angeles, 1:20 PM on March 2nd in Tokyo.
const CONNECTED_AT = '2026-03-02T04:20:00.000Z';
// 07:05 UTC on March 4th: 11:05 PM on March 3rd in Los Angeles.
const TESTED_AT = '2026-03-04T07:05:00.000Z';

describe("integration dates, in the merchant's zone with the browser in another", () => {
  it("shows a super user, who holds no role on the merchant, since when each is connected in the merchant's zone", async () => {
    const profile = { ...buildProfile({ role: 'super_admin', isSuperUser: true }), merchants: [] };
    server.use(
      // Not one of the user's merchants: its zone comes from its record.
      http.get('/api/merchants/m-1/', () => HttpResponse.json(merchant)),
      http.get('/api/merchants/m-1/integrations/', () =>
        HttpResponse.json({
          results: ['freshbooks', 'passtime', 'ituran'].map((provider) => ({
            provider,
            status: provider === 'passtime' ? 'connected' : 'disconnected',
            account_label: provider === 'passtime' ? 'DM-1001' : '',
            connected_by: null,
            connected_at: provider === 'passtime' ? CONNECTED_AT : null,
            last_tested_at: null,
            last_error: null,
          })),
        }),
      ),
    );
    renderRoutes([{ path: '/merchants/:merchantID/settings/integrations', element: <SettingsIntegrationsRoute /> }], {
      session: buildSession(profile),
      initialEntries: ['/merchants/m-1/settings/integrations'],
    });

    expect(await screen.findByText(/· since 03\/01\/2026$/)).toBeInTheDocument();
  });

  it("says when the device login was last tested on the merchant's clock", async () => {
    server.use(
      http.get('/api/merchants/m-1/integrations/passtime/', () =>
        HttpResponse.json({
          provider: 'passtime',
          dealer_id: 'DM-1001',
          username: 'demo.motors',
          has_password: true,
          status: 'connected',
          connected_by: 'Avery Admin',
          connected_at: CONNECTED_AT,
          last_tested_at: TESTED_AT,
          last_error: null,
        }),
      ),
      http.get('/api/merchants/m-1/failed-actions/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
    );
    renderRoutes([{ path: '/merchants/:merchantID/settings/passtime', element: <SettingsPasstimeRoute /> }], {
      session: buildSession(buildProfile({ role: 'admin', merchant })),
      initialEntries: ['/merchants/m-1/settings/passtime'],
    });

    const credentials = (await screen.findByRole('heading', { name: 'Credentials' })).closest('div')!;
    expect(within(credentials).getByText(/^Last tested 03\/03\/2026 11:05 PM/)).toBeInTheDocument();
  });
});
