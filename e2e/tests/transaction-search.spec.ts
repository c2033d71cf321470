import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  addCard,
  chooseMerchant,
  createOwingCustomer,
  expectNoSeriousViolations,
  openAccountTab,
  signIn,
} from '../support/journeys';

// Issue 18 item 10: the transaction search. A payment is taken on a new customer (sandbox processor), found by
// status, today's date and the customer's name, sorted, and exported as CSV; a legacy-app user lands on the legacy
// report after signing in (SPEC §2 login 3 and guard 4).

/** Today as MM/DD/YYYY in the merchant's zone (the demo merchants' zone is America/New_York). */
function today(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

test('search transactions by status and date and export the CSV', async ({ page }) => {
  const lastName = `Searcher${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  await chooseMerchant(page);

  // A customer with a card and a $40.00 payment
  await createOwingCustomer(page, { firstName: 'Sid', lastName, amountDue: '100.00' });
  await addCard(page);
  await openAccountTab(page);
  await page.getByRole('button', { name: /^Take payment on account/ }).click();
  const take = page.getByRole('dialog', { name: /^Take a payment/ });
  await take.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: 'Visa XXXX4242' }).click();
  await take.getByRole('textbox', { name: /^Amount/ }).fill('40');
  await take.getByRole('button', { name: 'Pay $40.00' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByText('$40.00').first()).toBeVisible();
  await receipt.getByRole('button', { name: 'Close' }).click();

  // The search: Paid, today, the customer's name; all of it in the URL
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transaction-search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction search' })).toBeVisible();
  // The filters are chosen while the typed search waits for its debounce: none of them undoes another.
  await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
  const day = today();
  await page.getByRole('textbox', { name: 'Start date' }).fill(day);
  await page.getByRole('textbox', { name: 'Start date' }).press('Enter');
  await page.getByRole('textbox', { name: 'End date' }).fill(day);
  await page.getByRole('textbox', { name: 'End date' }).press('Enter');
  await page.getByPlaceholder('Any status').click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
  await expect(page).toHaveURL(/status=PAID/);
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.getAll('status')).toEqual(['PAID']);
  expect(url.searchParams.get('search')).toBe(lastName);
  expect(url.searchParams.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const row = page.getByRole('main').getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText(day);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$40.00');
  await page.getByRole('button', { name: 'Total' }).click();
  await expect(page).toHaveURL(/ordering=total_amount/);
  await expectNoSeriousViolations(page, 'transaction search at 1280 px');

  // The filters survive a reload; Failed finds nothing for this customer
  await page.reload();
  await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toContain('Date,Status,Customer');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${day},PAID,Sid ${lastName}`);
  expect(lines[1]).toContain('40.00');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'transaction search at 390 px');
});

test('sign in as the legacy user and land on the legacy report', async ({ page }) => {
  await signIn(page, 'legacy@demo.test');
  await expect(page).toHaveURL(/\/transaction-report-legacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction report' })).toBeVisible();
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transactions' }),
  ).toHaveAttribute('href', '/transaction-report-legacy');
  await expectNoSeriousViolations(page, 'legacy transaction report at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'legacy transaction report at 390 px');
});
