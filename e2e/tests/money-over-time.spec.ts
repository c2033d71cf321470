import { expect, test } from '@playwright/test';
import {
  addCard,
  chooseMerchant,
  createOwingCustomer,
  expectNoSeriousViolations,
  openAccountTab,
  signIn,
} from '../support/journeys';

// Money over weeks, on the sandbox processor: a declined card lands on /failed-payments and is retried there from
// another card; a payment scheduled for a later day shows on the account and can be cancelled.

test('a declined payment is retried from /failed-payments with another card', async ({ page }) => {
  const lastName = `Declined${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  await chooseMerchant(page);
  await createOwingCustomer(page, { firstName: 'Robin', lastName, amountDue: '300.00' });
  const customerURL = page.url();
  await addCard(page, { number: '4000 0000 0000 9995', nickname: 'Low funds' });
  await addCard(page, { number: '4242 4242 4242 4242', nickname: 'Good card' });

  await openAccountTab(page);
  await page.getByRole('button', { name: /^Take payment on account/ }).click();
  const take = page.getByRole('dialog', { name: /^Take a payment/ });
  await take.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: /^Low funds/ }).click();
  await take.getByRole('textbox', { name: /^Amount/ }).fill('120');
  await take.getByRole('button', { name: /^Pay / }).click();
  await expect(take.getByRole('alert')).toContainText('insufficient funds');
  await take.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/failed-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed payments' })).toBeVisible();
  const retryButton = page.getByRole('button', { name: `Retry the $120.00 payment of Robin ${lastName}` });
  await expect(retryButton).toBeVisible();
  await expectNoSeriousViolations(page, 'failed payments');
  await retryButton.click();
  const retry = page.getByRole('dialog', { name: 'Retry payment' });
  await expect(retry).toContainText('insufficient funds');
  await retry.getByRole('combobox', { name: 'Pay with' }).click();
  await page.getByRole('option', { name: /^Good card/ }).click();
  await retry.getByRole('button', { name: 'Retry $120.00' }).click();
  await expect(page.getByText(/^Payment of \$120\.00 taken$/)).toBeVisible();
  await expect(retryButton).toBeHidden();

  await page.goto(customerURL);
  await openAccountTab(page);
  await expect(page.getByText('$180.00').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transactions' }).getByText('Paid', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/failed-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed payments' })).toBeVisible();
  await expectNoSeriousViolations(page, 'failed payments at 390 px');
});

test('a payment scheduled for a later day shows on the account and can be cancelled', async ({ page }) => {
  const lastName = `Scheduled${Date.now()}`;
  await signIn(page, 'admin@demo.test');
  await chooseMerchant(page);
  await createOwingCustomer(page, { firstName: 'Robin', lastName, amountDue: '300.00' });
  await addCard(page, { number: '4242 4242 4242 4242', nickname: 'Visa' });
  await openAccountTab(page);

  const section = page.getByRole('region', { name: 'Scheduled payments' });
  await section.getByRole('button', { name: /^Schedule a payment on account/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Schedule a payment on account/ });
  await dialog.getByRole('combobox', { name: /^Payment method/ }).click();
  await page.getByRole('option', { name: /^Visa/ }).click();
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('75');
  const later = new Date(Date.now() + 10 * 86_400_000);
  const typed = `${String(later.getMonth() + 1).padStart(2, '0')}/${String(later.getDate()).padStart(2, '0')}/${later.getFullYear()}`;
  await dialog.getByRole('textbox', { name: /^Date/ }).fill(typed);
  await dialog.getByRole('textbox', { name: /^Date/ }).press('Tab');
  await expectNoSeriousViolations(page, 'schedule payment');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText(`Payment of $75.00 scheduled for ${typed}`)).toBeVisible();
  await expect(section.getByText('$75.00')).toBeVisible();
  // Scheduling takes nothing now: the account still owes all of it.
  await expect(page.getByText('$300.00').first()).toBeVisible();

  await section.getByRole('button', { name: `Cancel the payment scheduled for ${typed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel scheduled payment?' });
  await expect(confirm).toContainText(`The payment of $75.00 scheduled for ${typed} will not be taken.`);
  await confirm.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByText('Scheduled payment cancelled')).toBeVisible();
  await expect(section.getByText('Cancelled')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'account with a cancelled scheduled payment at 390 px');
});
