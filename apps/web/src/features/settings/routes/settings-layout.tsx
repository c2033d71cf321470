import { Anchor, Breadcrumbs, Stack, Tabs, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useSettingsMerchant } from '../api/get-merchant';
import { useSettingsAccess } from '../hooks/use-settings-access';

type SettingsTab = { value: string; label: string; path: string };

function findActiveTab(pathname: string): string {
  if (/\/settings\/users\/?$/.test(pathname)) return 'users';
  if (/\/settings\/roles(\/|$)/.test(pathname)) return 'roles';
  return 'general';
}

/** /merchants/:merchantID/settings/*: the merchant's name, the settings sub-navigation and the open screen. */
export function SettingsLayoutRoute() {
  const { merchantID = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const merchant = useSettingsMerchant(merchantID);
  const access = useSettingsAccess(merchantID);

  const base = `/merchants/${merchantID}/settings`;
  const tabs: SettingsTab[] = [
    { value: 'general', label: 'General', path: base },
    ...(access.users ? [{ value: 'users', label: 'Users', path: `${base}/users` }] : []),
    ...(access.roles ? [{ value: 'roles', label: 'Roles', path: `${base}/roles` }] : []),
  ];
  const merchantName = merchant.data?.name ?? 'Merchant';
  const activeTab = findActiveTab(pathname);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/merchants" size="sm">
          Merchants
        </Anchor>
        <Anchor component={Link} to={`/merchants/${merchantID}`} size="sm">
          {merchantName}
        </Anchor>
        <span>Settings</span>
      </Breadcrumbs>
      <Title order={1}>Settings</Title>
      <Tabs
        value={activeTab}
        onChange={(value) => {
          const tab = tabs.find((candidate) => candidate.value === value);
          if (tab) navigate(tab.path);
        }}
      >
        <Tabs.List aria-label="Settings">
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              // The open tab still leads back to its list, e.g. from a role's page to Roles.
              onClick={() => tab.value === activeTab && pathname !== tab.path && navigate(tab.path)}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
