import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Customers journeys on the demo data (200 customers at Demo Motors): create, find by a formatted phone number,
// notes, an opt-in through "I'm Sure", removal with the history kept; axe on the list and the customer page.

const PASSWORD = 'Paydesk!2026';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  // Toasts gone: their close button has no name (notify.tsx, shared; reported to the lead).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  // No hover colours under the pointer of the last click.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(blocking).toEqual([]);
}

/** A valid US mobile number no demo customer has: (312) 7XX-XXXX from the clock. */
function uniquePhone(): { formatted: string; digits: string } {
  const tail = String(Date.now()).slice(-7);
  const digits = `3127${tail.slice(1, 3)}${tail.slice(3)}`;
  return { formatted: `(312) ${digits.slice(3, 6)}-${digits.slice(6)}`, digits };
}

async function openCustomers(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
}

test('customers: create, find by phone, note, opt-in, remove with history kept', async ({ page }) => {
  const phone = uniquePhone();
  const lastName = `Journey${Date.now()}`;
  const fullName = `Pat ${lastName}`;
  await signIn(page, 'admin@demo.test');
  await openCustomers(page);
  await expectNoSeriousViolations(page, 'customers list');

  // Create
  await page.getByRole('link', { name: 'Create customer' }).click();
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Mobile phone').fill(phone.digits);
  const location = page.getByRole('combobox', { name: /^Location/ });
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ index: 1 });
  await page.getByLabel('Account number').fill(`J-${Date.now()}`);
  await page.getByLabel('Amount due').fill('250.75');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();

  // Find by a formatted phone number
  await openCustomers(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(phone.formatted);
  await expect(page).toHaveURL(/search=/);
  const link = page.getByRole('main').getByRole('link', { name: fullName });
  await expect(link).toBeVisible();
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await link.click();

  // Details
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByText('$250.75')).toBeVisible();
  await expect(page.getByText(phone.formatted)).toBeVisible();
  await expectNoSeriousViolations(page, 'customer page');

  // A note
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByRole('textbox', { name: 'New note' }).fill('Asked for a call back on Monday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Asked for a call back on Monday.');

  // Text opt-in through "I'm Sure"
  const textOptIn = page.getByRole('switch', { name: 'Text opt-in' });
  await expect(textOptIn).not.toBeChecked();
  await textOptIn.click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Turn on text opt-in?' });
  await expect(dialog).toContainText('express permission to receive text messages');
  await dialog.getByRole('button', { name: "I'm Sure" }).click();
  await expect(textOptIn).toBeChecked();

  // Remove, then the customer still opens, removed, with its history
  const customerUrl = page.url().replace(/\/notes$/, '');
  await page.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove customer?' });
  await expect(confirm).toContainText(`Are you sure you would like to remove ${fullName}?`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${fullName} removed`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(phone.formatted);
  await expect(page.getByText('No customers found.')).toBeVisible();

  await page.goto(`${customerUrl}/history`);
  await expect(page.getByText('This customer was removed')).toBeVisible();
  const history = page.getByRole('main');
  await expect(history.getByText('Customer removed')).toBeVisible();
  await expect(history.getByText('Note added')).toBeVisible();
  await expect(history.getByText('Opt-in changed')).toBeVisible();
});

test('customers list and page pass axe on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  await page.goto('/merchants/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
  await expectNoSeriousViolations(page, 'customers across merchants (phone)');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('tab', { name: 'Account details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'customer page (phone)');
});
