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
