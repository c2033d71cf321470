import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// Customers journeys on the demo data (200 customers at Demo Motors): create, find by a formatted phone number,
// notes, an opt-in through "I'm Sure", removal with the history kept; axe on the list and the customer page.

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
  const accountNumber = `J-${Date.now()}`;
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('Amount due').fill('250.75');
  // The mailing address (its state sets the customer's quiet hours): the state from the SPEC list.
  await page.getByLabel('Address line 1').fill('12 Ocean Dr');
  await page.getByLabel('City').fill('Miami Beach');
  await page.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'Florida (FL)' }).click();
  await page.getByLabel('ZIP code').fill('33139');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByText('Miami Beach, FL 33139')).toBeVisible();

  // Find by "Last, First" and by the account number typed without its dash
  await openCustomers(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(`${lastName}, Pat`);
  await expect(page.getByRole('main').getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await search.fill(accountNumber.replace('-', '').toLowerCase());
  await expect(page.getByRole('main').getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();

  // Find by a formatted phone number
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
  // Its author edits it
  await page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit note' }).fill('Asked for a call back on Tuesday.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Asked for a call back on Tuesday.');

  // Text opt-in through "I'm Sure"
  const textOptIn = page.getByRole('switch', { name: 'Text opt-in' });
  await expect(textOptIn).not.toBeChecked();
  // The note's save refreshes the customer: switch it once the page has settled, with the keyboard (the switch's
  // input is visually hidden, so a forced click lands wherever the layout puts its box).
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(textOptIn).toBeEnabled();
  await textOptIn.focus();
  await page.keyboard.press('Space');
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
  // In words: the opt-in with the words affirmed, the note's text; no codes or ids.
  await expect(history.getByText('Opted in to text messages')).toBeVisible();
  await expect(history.getByText(/express permission to receive text messages/)).toBeVisible();
  await expect(history.getByText(/^Note: Asked for a call back on Monday\.$/)).toBeVisible();
  await expect(history.getByText('Note edited')).toBeVisible();
  await expect(
    history.getByText(/^Note: Asked for a call back on Monday\. → Asked for a call back on Tuesday\.$/),
  ).toBeVisible();
  await expect(history).not.toContainText('staff_affirmed');
  await expect(history).not.toContainText(/Note id|[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expectNoSeriousViolations(page, 'customer history');
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

/** The page must not scroll sideways: wide content (tables) scrolls inside its own box. */
async function expectNoPageOverflow(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${screen} is wider than the window`).toBeLessThanOrEqual(0);
}

/** A customer's page, found through the search across the user's merchants by its account number. */
async function openByAccount(page: Page, externalId: string): Promise<{ merchantPath: string; customerPath: string }> {
  await page.goto(`/merchants/customers?search=${externalId}`);
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('tab', { name: 'Account details' })).toBeVisible();
  const customerPath = new URL(page.url()).pathname;
  return { merchantPath: customerPath.replace(/\/customers\/[^/]+$/, ''), customerPath };
}

const WALKERS = [
  // Accounts with no co-borrower (the demo puts the next customer on every tenth account), so one customer matches.
  { email: 'admin@demo.test', account: 'DM-1003', mayChange: true },
  { email: 'staff@demo.test', account: 'DM-1004', mayChange: true },
  // The Collector custom role at Custom Roles Auto: notes, no customer changes.
  { email: 'agent@demo.test', account: 'CR-1003', mayChange: false },
] as const;

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

for (const walker of WALKERS) {
  test(`every customers screen is readable and passes axe for ${walker.email}`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, walker.email);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const check = async (screen: string) => {
        const name = `${walker.email} ${viewport.label} ${screen}`;
        await expectNoSeriousViolations(page, name);
        await expectNoPageOverflow(page, name);
        await page.screenshot({ path: testInfo.outputPath(`${name.replace(/[^\w]+/g, '-')}.png`) });
      };
      const { merchantPath, customerPath } = await openByAccount(page, walker.account);

      await page.goto(`${merchantPath}/customers`);
      await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
      await check('list');

      await page.goto(customerPath);
      await expect(page.getByRole('region', { name: `Account ${walker.account}` })).toBeVisible();
      await check('account details');
      const views = [
        ['history', 'History', page.getByRole('main').getByText('Customer created')],
        ['notes', 'Notes', page.getByRole('textbox', { name: 'New note' })],
        ['co-borrowers', 'Co-borrowers', page.getByRole('region', { name: `People on account ${walker.account}` })],
        ['payment-methods', 'Payment methods', page.getByRole('tab', { name: 'Payment methods', selected: true })],
      ] as const;
      for (const [path, label, shown] of views) {
        await page.goto(`${customerPath}/${path}`);
        await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
        await expect(shown.first()).toBeVisible();
        await check(label);
      }
      await page.goto(`${customerPath}/detail`);
      await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
      await check('full view');

      if (walker.mayChange) {
        await page.goto(customerPath);
        await page.getByRole('button', { name: 'Edit customer' }).click();
        await expect(page.getByRole('form', { name: 'Edit customer' })).toBeVisible();
        await check('edit customer');
        await page.getByRole('button', { name: `Edit account ${walker.account}` }).click();
        await expect(page.getByRole('form', { name: `Edit account ${walker.account}` })).toBeVisible();
        await check('edit account');

        await page.goto(customerPath);
        await page.getByRole('switch', { name: 'Email opt-in' }).click({ force: true });
        await expect(page.getByRole('dialog', { name: /email opt-in\?$/ })).toBeVisible();
        await check('opt-in confirmation');
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

        await page.goto(`${merchantPath}/customers/create`);
        await expect(page.getByRole('form', { name: 'Create customer' })).toBeVisible();
        await check('create');
        await page.goto(`${merchantPath}/customers/import`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check('import');
      } else {
        await expect(page.getByRole('button', { name: 'Edit customer' })).toHaveCount(0);
      }
    }
  });
}

test('an Integrated Auto customer opens checked against FreshBooks, readable on a phone', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await openByAccount(page, 'IA-1003');
  await expect(page.getByRole('status', { name: 'FreshBooks check' })).toContainText('Up to date with FreshBooks.');
  await expectNoSeriousViolations(page, 'integrated customer (phone)');
  await expectNoPageOverflow(page, 'integrated customer (phone)');
});
