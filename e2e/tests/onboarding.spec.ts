import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Onboarding a new merchant: a super user creates it with a payment code from the pool, then fills in its business
// details and owners from the onboarding summary. Demo data: apps/api/src/db/demo/owners.ts and payment-codes.ts.

async function pick(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function addOwner(page: Page, merchantPath: string, first: string, percentage: number, ssn: string) {
  await page.goto(`${merchantPath}/owners/create`);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Founder');
  await page.getByLabel('Ownership percentage').fill(String(percentage));
  await page.getByLabel('Email').fill(`${first.toLowerCase()}@founders.test`);
  await page.getByLabel('Phone').fill('(212) 555-0123');
  // Typed as dates are shown (issue 16 item 21); the field also opens a calendar.
  const dateOfBirth = page.getByRole('textbox', { name: /^Date of birth/ });
  await dateOfBirth.fill('06/15/1979');
  await expect(page.getByRole('button', { name: '15 June 1979' })).toBeVisible();
  await dateOfBirth.press('Escape');
  const ssnInput = page.getByLabel(/^SSN/);
  await expect(ssnInput).toHaveAttribute('type', 'password');
  await ssnInput.fill(ssn);
  await page.getByLabel('Home address').fill('9 Side St');
  await page.getByLabel('City').fill('Albany');
  await pick(page, /^State/, 'New York (NY)');
  await page.getByLabel('Postal code').fill('12207');
  await page.getByRole('button', { name: 'Add owner' }).click();
  await expect(page.getByText(`Owner ${first} Founder added`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${merchantPath}/owners$`));
}

test('a super user creates a merchant with a payment code and onboards it', async ({ page }) => {
  const name = `Onboard Motors ${Date.now()}`;
  await signIn(page, 'super@demo.test', '/merchants/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: /^Payment code/ }).click();
  const firstCode = page.getByRole('option').first();
  const code = (await firstCode.textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{12}$/);
  await firstCode.click();
  await page.getByRole('button', { name: 'Create merchant' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(code);
  const merchantPath = new URL(page.url()).pathname;

  await page.getByRole('main').getByRole('link', { name: 'Onboarding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
  await expect(page.getByTestId('onboarding-state')).toHaveText('4 steps left');
  await expect(page.getByTestId('check-owners')).toContainText('No owners yet; they must total 100%');

  // Business details, on the summary page.
  await page.getByLabel('Legal name').fill(`${name} LLC`);
  await page.getByLabel(/^EIN/).fill('121234567');
  await pick(page, /^Business type/, 'Limited liability company (LLC)');
  await page.getByLabel('Business address').fill('5 Elm St');
  await page.getByLabel('City').fill('Albany');
  await pick(page, /^State/, 'New York (NY)');
  await page.getByLabel('Postal code').fill('12207');
  await page.getByLabel('Business phone').fill('(518) 555-0199');
  await page.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Business details saved')).toBeVisible();
  await expect(page.getByTestId('check-business_details')).toContainText('Complete');
  await expect(page.getByTestId('onboarding-state')).toHaveText('3 steps left');
  await expect(page.getByLabel(/^EIN/)).toHaveAccessibleDescription(/•••• 4567/);

  // Owners: 50% is not yet enough, 50% + 50% is.
  await page.getByTestId('check-owners').getByRole('link', { name: 'Manage owners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Owners' })).toBeVisible();
  await addOwner(page, merchantPath, 'Ada', 50, '123456789');
  await expect(page.getByRole('main')).toContainText('50% of the business');
  await page.goto(`/onboarding${merchantPath.replace('/merchants', '')}/summary`);
  await expect(page.getByTestId('check-owners')).toContainText('Owners total 50%; they must total 100%');
  await expect(page.getByTestId('onboarding-state')).toHaveText('3 steps left');

  await addOwner(page, merchantPath, 'Bea', 50, '987654321');
  const row = page.getByRole('row').filter({ hasText: 'Bea Founder' });
  await expect(row).toContainText('50%');
  await expect(row).toContainText('•••• 4321');
  await expect(page.getByRole('main')).not.toContainText('987654321');

  await page.goto(`/onboarding${merchantPath.replace('/merchants', '')}/summary`);
  await expect(page.getByTestId('check-owners')).toContainText('Complete');
  await expect(page.getByTestId('check-owners')).toContainText('2 owner(s) total 100%');
  await expect(page.getByTestId('onboarding-state')).toHaveText('2 steps left');

  // A location and an active merchant account under it complete the summary. Opening the merchant makes it the
  // current one, where /locations/create adds the location.
  await page.goto(merchantPath);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto(`${merchantPath}/locations`);
  await page.getByRole('link', { name: 'Create location' }).click();
  await page.getByLabel('Name').fill('Capitol');
  await page.getByLabel('Address line 1').fill('5 Elm St');
  await page.getByLabel('City').fill('Albany');
  await pick(page, /^State/, 'New York (NY)');
  await page.getByLabel('Postal code').fill('12207');
  await pick(page, /^Time zone/, 'Eastern Time (New York)');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('Location Capitol created')).toBeVisible();
  await page.goto(`/onboarding${merchantPath.replace('/merchants', '')}/summary`);
  await expect(page.getByTestId('onboarding-state')).toHaveText('1 step left');

  await page.goto(`${merchantPath}/locations/merchant-accounts`);
  await page.getByRole('link', { name: 'Create merchant account' }).click();
  // The list has a Location picker too: wait for the create screen before picking.
  await expect(page.getByRole('heading', { level: 1, name: 'Create merchant account' })).toBeVisible();
  await pick(page, /^Location/, 'Capitol');
  await page.getByLabel('Name').fill('Capitol cards');
  await page.getByLabel('Processor merchant ID (MID)').fill('SBX-ONBOARD-1');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Rate').fill('2.95');
  await page.getByRole('button', { name: 'Create merchant account' }).click();
  await expect(page.getByText('Merchant account Capitol cards created')).toBeVisible();
  await page.goto(`/onboarding${merchantPath.replace('/merchants', '')}/summary`);
  await expect(page.getByTestId('check-merchant_accounts')).toContainText('Complete');
  await expect(page.getByTestId('onboarding-state')).toHaveText('Ready to go live');

  // The code left the pool.
  await page.goto('/merchants/create');
  await page.getByRole('combobox', { name: /^Payment code/ }).click();
  await expect(page.getByRole('option', { name: code })).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the onboarding screens pass axe at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin@demo.test', '/merchants');
    await page.getByRole('main').getByRole('link', { name: 'Demo Motors', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Motors' })).toBeVisible();
    const merchantPath = new URL(page.url()).pathname;
    const merchantID = merchantPath.split('/').pop() ?? '';
    const screens = [`/onboarding/${merchantID}/summary`, `${merchantPath}/owners`, `${merchantPath}/owners/create`];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      await page.waitForTimeout(250);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' '))}`);
      expect(blocking).toEqual([]);
    }
    // An owner's page, from the list.
    await page.goto(`${merchantPath}/owners`);
    await page.getByRole('link', { name: 'Dana Driver' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dana Driver' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
  });
}
