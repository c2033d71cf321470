import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, PASSWORD, signIn } from '../support/journeys';

// Integrations on the seeded demo data (apps/api/src/db/demo/integrations.ts): FreshBooks connected through the
// embedded sandbox's authorization page (also from another of the app's addresses), PassTime credentials checked by
// the sandbox, a starter command from a customer's account that fails, and Failed actions' Retry and Resolve.

async function openSettings(page: Page, merchantName: string): Promise<string> {
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: merchantName })).toBeVisible();
  const merchantPath = new URL(page.url()).pathname;
  await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
  return merchantPath;
}

test('a super user connects FreshBooks through the sandbox', async ({ page }) => {
  await signIn(page, 'super@demo.test', '/merchants');
  const merchantPath = await openSettings(page, 'Demo Motors');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PassTime' })).toBeVisible();
  await expectNoSeriousViolations(page, 'integrations');

  await page.getByRole('button', { name: 'Connect FreshBooks' }).click();
  await expect(page).toHaveURL(/\/sandbox\/freshbooks\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Allow Paydesk to access Demo Business?' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sandbox authorization page');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/freshbooks\/auth\/[\w-]+\?state=/);
  await expect(page.getByText('FreshBooks connected')).toBeVisible();
  await expect(page.getByText('Demo Business')).toBeVisible();
  await expectNoSeriousViolations(page, 'freshbooks auth');
  await page.getByRole('link', { name: 'Back to Integrations' }).click();

  await expect(page).toHaveURL(new RegExp(`${merchantPath}/settings/integrations$`));
  await expect(page.getByRole('button', { name: 'Disconnect FreshBooks' })).toBeVisible();
  await expect(page.getByText('Demo Business')).toBeVisible();

  // Back in the app, the screen shows what happened without asking again; loaded afresh, the same address is
  // refused (its state was used up), and the screen explains and offers the way back.
  await page.goBack();
  await expect(page.getByText('FreshBooks connected')).toBeVisible();
  await page.reload();
  await expect(page.getByText('FreshBooks could not be connected')).toBeVisible();
  await expect(
    page.getByText('This connect link has expired or was already used. Start connecting again.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again from Integrations' })).toBeVisible();
});

test('an admin saves PassTime credentials: a refused login is shown, the sandbox login saves', async ({ page }) => {
  await signIn(page, 'admin@demo.test', '/merchants');
  const merchantPath = await openSettings(page, 'Demo Motors');
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'PassTime' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PassTime' })).toBeVisible();
  await expect(page.getByLabel('Dealer ID')).toHaveValue('DM-1001');
  await expect(page.getByText('A password is saved. Leave empty to keep it.')).toBeVisible();

  // A wrong password is refused by PassTime: on the fields, and the connection shows its error state.
  await page.getByRole('textbox', { name: 'Password' }).fill('a-wrong-Secret');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  const refusal = 'PassTime refused the credentials: check the user name and password.';
  await expect(page.getByText(refusal)).toHaveCount(2);
  await expect(page.getByText('PassTime refused the login just tried; the saved one is unchanged.')).toBeVisible();
  await expect(page.getByText('Error', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('PassTime credentials saved')).toHaveCount(0);
  // No axe scan in this error state here: field errors' red text fails contrast on every form (issue 16 item 14).

  // The sandbox's documented login (README) saves, and the test passes.
  await page.getByLabel('Username').fill('demo.motors');
  await page.getByRole('textbox', { name: 'Password' }).fill('sandbox-pass');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByText('PassTime credentials saved')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connected to PassTime account DM-1001.')).toBeVisible();
  // The saved toast gone first: axe reads the page, not a passing notification.
  await expect(page.getByText('PassTime credentials saved')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'passtime');

  // Commands are no longer typed in here: the failed ones are listed, with the way to Failed actions.
  await expect(page.getByLabel('Device ID')).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'PT-4410' })).toBeVisible();
  await page.getByRole('link', { name: 'Retry or resolve them on Failed actions' }).click();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/failed-actions$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Failed actions' })).toBeVisible();
});

