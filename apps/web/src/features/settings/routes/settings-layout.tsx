import { Anchor, Breadcrumbs, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundState } from '../../../components/not-found-state';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { useMerchant } from '../../../lib/merchant-query';
import { getRoleQueryOptions } from '../api/get-role';
import { useSettingsAccess } from '../hooks/use-settings-access';
import { useViewer } from '../../../lib/use-viewer';

type SettingsTab =
  'general' | 'users' | 'roles' | 'tags' | 'messaging' | 'integrations' | 'passtime' | 'ituran' | 'activity';

const INTEGRATION_TABS = ['integrations', 'passtime', 'ituran'] as const;

/** Which settings page a path shows, from the part after `/settings`. */
type SettingsPage =
  | {
      kind:
        | 'general'
        | 'users'
        | 'roles'
        | 'role-create'
        | 'tags'
        | 'messaging'
        | 'activity'
        | 'integrations'
        | 'passtime'
        | 'ituran';
    }
  | { kind: 'role-detail'; roleID: string }
  | { kind: 'unknown' };

const TAB_LABELS: Record<SettingsTab, string> = {
  general: 'General',
  users: 'Users',
  roles: 'Roles',
  tags: 'Tags',
  messaging: 'Messaging',
  activity: 'Activity',
  integrations: 'Integrations',
  passtime: 'PassTime',
  ituran: 'Ituran',
};

export function findSettingsPage(pathname: string): SettingsPage {
  const [, rest = ''] = pathname.split(/\/settings(?=\/|$)/, 2);
  const segments = rest.split('/').filter(Boolean);
  const [first, second, ...others] = segments;
  if (others.length > 0) return { kind: 'unknown' };
  if (first === undefined) return { kind: 'general' };
  if (first === 'users' && second === undefined) return { kind: 'users' };
  if (first === 'tags' && second === undefined) return { kind: 'tags' };
  if (first === 'activity' && second === undefined) return { kind: 'activity' };
  if (first === 'messaging' && second === undefined) return { kind: 'messaging' };
  const integrationTab = INTEGRATION_TABS.find((tab) => tab === first);
  if (integrationTab && second === undefined) return { kind: integrationTab };
  if (first !== 'roles') return { kind: 'unknown' };
  if (second === undefined) return { kind: 'roles' };
  if (second === 'create') return { kind: 'role-create' };
  return { kind: 'role-detail', roleID: decodeURIComponent(second) };
}

function findTab(page: SettingsPage): SettingsTab {
  if (page.kind === 'users') return 'users';
  if (page.kind === 'tags') return 'tags';
  if (page.kind === 'activity') return 'activity';
  if (page.kind === 'messaging') return 'messaging';
  if (page.kind === 'integrations' || page.kind === 'passtime' || page.kind === 'ituran') return page.kind;
  if (page.kind === 'roles' || page.kind === 'role-create' || page.kind === 'role-detail') return 'roles';
  return 'general';
}

function isMissing(error: Error | null): boolean {
  // A malformed id is as missing as an unknown one.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * /merchants/:merchantID/settings/*: breadcrumbs and a heading that name the open page, the settings tabs and the
 * page. A merchant the user holds no role on (or that does not exist) shows Page Not Found and nothing else.
 */
export function SettingsLayoutRoute() {
  const { merchantID = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const known = viewer.mayOpenMerchant(merchantID);
  const merchant = useMerchant(merchantID, { onlyIfOpenable: true });
  const access = useSettingsAccess(merchantID);
  const page = findSettingsPage(pathname);
  const roleID = page.kind === 'role-detail' ? page.roleID : '';
  // The role page loads the same query; its name titles the page.
  const role = useQuery({ ...getRoleQueryOptions(merchantID, roleID), enabled: known && roleID !== '' });

  if (!known || isMissing(merchant.error)) return <NotFoundState />;
  if (!merchant.data) {
    return (
      <QueryState
        error={merchant.error}
        loadingLabel="Loading merchant"
        errorTitle="The merchant could not be loaded"
      />
    );
  }

  const base = `/merchants/${merchantID}/settings`;
  const tabs: Array<{ value: SettingsTab; path: string }> = [
    { value: 'general', path: base },
    ...(access.users ? [{ value: 'users' as const, path: `${base}/users` }] : []),
    ...(access.roles ? [{ value: 'roles' as const, path: `${base}/roles` }] : []),
    ...(access.tags ? [{ value: 'tags' as const, path: `${base}/tags` }] : []),
    ...(access.messaging ? [{ value: 'messaging' as const, path: `${base}/messaging` }] : []),
    ...INTEGRATION_TABS.filter((tab) => access[tab]).map((tab) => ({ value: tab, path: `${base}/${tab}` })),
    ...(access.activity ? [{ value: 'activity' as const, path: `${base}/activity` }] : []),
  ];
  const activeTab = findTab(page);
  const rolesCrumb = { label: 'Roles', to: `${base}/roles` };
  const { heading, parents } = describePage(page, role.data?.role_name, rolesCrumb);
  const crumbs = [{ label: 'Settings', to: base }, ...parents];
  const documentTitle = [heading, ...crumbs.map((crumb) => crumb.label).reverse(), merchant.data.name, 'Paydesk'];

  return (
    <Stack gap="lg">
      <title>{documentTitle.join(' · ')}</title>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/merchants" size="sm">
          Merchants
        </Anchor>
        <Anchor component={Link} to={`/merchants/${merchantID}`} size="sm">
          {merchant.data.name}
        </Anchor>
        {crumbs.map((crumb) => (
          <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
            {crumb.label}
          </Anchor>
        ))}
        <Text size="sm" aria-current="page">
          {heading}
        </Text>
      </Breadcrumbs>
      <Title order={1}>{heading}</Title>
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
              {TAB_LABELS[tab.value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

type Crumb = { label: string; to: string };

/** The page's own name (its heading and last breadcrumb) and the crumbs between Settings and it. */
function describePage(
  page: SettingsPage,
  roleName: string | undefined,
  rolesCrumb: Crumb,
): { heading: string; parents: Crumb[] } {
  switch (page.kind) {
    case 'general':
      return { heading: 'General', parents: [] };
    case 'users':
      return { heading: 'Users', parents: [] };
    case 'roles':
      return { heading: 'Roles', parents: [] };
    case 'tags':
      return { heading: 'Tags', parents: [] };
    case 'activity':
      return { heading: 'Activity', parents: [] };
    case 'messaging':
      return { heading: 'Messaging', parents: [] };
    case 'integrations':
    case 'passtime':
    case 'ituran':
      return { heading: TAB_LABELS[page.kind], parents: [] };
    case 'role-create':
      return { heading: 'Create role', parents: [rolesCrumb] };
    case 'role-detail':
      return { heading: roleName ?? 'Role', parents: [rolesCrumb] };
    case 'unknown':
      return { heading: 'Settings', parents: [] };
  }
}
