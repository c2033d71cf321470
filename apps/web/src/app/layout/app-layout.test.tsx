import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MERCHANTS,
  PROFILES,
  mockIdentityApi,
  readLocation,
  renderApp,
  storeSession,
  type ProfileName,
} from '../../../test/identity';
import { buildMerchant, buildProfile } from '../../../test/profile-fixtures';
import { server } from '../../../test/server';
import { SESSION_STORAGE_KEYS } from '../../features/auth/session/session-storage';
import { buildRoutePath, findVisibleNavItems, REGISTERED_ROUTES } from './nav-items';

async function openHome(as: ProfileName, path = '/') {
  const calls = mockIdentityApi(PROFILES[as]);
  storeSession(PROFILES[as]);
  const view = renderApp({ initialEntries: [path] });
  await screen.findByRole('heading', { name: `Welcome, ${PROFILES[as].first_name}` });
  return { ...view, calls };
}

function navLinks(): string[] {
  return within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

function homeCards(): string[] {
  return screen.queryAllByRole('link').flatMap((link) => {
    const label = link.getAttribute('aria-label');
    return label && link.closest('nav') === null && label !== 'Paydesk home' ? [label] : [];
  });
}

describe('app shell', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('shows only the screens that exist and that the user may open', async () => {
    await openHome('staff');

    expect(navLinks()).toEqual([
      'Home',
      'Transactions',
      'Merchants',
      'Customers',
      'Inbox',
      'Templates',
      'Locations',
      'Merchant accounts',
      'Settings',
    ]);
    // Staff may open the users page only with the flag (not on this merchant), roles never; owners and onboarding
    // are for administrators.
    expect(homeCards()).toEqual([
      'Failed payments',
      'Customer replies',
      'Missed messages',
      'Transactions',
      'ACH returns',
      'Promises',
      'Merchants',
      'Customers',
      'Move payment',
      'Down payment',
      'Inbox',
      'Templates',
      'Locations',
      'Merchant accounts',
      'Settings',
    ]);
  });

  it('offers an admin the settings pages an admin may open', async () => {
    await openHome('admin');

    expect(homeCards()).toEqual([
      'Failed payments',
      'Customer replies',
      'Missed messages',
      'Transactions',
      'ACH returns',
      'Promises',
      'Merchants',
      'Customers',
      'Move payment',
      'Down payment',
      'Inbox',
      'Templates',
      'Locations',
      'Merchant accounts',
      'Onboarding',
      'Owners',
      'Settings',
      'Users',
      'Roles',
      'Tags',
      'Activity',
      'Messaging',
      'Failed actions',
    ]);
  });

  it('links only to registered screens: nothing of later issues', () => {
    const items = findVisibleNavItems(
      {
        signedIn: true,
        loggedOut: false,
        profile: PROFILES.super,
        currentMerchant: PROFILES.super.merchants[0] ?? null,
        claims: PROFILES.super.access,
      },
      REGISTERED_ROUTES,
    );
    for (const item of items) expect(REGISTERED_ROUTES.has(item.route)).toBe(true);
    expect(items.map((item) => item.to)).toContain(`/merchants/${MERCHANTS.demoMotors.id}/settings`);
  });

  it('links a legacy-app organisation’s transactions item to the legacy report (guard 4)', () => {
    const items = findVisibleNavItems(
      {
        signedIn: true,
        loggedOut: false,
        profile: PROFILES.legacy,
        currentMerchant: PROFILES.legacy.merchants[0] ?? null,
        claims: PROFILES.legacy.access,
      },
      REGISTERED_ROUTES,
    );
    expect(items.find((item) => item.route === 'TransactionSearch')?.to).toBe('/transaction-report-legacy');
  });

  it('offers Templates to a custom role only with is_template_update_allowed (SPEC §6)', () => {
    const templatesFor = (accessRoles: string[]) => {
      const profile = buildProfile({ accessRoles, merchant: buildMerchant({ check_custom_roles: true }) });
      const items = findVisibleNavItems(
        {
          signedIn: true,
          loggedOut: false,
          profile,
          currentMerchant: profile.merchants[0] ?? null,
          claims: profile.access,
        },
        REGISTERED_ROUTES,
      );
      return items.find((item) => item.route === 'MessageTemplateList');
    };
    // A custom role holds staff plus its flags.
    expect(templatesFor(['staff', 'is_note_update_allowed'])).toBeUndefined();
    expect(templatesFor(['staff', 'is_template_update_allowed'])?.to).toBe('/merchants/m-1/message-templates');
    expect(templatesFor(['admin'])?.label).toBe('Templates');
  });

  it('fills in the merchant of a route path', () => {
    expect(buildRoutePath('/merchants/:merchantID/settings/users', 'm-1')).toBe('/merchants/m-1/settings/users');
    expect(buildRoutePath('/merchants/:merchantID?/customers', 'm-1')).toBe('/merchants/m-1/customers');
    expect(buildRoutePath('/merchants/:merchantID?/customers', undefined)).toBe('/merchants/customers');
    expect(buildRoutePath('/merchants/:merchantID/settings', undefined)).toBeNull();
    expect(buildRoutePath('/merchants/:merchantID/settings/roles/:roleID', 'm-1')).toBeNull();
    expect(buildRoutePath('/', 'm-1')).toBe('/');
  });

  it('shows the current merchant with the default logo when it has none, and the user menu', async () => {
    await openHome('staff');

    const card = screen.getByRole('region', { name: 'Current merchant' });
    expect(within(card).getByText('Demo Motors')).toBeInTheDocument();
    expect(within(card).getByText('Staff')).toBeInTheDocument();
    expect(within(card).getByLabelText('Demo Motors logo')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Current merchant' })).not.toBeInTheDocument();

    await setupUser().click(screen.getByRole('button', { name: 'User menu of Stacy Staff' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the merchant's own logo when it has one", async () => {
    const profile = {
      ...PROFILES.staff,
      merchants: PROFILES.staff.merchants.map((item) => ({ ...item, logo: 'https://cdn.example/logo.png' })),
    };
    mockIdentityApi(profile);
    server.use(
      http.get('/api/profile/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [profile] })),
    );
    storeSession(profile);
    renderApp({ initialEntries: ['/'] });

    const card = await screen.findByRole('region', { name: 'Current merchant' });
    expect(within(card).getByRole('img', { name: 'Demo Motors logo' })).toHaveAttribute(
      'src',
      'https://cdn.example/logo.png',
    );
  });

  it('switches the merchant of a user of several, and keeps it across reloads', async () => {
    const { unmount } = await openHome('admin');

    await setupUser().click(screen.getByRole('combobox', { name: 'Current merchant' }));
    await setupUser().click(await screen.findByRole('option', { name: 'Integrated Auto' }));

    const card = screen.getByRole('region', { name: 'Current merchant' });
    await waitFor(() => expect(within(card).getByText('Integrated Auto')).toBeInTheDocument());
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.currentMerchantId)).toBe(MERCHANTS.integratedAuto.id);
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/merchants/${MERCHANTS.integratedAuto.id}/settings`,
    );

    unmount();
    mockIdentityApi(PROFILES.admin);
    renderApp({ initialEntries: ['/'] });
    const reloaded = await screen.findByRole('region', { name: 'Current merchant' });
    expect(within(reloaded).getByText('Integrated Auto')).toBeInTheDocument();
  });
});

describe('shell: the last merchant used', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('remembers a switch on the server, so a session after a logout starts on that merchant', async () => {
    const { unmount, calls } = await openHome('admin');
    await setupUser().click(screen.getByRole('combobox', { name: 'Current merchant' }));
    await setupUser().click(await screen.findByRole('option', { name: 'Integrated Auto' }));
    await waitFor(() => expect(calls.lastMerchant).toEqual([MERCHANTS.integratedAuto.id]));

    // What a logout leaves: no merchant remembered in this browser.
    unmount();
    localStorage.removeItem(SESSION_STORAGE_KEYS.currentMerchantId);
    renderApp({ initialEntries: ['/'] });
    const card = await screen.findByRole('region', { name: 'Current merchant' });
    expect(within(card).getByText('Integrated Auto')).toBeInTheDocument();
    expect(calls.lastMerchant).toEqual([MERCHANTS.integratedAuto.id]);
  });

  it('starts on the first merchant when the last one is not among the user’s merchants any more', async () => {
    const profile = { ...PROFILES.admin, last_merchant_id: MERCHANTS.legacyMotors.id };
    mockIdentityApi(profile);
    storeSession(profile);
    renderApp({ initialEntries: ['/'] });
    const card = await screen.findByRole('region', { name: 'Current merchant' });
    expect(within(card).getByText(PROFILES.admin.merchants[0]!.name)).toBeInTheDocument();
  });

  it('remembers the merchant of a page opened from a link', async () => {
    const calls = mockIdentityApi(PROFILES.admin);
    storeSession(PROFILES.admin);
    renderApp({ initialEntries: [`/merchants/${MERCHANTS.customRolesAuto.id}/customers`] });
    await waitFor(() => expect(calls.lastMerchant).toEqual([MERCHANTS.customRolesAuto.id]));
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.currentMerchantId)).toBe(MERCHANTS.customRolesAuto.id);
  });
});

describe('shell: not found, skip link, phones', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it.each(['/no/such/page', `/merchants/${MERCHANTS.demoMotors.id}/no-such-screen`])(
    'shows Page Not Found for %s inside the shell, navigation included, when signed in',
    async (path) => {
      mockIdentityApi(PROFILES.staff);
      storeSession(PROFILES.staff);
      renderApp({ initialEntries: [path] });

      expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'User menu of Stacy Staff' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    },
  );

  it("shows one clean Page Not Found in the shell for another merchant's settings", async () => {
    mockIdentityApi(PROFILES.admin);
    storeSession(PROFILES.admin);
    renderApp({ initialEntries: [`/merchants/${MERCHANTS.legacyMotors.id}/settings/users`] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByText('Merchant')).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('offers "Skip to main content" as the first stop of the Tab key, and it moves focus to the page', async () => {
    const user = setupUser();
    await openHome('staff');

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();

    await user.click(skipLink);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("shows the current merchant's name in the header on a phone", async () => {
    // The test environment matches no media query: the shell is at phone width.
    await openHome('admin');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Demo Motors')).toBeInTheDocument();
    expect(within(header).getByLabelText('Demo Motors logo')).toBeInTheDocument();
  });
});

describe('/unauthorized', () => {
  beforeEach(() => localStorage.clear());

  it('explains that the user has no access and logs out', async () => {
    const calls = mockIdentityApi(PROFILES.noroles);
    storeSession(PROFILES.noroles);
    const { router } = renderApp({ initialEntries: ['/unauthorized'] });

    expect(await screen.findByRole('heading', { name: "You don't have access yet" })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(readLocation(router)).toBe('/login'));
    expect(calls.blacklist).toHaveLength(1);
  });
});

describe('users without roles in the app', () => {
  beforeEach(() => localStorage.clear());

  it.each(['/', '/merchants', '/no/such/page'])('sends them from %s to the unauthorized page only', async (path) => {
    mockIdentityApi(PROFILES.noroles);
    storeSession(PROFILES.noroles);
    const { router } = renderApp({ initialEntries: [path] });

    expect(await screen.findByRole('heading', { name: "You don't have access yet" })).toBeInTheDocument();
    expect(readLocation(router)).toBe('/unauthorized');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