test('an admin disables a starter from the account, retries the failed command and resolves another', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', '/merchants');
  const merchantPath = await openSettings(page, 'Demo Motors');
  await page.goto(`${merchantPath}/customers?search=DM-1002`);
  const rows = page.getByRole('main').getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('link').first().click();
  const account = page.getByRole('region', { name: 'Account DM-1002' });
  await expect(account.getByText('PassTime PT-2238')).toBeVisible();

  // Disabling the starter asks first, naming the customer, the account and the device.
  await account.getByRole('button', { name: 'Disable starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable starter?' });
  await expect(dialog).toContainText('account DM-1002, device PassTime PT-2238?');
  await expect(dialog).toContainText('The vehicle will not start until the starter is enabled.');
  await expectNoSeriousViolations(page, 'disable starter confirmation');
  await dialog.getByRole('button', { name: 'Disable starter' }).click();

  // The sandbox's device ending in 8 is offline the first time: the command becomes a failed action.
  await expect(account.getByText('Disable starter: command failed')).toBeVisible();
  await expect(account.getByText('Device PT-2238 is offline.')).toBeVisible();
  await account.getByRole('link', { name: 'Open failed actions' }).click();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/failed-actions$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Failed actions' })).toBeVisible();
  await expectNoSeriousViolations(page, 'failed actions');

  const table = page.getByRole('main').getByRole('table');
  const retried = table.getByRole('row').filter({ hasText: 'PT-2238' });
  await expect(retried.getByRole('link', { name: 'DM-1002' })).toBeVisible();
  await retried.getByRole('button', { name: 'Retry Disable starter on PT-2238' }).click();
  await expect(page.getByText('Succesfully Retried and Resolved Action')).toBeVisible();
  await expect(retried).toContainText('Resolved');
  await expect(retried.getByRole('button')).toHaveCount(0);

  const seeded = table.getByRole('row').filter({ hasText: 'PT-4410' });
  await seeded.getByRole('button', { name: 'Resolve Disable starter on PT-4410' }).click();
  await expect(page.getByText('Marked Action as Resolved')).toBeVisible();
  await expect(seeded).toContainText('Resolved');
  await expect(page.getByText('Marked Action as Resolved')).toHaveCount(0);
  await expect(page.getByText('Succesfully Retried and Resolved Action')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'failed actions resolved');
});

test('staff see no Failed actions in the navigation; admins do', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Failed actions' })).toHaveCount(0);
});

test('the PassTime and Failed actions pages at 390 px: every part reachable, no serious axe violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test', '/merchants');
  const merchantPath = await openSettings(page, 'Demo Motors');
  for (const [path, heading, text] of [
    ['settings/passtime', 'PassTime', 'PT-4410'],
    ['failed-actions', 'Failed actions', 'PT-4410'],
  ] as const) {
    await page.goto(`${merchantPath}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expectNoSeriousViolations(page, `${heading} (phone)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test('connecting FreshBooks from another of the app’s addresses comes back there, still signed in', async ({
  page,
  baseURL,
}) => {
  // The journeys' server also answers on localhost (APP_ORIGINS): start there instead of at PUBLIC_URL.
  const localhost = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  await page.goto(`${localhost}/login?next=${encodeURIComponent('/merchants')}`);
  await page.getByLabel('Email').fill('super@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${localhost}/merchants`);
  await openSettings(page, 'Custom Roles Auto');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await page.getByRole('button', { name: 'Connect FreshBooks' }).click();
  await expect(page).toHaveURL(new RegExp(`^${localhost}/sandbox/freshbooks/authorize\\?`));
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(new RegExp(`^${localhost}/freshbooks/auth/[\\w-]+\\?state=`));
  await expect(page.getByText('FreshBooks connected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
});
