import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/journeys';

// Issue 16 item 20: a navigation sends each API read once (the customers list, locations, tags, recently viewed,
// and the customer with checkIntegration=true were each sent twice).

/** Counts the GET requests to /api/ from now on, by path and query. */
function countReads(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    const key = `${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

function repeated(counts: Map<string, number>): string[] {
  return [...counts].filter(([, count]) => count > 1).map(([key, count]) => `${key} ×${count}`);
}

test('opening the customers list and a customer reads each thing once', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const listReads = countReads(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...listReads.keys()].some((key) => /\/customers\/\?/.test(key))).toBe(true);
  expect(repeated(listReads)).toEqual([]);

  const customerReads = countReads(page);
  await page.getByRole('main').getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...customerReads.keys()].some((key) => key.includes('checkIntegration=true'))).toBe(true);
  expect(repeated(customerReads)).toEqual([]);
});
