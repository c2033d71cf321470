import { expect, test } from '@playwright/test';
import { choose, openMerchant, signIn } from '../support/journeys';

// Messaging settings (issue 21): an administrator narrows the sending window and turns the opt-out line off; both
// are still so after a reload. Integrated Auto, so the journeys texting Demo Motors' customers keep the defaults.

test('an admin sets a sending window and turns the opt-out line off', async ({ page }) => {
  await signIn(page, 'admin@demo.test', '/merchants');
  const merchantPath = await openMerchant(page, 'Integrated Auto');
  await page.goto(`${merchantPath}/settings/messaging`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messaging' })).toBeVisible();
  await expect(page.getByTestId('help-preview')).toContainText('Integrated Auto: account and payment messages.');

  await page.getByRole('switch', { name: 'Use a narrower window' }).check();
  await choose(page, /Send from/, '9:00 AM');
  await choose(page, /Until/, '6:00 PM');
  await page.getByRole('switch', { name: /Reply STOP to opt out/ }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Messaging settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: /Send from/ })).toHaveValue('9:00 AM');
  await expect(page.getByRole('combobox', { name: /Until/ })).toHaveValue('6:00 PM');
  await expect(page.getByRole('switch', { name: /Reply STOP to opt out/ })).not.toBeChecked();
});
