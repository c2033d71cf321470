import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// Integrations on the seeded demo data (apps/api/src/db/demo/integrations.ts): FreshBooks connected through the
// embedded sandbox's authorization page, PassTime credentials, a connection test and a device command that fails.

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

test('an admin saves PassTime credentials, tests them and sees a failed device command', async ({ page }) => {
  await signIn(page, 'admin@demo.test', '/merchants');
  await openSettings(page, 'Demo Motors');
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'PassTime' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PassTime' })).toBeVisible();
  await expect(page.getByLabel('Dealer ID')).toHaveValue('DM-1001');
  await expect(page.getByText('A password is saved. Leave empty to keep it.')).toBeVisible();

  await page.getByLabel('Username').fill('demo.motors.ops');
  await page.getByRole('textbox', { name: 'Password' }).fill('a-new-Secret');
  await page.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByText('PassTime credentials saved')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connection works')).toBeVisible();
  await expect(page.getByText('Connected to PassTime account DM-1001.')).toBeVisible();

  await page.getByLabel('Device ID').fill('PT-20250');
  await page.getByLabel('Action').selectOption('starter_disable');
  await page.getByRole('button', { name: 'Send command' }).click();
  await expect(page.getByText('Command failed')).toBeVisible();
  await expect(page.getByText('Recorded as a failed action that can be retried.')).toBeVisible();

  const failedActions = page.getByRole('table');
  const row = failedActions.getByRole('row').filter({ hasText: 'PT-20250' });
  await expect(row).toContainText('Disable starter');
  await expect(row).toContainText('Device PT-20250 is offline.');
  await expect(row).toContainText('Resolvable');
  await expect(failedActions.getByRole('row').filter({ hasText: 'PT-4410' })).toBeVisible();
  // The saved toast gone first: axe reads the page, not a passing notification.
  await expect(page.getByText('PassTime credentials saved')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'passtime');
});

test('the PassTime page at 390 px: every part reachable, no serious axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test', '/merchants');
  const merchantPath = await openSettings(page, 'Demo Motors');
  await page.goto(`${merchantPath}/settings/passtime`);
  await expect(page.getByRole('heading', { level: 1, name: 'PassTime' })).toBeVisible();
  await expect(page.getByText('PT-4410').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'passtime (phone)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
