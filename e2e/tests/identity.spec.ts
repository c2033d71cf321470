import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD } from '../support/journeys';

// Identity journeys (issue #3) against the built app on a fresh embedded database with the demo users of the seed.
// agent@demo.test is reserved for the password reset journey, which changes its password.

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function openAndLogIn(page: Page, email: string) {
  await page.goto('/login');
  await logIn(page, email);
}

async function obtainAccessToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

async function findMerchantId(request: APIRequestContext, access: string, name: string): Promise<string> {
  const response = await request.get('/api/merchants/', {
    params: { search: name },
    headers: { Authorization: `Bearer ${access}` },
  });
  const page = (await response.json()) as { results: Array<{ id: string; name: string }> };
  const merchant = page.results.find((item) => item.name === name);
  if (!merchant) throw new Error(`merchant ${name} not found`);
  return merchant.id;
}

test('signing in lands on Home with the current merchant and the user menu', async ({ page }) => {
  await openAndLogIn(page, 'staff@demo.test');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Demo Motors');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Merchants' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu of Stacy Staff' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
});

test('a deep link opened signed out goes to Login with next, then lands there after sign-in', async ({ page }) => {
  await page.goto('/merchants?tab=all');

  await expect(page).toHaveURL(/\/login\?next=%2Fmerchants%3Ftab%3Dall$/);
  await logIn(page, 'admin@demo.test');

  await expect(page).toHaveURL(/\/merchants\?tab=all$/);
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
});

test('wrong credentials are listed on the login screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);

  await logIn(page, 'staff@demo.test', 'Not-the-password1!');

  await expect(page.getByRole('alert')).toContainText('No user found with matching credentials.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user without roles lands on the unauthorized page and can log out', async ({ page }) => {
  await openAndLogIn(page, 'noroles@demo.test');

  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: "You don't have access yet" })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user of a legacy-app organisation lands on the legacy transaction report', async ({ page }) => {
  await openAndLogIn(page, 'legacy@demo.test');

  // Login sends them to the transaction search, and guard 4 on to the legacy report (SPEC §2).
  await expect(page).toHaveURL(/\/transaction-report-legacy$/);
});

test('a signed-in user who opens login is sent Home', async ({ page }) => {
  await openAndLogIn(page, 'staff@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();

  await page.goto('/login');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
});

test('idle: the warning at 840 s counts down, "I\'m still here" keeps the session, 900 s idle ends it', async ({
  page,
}) => {
  await page.clock.install();
  await openAndLogIn(page, 'staff@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();

  await page.clock.fastForward(830_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.clock.fastForward(10_000);
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  const countdown = dialog.getByTestId('inactivity-countdown');
  const first = Number(await countdown.textContent());
  expect(first).toBeGreaterThan(50);
  expect(first).toBeLessThanOrEqual(60);

  await page.clock.runFor(10_000);
  await expect(countdown).toHaveText(String(first - 10));

  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/token/refresh/'));
  await dialog.getByRole('button', { name: "I'm still here" }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  // Still signed in: the app keeps working after the warning.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Merchants' }).click();
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();

  const blacklisted = page.waitForResponse((response) => response.url().endsWith('/api/token/blacklist/'));
  await page.clock.fastForward(900_000);
  // Login with next (the page the user was on) and a notice saying why (issue 7 item 18).
  await expect(page).toHaveURL(/\/login\?next=%2Fmerchants$/);
  await expect(page.getByRole('status')).toContainText('logged out after 15 minutes of inactivity');
  expect((await blacklisted).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Merchant login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('paydesk.session.tokens'))).toBeNull();
});

test('the 404 page offers Login when signed out and the dashboard when signed in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

  await openAndLogIn(page, 'staff@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
});

test('staff are sent Home from the roles settings with the reason, and the API refuses them the roles', async ({
  page,
  request,
}) => {
  const access = await obtainAccessToken(request, 'staff@demo.test');
  const demoMotorsId = await findMerchantId(request, access, 'Demo Motors');

  const roles = await request.get(`/api/merchants/${demoMotorsId}/roles/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(roles.status()).toBe(403);

  await openAndLogIn(page, 'staff@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
  await page.goto(`/merchants/${demoMotorsId}/settings/roles`);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Stacy' })).toBeVisible();
  // Not a silent redirect (issue 16 item 22): Home says why.
  const notice = page.getByRole('alert').filter({ hasText: 'You don’t have access to that page' });
  await expect(notice).toContainText(`Your role does not allow opening /merchants/${demoMotorsId}/settings/roles.`);
  await expectNoSeriousViolations(page, 'home with the refused notice');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // Owners and onboarding are not offered to staff, and saying why when opened by address.
  await expect(page.getByRole('link', { name: 'Owners' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Onboarding' })).toHaveCount(0);
  await page.goto(`/merchants/${demoMotorsId}/owners/create`);
  await expect(page.getByRole('alert').filter({ hasText: 'You don’t have access to that page' })).toBeVisible();
});

test('password reset through the emailed link', async ({ page, request }) => {
  const email = 'agent@demo.test';
  const newPassword = 'Collect!2027';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Trouble logging in?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The email goes out through a job: wait for it in the local outbox (super users read it).
  const superAccess = await obtainAccessToken(request, 'super@demo.test');
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox/', {
          params: { recipient: email },
          headers: { Authorization: `Bearer ${superAccess}` },
        });
        const { results } = (await response.json()) as { results: Array<{ subject: string | null; body: string }> };
        const message = results.find((item) => item.subject?.includes('Reset'));
        link = /https?:\/\/\S+\/reset-password\/\S+/.exec(message?.body ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('other');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Log in with your new password.')).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
});

test('a super user opens the Outbox and follows a reset link from it', async ({ page, request }) => {
  const email = 'staff@demo.test';
  expect((await request.post('/api/password-reset/', { data: { email } })).status()).toBe(200);

  await openAndLogIn(page, 'super@demo.test');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();

  // The job sends the email shortly after the request: refresh until it shows.
  const message = page.getByRole('article', { name: 'Reset your Paydesk password' }).filter({ hasText: email }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await message.getByRole('link', { name: /\/reset-password\// }).click();
  await expect(page).toHaveURL(/\/reset-password\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
});
