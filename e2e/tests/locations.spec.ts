import { expect, test } from '@playwright/test';
import { choose, expectNoSeriousViolations, openMerchant, signIn } from '../support/journeys';

// Locations and merchant accounts on the seeded demo data (apps/api/src/db/demo/locations.ts): an admin creates a
// location and a merchant account under it; staff only read; every screen passes axe at desktop and phone widths.

test('an admin creates a location, then a merchant account under it, and finds it by location', async ({ page }) => {
  const locationName = `Harbor ${Date.now()}`;
  const accountName = `${locationName} cards`;
  await signIn(page, 'admin@demo.test');
  const merchantPath = await openMerchant(page, 'Demo Motors');

  await page.goto(`${merchantPath}/locations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Main St', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Create location' }).click();
  await expect(page).toHaveURL(/\/locations\/create\?merchant=[0-9a-f-]{36}$/);

  await page.getByLabel('Name').fill(locationName);
  await page.getByLabel('Address line 1').fill('1 Harbor Way');
  await page.getByLabel('City').fill('New Haven');
  await choose(page, /^State/, 'Connecticut (CT)');
  await page.getByLabel('Postal code').fill('06510');
  await page.getByLabel('Phone').fill('(203) 555-0100');
  await choose(page, /^Time zone/, 'Eastern Time (New York)');
  await page.getByRole('button', { name: 'Create location' }).click();

  await expect(page.getByText(`Location ${locationName} created`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/locations$`));
  const row = page.getByRole('row').filter({ hasText: locationName });
  await expect(row).toContainText('New Haven, CT');
  await expect(row).toContainText('(203) 555-0100');

  await page.goto(`${merchantPath}/locations/merchant-accounts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant accounts' })).toBeVisible();
  await page.getByRole('link', { name: 'Create merchant account' }).click();
  // The list has a Location picker too: wait for the create screen before picking.
  await expect(page.getByRole('heading', { level: 1, name: 'Create merchant account' })).toBeVisible();
  await choose(page, /^Location/, locationName);
  await page.getByLabel('Name').fill(accountName);
  await page.getByLabel('Processor merchant ID (MID)').fill('SBX-E2E-1');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Rate').fill('2.95');
  await page.getByLabel('Per transaction').fill('0.30');
  await page.getByRole('button', { name: 'Create merchant account' }).click();

  await expect(page.getByText(`Merchant account ${accountName} created`)).toBeVisible();
  // The list opens filtered by the account's location, with the picker showing it.
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/locations/[0-9a-f-]{36}/merchant-accounts$`));
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(locationName);
  await expect(page.getByText('1 merchant account', { exact: true })).toBeVisible();
  const accountRow = page.getByRole('row').filter({ hasText: accountName });
  await expect(accountRow).toContainText('2.95% + $0.30');
  await expect(accountRow).toContainText('•••• 6789');
  await expect(page.getByRole('row').filter({ hasText: 'Main St cards' })).toHaveCount(0);

  // Another location in the picker shows that location's accounts instead.
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Main St', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Main St cards' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: accountName })).toHaveCount(0);
});

test('staff see the locations without a create button, and a location read-only', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  const merchantPath = await openMerchant(page, 'Demo Motors');
  await page.goto(`${merchantPath}/locations`);
  await expect(page.getByRole('link', { name: 'Main St', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create location' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Main St', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Main St' })).toBeVisible();
  await expect(page.getByLabel('Name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete location' })).toHaveCount(0);

  await page.goto(`${merchantPath}/locations/merchant-accounts`);
  await expect(page.getByRole('row').filter({ hasText: 'Main St cards' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create merchant account' })).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the locations and merchant accounts screens pass axe at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin@demo.test');
    const merchantPath = await openMerchant(page, 'Demo Motors');

    await page.goto(`${merchantPath}/locations`);
    await expect(page.getByText('Airport Rd', { exact: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'location list');
    await page.getByRole('link', { name: 'Airport Rd', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Airport Rd' })).toBeVisible();
    await expectNoSeriousViolations(page, 'location detail');
    await page.goto('/locations/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create location' })).toBeVisible();
    await expectNoSeriousViolations(page, 'location create');

    await page.goto(`${merchantPath}/locations/merchant-accounts`);
    await expect(page.getByText('Airport Rd ACH', { exact: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page, 'merchant account list');
    await page.getByRole('link', { name: 'Airport Rd ACH', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Airport Rd ACH' })).toBeVisible();
    await expectNoSeriousViolations(page, 'merchant account detail');
    await page.goto(`${merchantPath}/locations/merchant-accounts/create`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create merchant account' })).toBeVisible();
    await expectNoSeriousViolations(page, 'merchant account create');
  });
}
