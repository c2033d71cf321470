import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// The app shell on a phone (390 px) and who may see it: lists stay readable, the header names the merchant, and a
// user without roles sees nothing but the unauthorized page.

/** The element lies wholly inside the viewport's width (nothing scrolled off to the side). */
async function expectWithinViewport(page: Page, locator: ReturnType<Page['getByText']>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the users list shows each user's role, status and actions within the screen", async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/merchants');
    await page.getByRole('main').getByRole('link', { name: 'Demo Motors', exact: true }).click();
    await expect(page).toHaveURL(/\/merchants\/[^/]+$/);
    await page.goto(`${new URL(page.url()).pathname}/settings/users`);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    // The merchant the page is about is the current one, named in the header.
    await expectWithinViewport(page, page.getByRole('banner').getByText('Demo Motors'));

    const staffRow = page.getByRole('row').filter({ hasText: 'staff@demo.test' });
    await expectWithinViewport(page, staffRow.getByText('Staff', { exact: true }));
    await expectWithinViewport(page, staffRow.getByText('Active', { exact: true }));
    await expectWithinViewport(page, staffRow.getByRole('button', { name: /^Disable / }));
    await expectWithinViewport(page, staffRow.getByText('staff@demo.test'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the merchants and roles lists fit the screen', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/merchants');
    const row = page.getByRole('row').filter({ hasText: 'Custom Roles Auto' });
    await expectWithinViewport(page, row.getByText('Demo Auto Group'));
    await expectWithinViewport(page, row.getByText('Custom roles', { exact: true }));

    await row.getByRole('link', { name: 'Custom Roles Auto' }).click();
    await expect(page).toHaveURL(/\/merchants\/[^/]+$/);
    await page.goto(`${new URL(page.url()).pathname}/settings/roles`);
    const role = page.getByRole('row').filter({ hasText: 'Collector' });
    await expectWithinViewport(page, role.getByText(/ of 13$/));
    await expectWithinViewport(page, role.getByText(/^Up to |^No limits$|^From |–/));
  });
});

test('a user without roles sees only the unauthorized page, and logs out from it', async ({ page }) => {
  await signIn(page, 'noroles@demo.test');
  await expect(page).toHaveURL(/\/unauthorized$/);

  for (const path of ['/', '/merchants', '/merchants/create', '/no/such/page']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: "You don't have access yet" })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user on an unknown or unbuilt page keeps the navigation', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  // A SPEC screen no issue has built yet (automatic messages).
  await page.goto('/auto-messages');

  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Merchants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
});

test("another merchant's settings show one clean Page Not Found", async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  // Staff work at Demo Motors only; a made-up merchant id is as foreign as a real one of another organisation.
  await page.goto(`/merchants/00000000-0000-4000-8000-000000000000/settings/users`);

  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('an admin starts the next session on the merchant they used last', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const switchTo = async (name: string) => {
    const remembered = page.waitForResponse(
      (response) => response.url().endsWith('/api/profile/last_merchant/') && response.status() === 204,
    );
    await page.getByRole('combobox', { name: 'Current merchant' }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText(name);
    await remembered;
  };
  await switchTo('Integrated Auto');

  await page.getByRole('button', { name: 'User menu of Avery Admin' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Integrated Auto');

  // Back on the first of the admin's merchants, where a session without a remembered merchant starts.
  await switchTo('Custom Roles Auto');
});

test('Home cards show a focus ring when reached by keyboard', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
  const card = page.getByRole('main').getByRole('link', { name: 'Customers' });
  await card.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
  const outline = await card.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
