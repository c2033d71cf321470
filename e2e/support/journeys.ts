import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every demo user's password (apps/api/src/db/demo/identity.ts). */
export const PASSWORD = 'Paydesk!2026';

/**
 * Signs in through the login screen. With `next`, asks Login to go there and waits until it has; without, waits
 * until the app has left Login for wherever the user lands.
 */
export async function signIn(page: Page, email: string, next?: string) {
  await page.goto(next === undefined ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  if (next === undefined) await expect(page).not.toHaveURL(/\/login/);
  else await expect(page).toHaveURL(new RegExp(`${next}$`));
}

/** Opens the merchant from the merchants list (which makes it the current one) and gives its path, `/merchants/<id>`. */
export async function openMerchant(page: Page, merchantName: string): Promise<string> {
  await page.goto('/merchants');
  await page.getByRole('main').getByRole('link', { name: merchantName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: merchantName })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Picks an option of a select or combobox by their accessible names. */
export async function choose(page: Page, field: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Runs axe on the page once loaders are gone and transitions have settled; fails on serious or critical findings. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  // No hover colours under the pointer of the last click, and modals or tabs done moving.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  // Every transition at its end state while axe reads colours: a toast fading in or out mid-scan reads as grey
  // text (black at a quarter opacity: 1.8:1), though neither of its resting states is.
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page }).analyze();
  await settled.evaluate((node) => node.parentNode?.removeChild(node));
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`)
          .join(', ')}`,
    );
  expect(blocking).toEqual([]);
}

/** Makes `merchantName` (the demo's card merchant, Demo Motors, unless named) the current merchant from the header. */
export async function chooseMerchant(page: Page, merchantName = 'Demo Motors') {
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: merchantName, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText(merchantName);
}

type OwingCustomer = {
  firstName: string;
  lastName: string;
  /** Dollars, as typed: `250.00`. */
  amountDue: string;
  convenienceFee?: string;
  /** Ten digits, as typed. */
  mobilePhone?: string;
  /** Ticks Text opt-in and confirms it (needs `mobilePhone`). */
  textOptIn?: boolean;
};

/**
 * Creates a customer at Main St (the current merchant's card location) owing `amountDue` on a new account, from the
 * Customers screen, and waits for the customer's page.
 */
export async function createOwingCustomer(page: Page, customer: OwingCustomer) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Create customer' }).click();
  await page.getByLabel('First name').fill(customer.firstName);
  await page.getByLabel('Last name').fill(customer.lastName);
  if (customer.mobilePhone) await page.getByLabel('Mobile phone').fill(customer.mobilePhone);
  const location = page.getByRole('combobox', { name: /^Location/ });
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ label: 'Main St' });
  await page.getByLabel('Account number').fill(`${customer.lastName.slice(0, 2).toUpperCase()}-${Date.now()}`);
  await page.getByLabel('Amount due').fill(customer.amountDue);
  if (customer.convenienceFee) await page.getByLabel('Convenience fee').fill(customer.convenienceFee);
  if (customer.textOptIn) await page.getByRole('checkbox', { name: 'Text opt-in' }).check();
  await page.getByRole('button', { name: 'Create customer' }).click();
  if (customer.textOptIn)
    await page.getByRole('dialog', { name: 'Turn on text opt-in?' }).getByRole('button', { name: "I'm Sure" }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${customer.firstName} ${customer.lastName}` }),
  ).toBeVisible();
}

/** Adds a card (expiry 12/30, CVC 123) on the customer's Payment methods tab, through the sandbox tokeniser. */
export async function addCard(page: Page, { number = '4242 4242 4242 4242', nickname = 'Visa' } = {}) {
  await page.getByRole('tab', { name: 'Payment methods' }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add card' });
  await dialog.getByLabel(/^Card number/).fill(number);
  await dialog.getByLabel(/^Expiry/).fill('12/30');
  await dialog.getByLabel(/^Security code/).fill('123');
  await dialog.getByLabel('Nickname').fill(nickname);
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${nickname} XXXX${number.replace(/\D/g, '').slice(-4)}`).first()).toBeVisible();
}

/** Opens the customer's (first) account tab. */
export async function openAccountTab(page: Page) {
  await page
    .getByRole('tab', { name: /^Account/ })
    .first()
    .click();
}
