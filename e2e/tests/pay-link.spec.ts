import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from '../support/journeys';

// A payment link (issue 19 items 6 and 7): staff send it from the account page, the customer opens it on a 390 px
// phone and pays by card through the sandbox tokeniser, with the fee shown before paying; the link is then used up.

test('pay link: send a link from the account, pay it on a phone with 4242 4242 4242 4242', async ({
  page,
  browser,
}) => {
  const lastName = `Linked${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  await page.getByRole('combobox', { name: 'Current merchant' }).click();
  await page.getByRole('option', { name: 'Demo Motors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Current merchant' })).toContainText('Demo Motors');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Create customer' }).click();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(lastName);
  const location = page.getByRole('combobox', { name: /^Location/ });
  await expect(location.locator('option')).not.toHaveCount(1);
  await location.selectOption({ label: 'Main St' });
  await page.getByLabel('Account number').fill(`L-${Date.now()}`);
  await page.getByLabel('Amount due').fill('250.00');
  await page.getByLabel('Convenience fee').fill('2.95');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Robin ${lastName}` })).toBeVisible();

  await page.getByRole('button', { name: /^Send payment link for account/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment link' });
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const linkField = dialog.getByLabel('Payment link');
  await expect(linkField).toHaveValue(/\/pay\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();

  // The customer's phone: no session, a 390 px wide screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pay = await phone.newPage();
  await pay.goto(link);
  await expect(pay.getByRole('heading', { name: 'Demo Motors' })).toBeVisible();
  await expect(pay.getByText('Hi Robin,')).toBeVisible();
  await expect(pay.getByText('$250.00')).toBeVisible();
  await expect(pay.getByText(lastName)).toHaveCount(0);
  await expectNoSeriousViolations(pay, 'pay page');
  await pay.getByLabel('Amount ($)').fill('100.00');
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM/YY)').fill('12/30');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: 'Continue' }).click();
  await expect(pay.getByText('Convenience fee')).toBeVisible();
  await expect(pay.getByText('$2.95')).toBeVisible();
  await pay.getByRole('button', { name: 'Pay $102.95' }).click();
  await expect(pay.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(pay.getByText('$102.95')).toBeVisible();
  // The page fits the phone: nothing wider than the screen.
  expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Used: opening it again says so.
  await pay.reload();
  await expect(pay.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await phone.close();

  // The account owes the rest.
  await page.reload();
  await expect(page.getByText('$150.00').first()).toBeVisible();
});
