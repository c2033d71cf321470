import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NavLink,
  Select,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ROUTE_ACCESS } from '@paydesk/domain/access/route-access';
import { formatFullName } from '@paydesk/domain/format/user';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { MerchantLogo } from '../../components/merchant-logo';
import { SkipLink } from '../../components/skip-link';
import { useSession } from '../../lib/session-state';
import { TOAST_ZONE_PX } from '../../lib/notify';
import { findRouteName } from '../guards';
import { buildRoutePath, useNavItems, type VisibleNavItem } from './nav-items';
import { RefusedNotice } from './refused-notice';

const MAIN_ID = 'main-content';

/** Layout of the signed-in screens: header (merchant, user menu), navigation of what the user may open, the page. */
export function AppLayout() {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure();
  const items = useNavItems();
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  const activeItem = findActiveItem(items, useLocation().pathname);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpened}
              onClick={toggleNavbar}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Link to="/" aria-label="Paydesk home" style={{ color: 'inherit', textDecoration: 'none' }}>
              <BrandMark compact={!wide} />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap" miw={0}>
            {wide ? <MerchantSwitcher /> : <CurrentMerchant />}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Main navigation">
        {/* On phones the header has room for the merchant's name only: the picker sits atop the navigation. */}
        {!wide && (
          <Box pb="sm" mb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <MerchantSwitcher />
          </Box>
        )}
        {items
          .filter((item) => item.inNavbar)
          .map((item) => (
            <NavLink
              key={item.route}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} stroke={1.7} />}
              active={item === activeItem}
              aria-current={item === activeItem ? 'page' : undefined}
              onClick={closeNavbar}
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1} style={{ outline: 'none', paddingBottom: TOAST_ZONE_PX }}>
        <RefusedNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The current merchant on a phone's header: its logo and name, without the picker. */
function CurrentMerchant() {
  const { currentMerchant } = useSession();
  if (!currentMerchant) return null;
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <MerchantLogo name={currentMerchant.name} logo={currentMerchant.logo} size={28} />
      <Text fw={600} size="sm" truncate maw={130}>
        {currentMerchant.name}
      </Text>
    </Group>
  );
}

/** The item for the page shown: the one whose path is the longest prefix of it (Home only on `/` itself). */
function findActiveItem(items: readonly VisibleNavItem[], pathname: string): VisibleNavItem | undefined {
  const navbarItems = items.filter((item) => item.inNavbar);
  return navbarItems
    .filter((item) => (item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * The current merchant with its logo; a picker for users of several merchants. Switching on a page of one merchant
 * opens the same page of the other (or Home when the page is about one of the merchant's records).
 */
function MerchantSwitcher() {
  const { profile, currentMerchant, setCurrentMerchant } = useSession();
  const navigate = useNavigate();
  const matches = useMatches();
  if (!profile || !currentMerchant) return null;

  const label = (
    <Group gap="xs" wrap="nowrap">
      <MerchantLogo name={currentMerchant.name} logo={currentMerchant.logo} size={32} />
      {profile.merchants.length === 1 && (
        <Text fw={600} size="sm" truncate maw={220}>
          {currentMerchant.name}
        </Text>
      )}
    </Group>
  );
  if (profile.merchants.length === 1) return label;

  const handleChange = (merchantId: string | null) => {
    if (!merchantId || merchantId === currentMerchant.id) return;
    setCurrentMerchant(merchantId);
    if (matches.at(-1)?.params.merchantID === undefined) return;
    const route = findRouteName(matches);
    navigate((route && buildRoutePath(ROUTE_ACCESS[route].path, merchantId)) ?? '/');
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <MerchantLogo name={currentMerchant.name} logo={currentMerchant.logo} size={32} />
      <Select
        aria-label="Current merchant"
        data={profile.merchants.map((merchant) => ({ value: merchant.id, label: merchant.name }))}
        value={currentMerchant.id}
        onChange={handleChange}
        allowDeselect={false}
        searchable={profile.merchants.length > 7}
        nothingFoundMessage="No merchant found"
        comboboxProps={{ withinPortal: true }}
        w={220}
      />
    </Group>
  );
}

function UserMenu() {
  const { profile, logout } = useSession();
  if (!profile) return null;
  const fullName = formatFullName(profile) || profile.email;
  const initials = fullName
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu of ${fullName}`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="indigo" size={34}>
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" truncate maw={180}>
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {profile.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={ROUTE_ACCESS.Profile.path} leftSection={<IconUserCircle size={16} />}>
          My profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
