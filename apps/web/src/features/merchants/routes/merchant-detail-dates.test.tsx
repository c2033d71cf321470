import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BROWSER_ZONE, MERCHANT_ZONE, runInTimeZone } from '../../../../test/time-zone';
import { MerchantDetailRoute } from './merchant-detail';

runInTimeZone(BROWSER_ZONE);

describe('merchant detail dates', () => {
  it("shows a super user from elsewhere the day the merchant was created in the merchant's own zone", async () => {
    // 06:30 UTC on March 6th: 10:30 PM on March 5th in Los Angeles, 3:30 PM on March 6th in Tokyo.
    const merchant = buildMerchant({ id: 'm-2', timezone: MERCHANT_ZONE, created: '2026-03-06T06:30:00.000Z' });
    server.use(http.get('/api/merchants/m-2/', () => HttpResponse.json(merchant)));
    renderRoutes([{ path: '/merchants/:merchantID', element: <MerchantDetailRoute /> }], {
      // The super user's own merchant is another one (m-1, in New York).
      session: buildSession(buildProfile({ role: 'super_admin', isSuperUser: true })),
      initialEntries: ['/merchants/m-2'],
    });

    expect(await screen.findByText('Demo Auto Group · Created 03/05/2026')).toBeInTheDocument();
  });
});
