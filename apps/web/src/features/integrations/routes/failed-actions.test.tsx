import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FailedAction } from '@paydesk/domain/integrations/integrations.contract';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { FailedActionsRoute } from './failed-actions';

const OFFLINE: FailedAction = {
  id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
  provider: 'passtime',
  action: 'starter_disable',
  device_id: 'PT-4410',
  account_reference: 'DM1003',
  account_id: '0b7b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f30',
  customer_id: '5a0b1e0e-4a5e-4b43-9d0e-0c9a1d1e2f31',
  error_message: 'Device PT-4410 is offline.',
  is_resolvable: true,
  status: 'open',
  resolved_at: null,
  resolved_by: null,
  created: '2026-03-04T15:07:00.000Z',
};
const MISSING: FailedAction = {
  ...OFFLINE,
  id: '7f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a11',
  action: 'locate',
  device_id: 'PT-5559',
  account_reference: null,
  account_id: null,
  customer_id: null,
  error_message: 'Device PT-5559 was not found on account DM-1001.',
  is_resolvable: false,
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function renderPage() {
  return renderRoutes([{ path: '/merchants/:merchantID/failed-actions', element: <FailedActionsRoute /> }], {
    session: buildSession(buildProfile({ role: 'admin' })),
    initialEntries: ['/merchants/m-1/failed-actions'],
  });
}

describe('failed actions', () => {
  it("dates each action on the merchant's calendar and clock, not the browser's", async () => {
    server.use(http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([OFFLINE]))));
    renderRoutes([{ path: '/merchants/:merchantID/failed-actions', element: <FailedActionsRoute /> }], {
      session: buildSession(buildProfile({ merchant: buildMerchant({ id: 'm-1', timezone: 'Pacific/Auckland' }) })),
      initialEntries: ['/merchants/m-1/failed-actions'],
    });
    const table = await screen.findByRole('table');
    // 15:07 UTC on March 4th is 04:07 the next morning in Auckland (UTC+13).
    expect(within(table).getByText(/^03\/05\/2026 0?4:07/)).toBeInTheDocument();
  });

  it('lists them 100 a page with Retry for resolvable ones and Resolve for every open one', async () => {
    let query = new URLSearchParams();
    server.use(
      http.get('/api/merchants/m-1/failed-actions/', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(page([OFFLINE, MISSING]));
      }),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(query.get('page_size')).toBe('100');
    expect(screen.getByRole('heading', { name: 'Failed actions' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'DM1003' })).toHaveAttribute(
      'href',
      `/merchants/m-1/customers/${OFFLINE.customer_id}`,
    );
    expect(within(table).getByRole('button', { name: 'Retry Disable starter on PT-4410' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Resolve Disable starter on PT-4410' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Retry Locate on PT-5559' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Resolve Locate on PT-5559' })).toBeInTheDocument();
    expect(within(table).getByText('This action must be manually resolved.')).toBeInTheDocument();
  });

  it('retries through …/retry/ and says "Succesfully Retried and Resolved Action"', async () => {
    let rows = [OFFLINE];
    let retried = '';
    server.use(
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page(rows))),
      http.post('/api/merchants/m-1/failed-actions/:aid/retry/', ({ params }) => {
        retried = String(params.aid);
        const resolved: FailedAction = {
          ...OFFLINE,
          status: 'resolved',
          resolved_by: 'Avery Admin',
          resolved_at: OFFLINE.created,
        };
        rows = [resolved];
        return HttpResponse.json({
          succeeded: true,
          message: 'Starter disabled on device PT-4410.',
          location: null,
          failed_action: resolved,
        });
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry Disable starter on PT-4410' }));
    expect(await screen.findByText('Succesfully Retried and Resolved Action')).toBeInTheDocument();
    expect(retried).toBe(OFFLINE.id);
    await waitFor(() => expect(screen.getByText('Resolved')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('shows what the provider said when a retry fails again', async () => {
    server.use(
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([OFFLINE]))),
      http.post('/api/merchants/m-1/failed-actions/:aid/retry/', () =>
        HttpResponse.json({
          succeeded: false,
          message: 'Device PT-4410 is offline.',
          location: null,
          failed_action: OFFLINE,
        }),
      ),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry Disable starter on PT-4410' }));
    expect(await screen.findByText('The retry failed')).toBeInTheDocument();
    expect(screen.getByText('Disable starter on PT-4410: Device PT-4410 is offline.')).toBeInTheDocument();
    expect(screen.queryByText('Succesfully Retried and Resolved Action')).not.toBeInTheDocument();
  });

  it('says integrations.unresolvable_action when the server refuses a retry', async () => {
    server.use(
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page([OFFLINE]))),
      http.post('/api/merchants/m-1/failed-actions/:aid/retry/', () =>
        HttpResponse.json(
          { detail: 'This action must be manually resolved.', code: 'integrations.unresolvable_action' },
          { status: 409 },
        ),
      ),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry Disable starter on PT-4410' }));
    expect(await screen.findByText('This action must be manually resolved.')).toBeInTheDocument();
  });

  it('resolves through …/resolve/ and says "Marked Action as Resolved"', async () => {
    let rows = [MISSING];
    let resolved = '';
    server.use(
      http.get('/api/merchants/m-1/failed-actions/', () => HttpResponse.json(page(rows))),
      http.post('/api/merchants/m-1/failed-actions/:aid/resolve/', ({ params }) => {
        resolved = String(params.aid);
        const done: FailedAction = {
          ...MISSING,
          status: 'resolved',
          resolved_by: 'Avery Admin',
          resolved_at: MISSING.created,
        };
        rows = [done];
        return HttpResponse.json(done);
      }),
    );
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resolve Locate on PT-5559' }));
    expect(await screen.findByText('Marked Action as Resolved')).toBeInTheDocument();
    expect(resolved).toBe(MISSING.id);
    expect(await screen.findByText(/Avery Admin/)).toBeInTheDocument();
  });
});
