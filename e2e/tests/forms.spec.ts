import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Form behaviour of issue 7 (items 17, 20): error toasts for requests that get no answer, where toasts sit (issue 16 item 19: bottom centre), and the
// logo URL field. Runs at a desktop and a phone width.

const DEFAULT_ERROR_MESSAGE = 'Oops! Something Went Wrong....';

async function openMerchantSettings(page: Page, merchantName: string) {
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: merchantName })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/?$/);
}

/** Where an element sits on the page (not in the viewport, which scrolls when a button is clicked). */
async function readPagePosition(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY };
  });
}

async function readBox(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a save that gets no answer toasts the default message, clear of the Save button', async ({ page }) => {
      await signIn(page, 'admin@demo.test', '/merchants');
      await openMerchantSettings(page, 'Custom Roles Auto');
      await page.goto(`${new URL(page.url()).pathname.replace(/\/$/, '')}/roles/create`);
      await page.getByLabel('Role name').fill(`Offline ${Date.now()}`);
      await page.route('**/api/merchants/*/roles/', (route) =>
        route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
      );

      const save = page.getByRole('button', { name: 'Create role' });
      await save.click();

      const toast = page.locator('.mantine-Notification-root').filter({ hasText: DEFAULT_ERROR_MESSAGE });
      await expect(toast).toBeVisible();
      await expect(page.getByText('Failed to fetch')).toHaveCount(0);
      expect(overlaps(await readBox(toast), await readBox(save))).toBe(false);
      // SPEC §9: bottom centre.
      const box = await readBox(toast);
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);

      // The Dismiss label is whole, not cut to "Dismi".
      const dismiss = toast.getByRole('button', { name: 'Dismiss' });
      const label = dismiss.locator('.mantine-Button-label');
      const { scrollWidth, clientWidth } = await label.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await dismiss.click();
      await expect(toast).toHaveCount(0);
    });

    test('the logo URL takes a localhost address, and its preview stays put when the error shows', async ({ page }) => {
      await signIn(page, 'admin@demo.test', '/merchants');
      await openMerchantSettings(page, 'Integrated Auto');
      const logo = page.getByRole('textbox', { name: 'Logo URL' });
      const preview = page.getByTestId('logo-row').locator('.mantine-Avatar-root');
      await logo.fill('not a url');
      const before = await readPagePosition(preview);

      await page.getByRole('button', { name: 'Save changes' }).click();

      await expect(page.getByText('Must be a valid URL')).toBeVisible();
      expect(await readPagePosition(preview)).toEqual(before);

      await logo.fill(`http://localhost:${viewport.width}/logo.png`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Merchant saved')).toBeVisible();
      await expect(page.getByText('Must be a valid URL')).toHaveCount(0);
    });
  });
}
