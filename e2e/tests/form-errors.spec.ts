import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, openMerchant, signIn } from '../support/journeys';

// Issue 16 item 14: every create form's validation messages read at 4.5:1 (axe color-contrast on the error state);
// item 23: a failed submit moves focus to the first field in error.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Sends the form empty and waits for its validation messages; focus moves to the first field in error. */
async function submitEmpty(page: Page) {
  await page.getByRole('main').locator('form button[type="submit"]').last().click();
  await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeFocused();
}

for (const viewport of VIEWPORTS) {
  test.describe(`form errors at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin’s create forms in their error state', async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      const merchantPath = await openMerchant(page, 'Demo Motors');
      const forms = [
        ['create customer', `${merchantPath}/customers/create`],
        ['create location', '/locations/create'],
        ['create owner', `${merchantPath}/owners/create`],
        ['create merchant account', `${merchantPath}/locations/merchant-accounts/create`],
        ['create role', `${merchantPath}/settings/roles/create`],
      ] as const;
      for (const [screen, path] of forms) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await submitEmpty(page);
        await expectNoSeriousViolations(page, `${screen} (errors)`);
      }
    });

    test('a super user’s create merchant form in its error state', async ({ page }) => {
      await signIn(page, 'super@demo.test');
      await page.goto('/merchants/create');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await submitEmpty(page);
      await expectNoSeriousViolations(page, 'create merchant (errors)');
    });

    test('the roles page’s alert link reads at 4.5:1', async ({ page }) => {
      await signIn(page, 'admin@demo.test');
      const merchantPath = await openMerchant(page, 'Demo Motors');
      await page.goto(`${merchantPath}/settings/roles`);
      await expect(page.getByRole('link', { name: 'General settings' })).toBeVisible();
      await expectNoSeriousViolations(page, 'settings roles (custom roles off)');
    });
  });
}
