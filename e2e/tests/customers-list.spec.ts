import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openMerchant, signIn } from '../support/journeys';

// Issue 16 item 13: the customers list at 1280×800 shows at least 10 whole rows (no badge cut to "ACT…", no phone
// wrapped, nothing behind a sideways scroll), keeps its header in sight, and the whole row opens the customer.

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the customers list shows 10 whole rows at 1280×800, a sticky header, and rows that open', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    const merchantPath = await openMerchant(page, 'Demo Motors');
    // A customer viewed first, so the Recently viewed bar takes its room as it does in use.
    await page.goto(`${merchantPath}/customers`);
    await page.getByRole('main').getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
    await page.goto(`${merchantPath}/customers`);
    await expect(page.getByRole('navigation', { name: 'Recently viewed customers' })).toBeVisible();
    await expect(page.getByText(/^\d+ customers$/)).toBeVisible();

    const rows = page.getByRole('main').locator('tbody tr');
    await expect(rows.nth(20)).toBeAttached();
    const wholeRowsInView = await rows.evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(wholeRowsInView).toBeGreaterThanOrEqual(10);

    // Every value whole: no cell or badge narrower than its content, no sideways scroll.
    const cut = await page
      .getByRole('main')
      .locator('tbody td, tbody .mantine-Badge-label')
      .evaluateAll((elements) =>
        elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent),
      );
    expect(cut).toEqual([]);
    // Phone numbers on one line: their text makes a single line box.
    const phoneLines = await page
      .getByRole('main')
      .locator('tbody td')
      .filter({ hasText: /^\(\d{3}\) \d{3}-\d{4}$/ })
      .evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
        }),
      );
    expect(phoneLines.length).toBeGreaterThan(0);
    expect(phoneLines.every((lines) => lines === 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const sortButtonHeights = await page
      .getByRole('main')
      .locator('thead button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(Math.min(...sortButtonHeights)).toBeGreaterThanOrEqual(24);

    // The header stays in sight under the app header when the list scrolls.
    await page.mouse.wheel(0, 600);
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .locator('thead')
          .evaluate((head) => head.getBoundingClientRect().top),
      )
      .toBeLessThanOrEqual(64);
    const headTop = await page
      .getByRole('main')
      .locator('thead')
      .evaluate((head) => head.getBoundingClientRect().top);
    expect(headTop).toBeGreaterThanOrEqual(60);
    await expectNoSeriousViolations(page, 'customers list (scrolled)');

    // A click anywhere on a row opens its customer; so does Enter on its name.
    const second = rows.nth(1);
    const name = (await second.getByRole('link').first().textContent()) ?? '';
    await second.locator('td').last().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    const third = rows.nth(2);
    const thirdName = (await third.getByRole('link').first().textContent()) ?? '';
    await third.getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: thirdName })).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the customers list stays cards without a sideways scroll', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    const merchantPath = await openMerchant(page, 'Demo Motors');
    await page.goto(`${merchantPath}/customers`);
    await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
    const head = await page
      .getByRole('main')
      .locator('thead')
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(head).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'customers list (phone)');

    // Tap targets at least 24 px tall (issue 16 item 23): the breadcrumbs and "Open the full view".
    await page.getByRole('main').getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
    const targets = [
      page.getByRole('main').getByRole('link', { name: 'Customers', exact: true }),
      page.getByRole('link', { name: 'Open the full view' }),
    ];
    for (const target of targets) expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(24);
  });
});
