import type { ActivityEntry } from '@paydesk/domain/audit/audit.contract';
import type { MerchantUser } from '@paydesk/domain/users/users.contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BROWSER_ZONE, MERCHANT_ZONE, runInTimeZone } from '../../../../test/time-zone';
import { setupUser } from '../../../../test/user';
import { SettingsActivityRoute } from './settings-activity';
import { SettingsTagsRoute } from './settings-tags';
import { SettingsUsersRoute } from './settings-users';

// The browser is in Tokyo, the merchant in Los Angeles: each moment below is on one day in Tokyo and the day before
// in Los Angeles (UTC-8 in early March 2026), so a date shown in the browser's zone fails.
runInTimeZone(BROWSER_ZONE);

const merchant = buildMerchant({ id: 'm-1', timezone: MERCHANT_ZONE });
const list = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function renderSetting(path: string, element: React.ReactNode) {
  server.use(http.get('/api/merchants/m-1/', () => HttpResponse.json(merchant)));
  return renderRoutes([{ path: `/merchants/:merchantID/settings/${path}`, element }], {
    session: buildSession(buildProfile({ role: 'admin', merchant })),
    initialEntries: [`/merchants/m-1/settings/${path}`],
  });
}

describe("settings dates, in the merchant's zone with the browser in another", () => {
  it('dates each activity entry, and the moments among its changes, on the merchant’s clock', async () => {
    const entry: ActivityEntry = {
      id: '33333333-3333-4333-8333-333333333333',
      // 02:30 UTC on March 3rd: 6:30 PM on March 2nd in Los Angeles, 11:30 AM on March 3rd in Tokyo.
      created: '2026-03-03T02:30:00.000Z',
      actor_id: '11111111-1111-4111-8111-111111111111',
      actor_name: 'Avery Admin',
      kind: 'user',
      action: 'updated',
      subject_id: '44444444-4444-4444-8444-444444444444',
      subject_label: 'staff@demo.test',
      // 05:00 UTC on March 1st: 9:00 PM on February 28th in Los Angeles. A bare day reads as written.
      before: { disabled_at: '2026-03-01T05:00:00.000Z', start_date: '2026-03-09' },
      after: { disabled_at: null, start_date: '2026-03-10' },
    };
    server.use(
      http.get('/api/merchants/m-1/activity/actors/', () => HttpResponse.json({ results: [] })),
      http.get('/api/merchants/m-1/activity/', () => HttpResponse.json(list([entry]))),
    );
    const user = setupUser();
    renderSetting('activity', <SettingsActivityRoute />);

    const row = (await screen.findByText('Avery Admin updated User staff@demo.test')).closest('tr')!;
    expect(within(row).getByText('03/02/2026 6:30 PM')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Show changes/ }));
    expect(within(row).getByText('02/28/2026 9:00 PM → —')).toBeInTheDocument();
    expect(within(row).getByText('03/09/2026 → 03/10/2026')).toBeInTheDocument();
  });

  it('dates tags by the day they were created in the merchant’s zone', async () => {
    server.use(
      http.get('/api/merchants/m-1/account-tags/', () =>
        // 06:00 UTC on March 6th: 10:00 PM on March 5th in Los Angeles.
        HttpResponse.json(list([{ id: 't-1', name: 'VIP', created: '2026-03-06T06:00:00.000Z' }])),
      ),
    );
    renderSetting('tags', <SettingsTagsRoute />);

    const row = (await screen.findByRole('cell', { name: 'VIP' })).closest('tr')!;
    expect(within(row).getByText('03/05/2026')).toBeInTheDocument();
  });

  it('dates users by the day they were created in the merchant’s zone', async () => {
    const staff: MerchantUser = {
      id: 'u-staff',
      email: 'staff@demo.test',
      first_name: 'Stacy',
      last_name: 'Staff',
      role: 'staff',
      custom_role: null,
      is_super_user: false,
      is_pending: false,
      is_active: true,
      disabled_at: null,
      // 07:45 UTC on January 16th: 11:45 PM on January 15th in Los Angeles.
      created: '2026-01-16T07:45:00.000Z',
    };
    server.use(http.get('/api/merchants/m-1/users/', () => HttpResponse.json(list([staff]))));
    renderSetting('users', <SettingsUsersRoute />);

    const row = (await screen.findByRole('cell', { name: 'Stacy Staff' })).closest('tr')!;
    expect(within(row).getByText('01/15/2026')).toBeInTheDocument();
  });
});
