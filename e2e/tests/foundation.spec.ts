import { expect, test } from '@playwright/test';

test('an unknown page shows Page Not Found with a way to Login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to Login' })
    .or(page.getByRole('button', { name: 'Go to Login' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown API path is a JSON 404', async ({ request }) => {
  const response = await request.get('/api/no/such/thing/');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
});

test('health reports the database ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});

test('the API docs UI lists the API', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Paydesk API')).toBeVisible();
});
