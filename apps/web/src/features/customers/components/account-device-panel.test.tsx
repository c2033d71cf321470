import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMerchant, buildProfile, buildSession } from '../../../../test/profile-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { setupUser } from '../../../../test/user';
import { AccountDevicePanel } from './account-device-panel';

const ACCOUNT_PATH = '/api/merchants/m-1/customers/c-1/accounts/a-1/';
const WITH_DEVICE = {
  id: 'a-1',
  external_id: 'DM-1002',
  device: { provider: 'passtime', device_id: 'PT-2238' },
} as const;
const WITHOUT_DEVICE = { id: 'a-1', external_id: 'DM-1002', device: null };

function renderPanel(
  account: { id: string; external_id: string; device: typeof WITH_DEVICE.device | null },
  options: { role?: 'admin' | 'staff'; accessRoles?: string[]; customRoles?: boolean; active?: boolean } = {},
) {
  const profile = buildProfile({
    role: options.role ?? 'admin',
    accessRoles: options.accessRoles,
    merchant: buildMerchant({ check_custom_roles: options.customRoles ?? false }),
  });
  return renderRoutes(
    [
      {
        path: '/merchants/:merchantID/customers/:customerID',
        element: (
          <AccountDevicePanel
            merchantID="m-1"
            customerID="c-1"
            customerName="Carla Customer"
            account={account}
            active={options.active ?? true}
          />
        ),
      },
    ],
    { session: buildSession(profile), initialEntries: ['/merchants/m-1/customers/c-1'] },
  );
}

describe('the device on an account', () => {
  it('asks before disabling the starter, naming the customer, the account and the device', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${ACCOUNT_PATH}device_actions/`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          succeeded: false,
          message: 'Device PT-2238 is offline.',
          location: null,
          failed_action: {
            id: '6f1c7a53-6a2e-4d0a-9a52-3c1b8f0e9a10',
            provider: 'passtime',
            action: 'starter_disable',
            device_id: 'PT-2238',
            account_reference: 'DM-1002',
            account_id: null,
            customer_id: null,
            error_message: 'Device PT-2238 is offline.',
            is_resolvable: true,
            status: 'open',
            resolved_at: null,
            resolved_by: null,
            created: '2026-03-04T15:07:00.000Z',
          },
        });
      }),
    );
    const user = setupUser();
    renderPanel(WITH_DEVICE);
    expect(screen.getByText('PassTime PT-2238')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Device ID/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable starter?' });
    expect(dialog).toHaveTextContent(
      'Disable the starter for Carla Customer, account DM-1002, device PassTime PT-2238? The vehicle will not start until the starter is enabled.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable starter' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable starter' }));
    expect(await screen.findByText('Disable starter: command failed')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'starter_disable' }]);
    expect(screen.getByText(/Recorded as a failed action that can be retried\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open failed actions' })).toHaveAttribute(
      'href',
      '/merchants/m-1/failed-actions',
    );
  });

  it('sends Enable starter and Locate at once, to the account (no device id in the body)', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${ACCOUNT_PATH}device_actions/`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          succeeded: true,
          message: 'Device PT-2238 located.',
          location: { latitude: 32.8, longitude: -96.8, recorded_at: '2026-03-04T15:07:00.000Z' },
          failed_action: null,
        });
      }),
    );
    const user = setupUser();
    renderPanel(WITH_DEVICE);
    await user.click(screen.getByRole('button', { name: 'Locate' }));
    expect(await screen.findByText('Location: 32.8, -96.8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable starter' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'locate' }, { action: 'starter_enable' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an admin link a device, checking the id first', async () => {
    let body: unknown;
    server.use(
      http.put(`${ACCOUNT_PATH}device/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ provider: 'passtime', device_id: 'PT-1' });
      }),
    );
    const user = setupUser();
    renderPanel(WITHOUT_DEVICE);
    expect(screen.getByText('No device linked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Locate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link device of account DM-1002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device of account DM-1002' });
    await user.type(within(dialog).getByRole('textbox', { name: /Device ID/ }), 'PT 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(await within(dialog).findByText('Use letters, digits and dashes only')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Device ID/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Device ID/ }), 'PT-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save device' }));
    expect(await screen.findByText('Device PassTime PT-1 linked to account DM-1002')).toBeInTheDocument();
    expect(body).toEqual({ provider: 'passtime', device_id: 'PT-1' });
  });

  it('shows staff the device without commands or changes; hides everything of a removed customer', () => {
    const view = renderPanel(WITH_DEVICE, { role: 'staff' });
    expect(screen.getByText('PassTime PT-2238')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    view.unmount();
    renderPanel(WITH_DEVICE, { role: 'admin', active: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives commands to a custom role with the PassTime flag, without linking', () => {
    renderPanel(WITH_DEVICE, {
      role: 'staff',
      accessRoles: ['staff', 'is_merchant_passtime_allowed'],
      customRoles: true,
    });
    expect(screen.getByRole('button', { name: 'Locate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change device/ })).not.toBeInTheDocument();
  });
});
